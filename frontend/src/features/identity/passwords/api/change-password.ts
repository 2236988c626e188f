import { api } from '@/lib/api-client';
import { tokenStore } from '@/lib/token-store';
import type { ChangeOwnPasswordRequest, Session } from '@/types/api';

export type ChangePasswordResponse = Session;

/** Sets a new password; the server revokes the old token and answers a fresh one, kept here. */
export async function changeTemporaryPassword(
  newPassword: string,
): Promise<ChangePasswordResponse> {
  const response = await api.post<ChangePasswordResponse>('/api/auth/change-password-temp', {
    newPassword,
  });
  if (response?.token) tokenStore.setSession(response);
  return response;
}

/**
 * Changes the caller's password with the current one. The server signs out every other session and
 * answers a fresh session for this one, kept here.
 */
export async function changeOwnPassword(input: ChangeOwnPasswordRequest): Promise<Session> {
  const response = await api.post<Session>('/api/auth/change-password', input);
  if (response?.token) tokenStore.setSession(response);
  return response;
}
