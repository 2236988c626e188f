import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { User, CreateUserRequest } from '@/types/api';
import { usersPath } from '@/features/identity/users/api/get-users';

export type CreateUserInput = CreateUserRequest;

export const createUser = (input: CreateUserInput) => api.post<User>(usersPath, input);

export function useCreateUser() {
  const revalidate = useRevalidate();
  return async (input: CreateUserInput) => {
    const user = await createUser(input);
    await revalidate(usersPath, '/api/trustees/active', '/api/dashboard/stats');
    return user;
  };
}
