import { api } from '@/lib/api-client';
import { tokenStore } from '@/lib/token-store';
import type { LoginRequest, LoginResponse, MfaChallenge, Session } from '@/types/api';

export type LoginInput = LoginRequest;
export type { LoginResponse };

export const needsSecondFactor = (response: LoginResponse): response is MfaChallenge =>
  'mfaRequired' in response && response.mfaRequired === true;

/**
 * The password step. Answers the session (kept here; the caller then does a full load of '/') or, for
 * an account with two-factor sign-in, the challenge that the code step answers.
 */
export async function login(input: LoginInput): Promise<LoginResponse> {
  const response = await api.post<LoginResponse>('/api/auth/login', input);
  if (!needsSecondFactor(response)) tokenStore.setSession(response);
  return response;
}

/** The code step: a 6-digit code from the authenticator app or a recovery code; keeps the session. */
export async function verifySecondFactor(mfaToken: string, code: string): Promise<Session> {
  const session = await api.post<Session>('/api/auth/mfa/verify', { mfaToken, code });
  tokenStore.setSession(session);
  return session;
}
