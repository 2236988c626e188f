import { api } from '@/lib/api-client';
import { tokenStore } from '@/lib/token-store';
import type { User } from '@/types/api';

export type LoginInput = { email: string; password: string };
export type LoginResponse = { token: string; user: User };

/** Signs in and keeps the token; the caller then does a full load of '/'. */
export async function login(input: LoginInput): Promise<LoginResponse> {
  const response = await api.post<LoginResponse>('/api/auth/login', input);
  tokenStore.set(response.token);
  return response;
}
