import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { MessageResponse } from '@/types/api';
import { usersPath } from '@/features/identity/users/api/get-users';

/** Turns off a user's two-factor sign-in (admins only); they set it up again at their next sign-in. */
export const resetTwoFactor = (userId: number) =>
  api.post<MessageResponse>(`/api/users/${userId}/mfa-reset`);

export function useResetTwoFactor() {
  const revalidate = useRevalidate();
  return async (userId: number) => {
    const result = await resetTwoFactor(userId);
    await revalidate(usersPath);
    return result;
  };
}
