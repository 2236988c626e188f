import { request } from '@/lib/api-client';

export const DEFAULT_RESET_MESSAGE =
  'If an account with this email exists, password reset instructions would be sent to that email address.';

/** Logs a reset request for admin review; answers the message to show. */
export async function requestPasswordReset(email: string): Promise<string> {
  let res: Response;
  try {
    res = await request('/api/auth/forgot-password', { method: 'POST', body: { email } });
  } catch {
    throw new Error('Reset request failed');
  }
  try {
    const body = (await res.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : DEFAULT_RESET_MESSAGE;
  } catch {
    return DEFAULT_RESET_MESSAGE;
  }
}
