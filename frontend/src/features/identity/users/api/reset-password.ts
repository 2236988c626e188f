import type { AdminReset } from '@/types/api';
import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import { usersPath } from '@/features/identity/users/api/get-users';
import { resetRequestsPath } from '@/features/identity/users/api/get-reset-requests';

export type AdminResetResponse = AdminReset;

export const resetPassword = (userId: number) =>
  api.post<AdminResetResponse>('/api/auth/admin-reset-password', { userId });

export function useResetPassword() {
  const revalidate = useRevalidate();
  return async (userId: number) => {
    const result = await resetPassword(userId);
    await revalidate(resetRequestsPath, usersPath);
    return result;
  };
}
