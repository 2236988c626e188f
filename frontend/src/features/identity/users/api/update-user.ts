import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { User, UpdateUserRequest } from '@/types/api';
import { usersPath } from '@/features/identity/users/api/get-users';

export type UpdateUserInput = UpdateUserRequest;

export const updateUser = (id: number, input: UpdateUserInput) =>
  api.put<User>(`${usersPath}/${id}`, input);

export function useUpdateUser() {
  const revalidate = useRevalidate();
  return async (id: number, input: UpdateUserInput) => {
    const user = await updateUser(id, input);
    await revalidate(usersPath, '/api/trustees/active', '/api/dashboard/stats', '/api/auth/me');
    return user;
  };
}
