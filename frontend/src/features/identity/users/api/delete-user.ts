import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { MessageResponse } from '@/types/api';
import { usersPath } from '@/features/identity/users/api/get-users';

export const deleteUser = (id: number) => api.delete<MessageResponse>(`${usersPath}/${id}`);

export function useDeleteUser() {
  const revalidate = useRevalidate();
  return async (id: number) => {
    await deleteUser(id);
    await revalidate(usersPath, '/api/trustees/active', '/api/dashboard/stats');
  };
}
