import { api } from '@/lib/api-client';
import { tokenStore } from '@/lib/token-store';
import type { LoginRequest, Session } from '@/types/api';

export type LoginInput = LoginRequest;
export type LoginResponse = Session;

/** Signs in and keeps the token; the caller then does a full load of '/'. */
export async function login(input: LoginInput): Promise<LoginResponse> {
  const response = await api.post<LoginResponse>('/api/auth/login', input);
  tokenStore.set(response.token);
  return response;
}
