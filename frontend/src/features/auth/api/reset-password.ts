import { api } from '@/lib/api-client';

type MessageBody = { message: string };

/** Sets a new password with the single-use token from the e-mailed link; answers the server's message. */
export async function resetPassword(token: string, newPassword: string): Promise<string> {
  const response = await api.post<MessageBody>('/api/auth/reset-password', { token, newPassword });
  return response?.message ?? 'Your password has been changed. Sign in with your new password.';
}
