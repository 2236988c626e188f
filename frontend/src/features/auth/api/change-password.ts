import { api } from '@/lib/api-client';
import { tokenStore } from '@/lib/token-store';
import type { Session } from '@/types/api';

export type ChangePasswordResponse = Session;

/** Sets a new password; the server revokes the old token and answers a fresh one, kept here. */
export async function changeTemporaryPassword(
  newPassword: string,
): Promise<ChangePasswordResponse> {
  const response = await api.post<ChangePasswordResponse>('/api/auth/change-password-temp', {
    newPassword,
  });
  if (response?.token) tokenStore.set(response.token);
  return response;
}
