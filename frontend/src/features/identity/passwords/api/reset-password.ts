import { api } from '@/lib/api-client';

import type { AcceptInvitationRequest, MessageResponse, ResetPasswordRequest } from '@/types/api';

/** Sets a new password with the single-use token from the e-mailed link; answers the server's message. */
export async function resetPassword(token: string, newPassword: string): Promise<string> {
  const response = await api.post<MessageResponse>('/api/auth/reset-password', {
    token,
    newPassword,
  } satisfies ResetPasswordRequest);
  return response?.message ?? 'Your password has been changed. Sign in with your new password.';
}

/** Sets an invited user's first password with the token of the invitation link; answers the message. */
export async function acceptInvitation(token: string, newPassword: string): Promise<string> {
  const response = await api.post<MessageResponse>('/api/auth/accept-invitation', {
    token,
    newPassword,
  } satisfies AcceptInvitationRequest);
  return (
    response?.message ??
    'Your password is set. Sign in with your e-mail address and your new password.'
  );
}
