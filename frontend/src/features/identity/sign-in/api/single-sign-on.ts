// Single sign-on (docs/spec.md §13 Single sign-on): whether the sign-in page offers it, and the exchange
// of the one-time code the server sends the browser back with for the usual session.
import { api } from '@/lib/api-client';
import { tokenStore } from '@/lib/token-store';
import type { LoginResponse, SsoInfo } from '@/types/api';
import { needsSecondFactor } from '@/features/identity/sign-in/api/login';

export const ssoInfoPath = '/api/auth/sso';
/** A full page load goes here: the server sends the browser on to the identity provider. */
export const ssoStartPath = '/api/auth/sso/start';

export const fetchSsoInfo = () => api.get<SsoInfo>(ssoInfoPath);

/** Answers the session (kept here) or, for an account whose second factor must follow, the challenge. */
export async function exchangeSsoCode(code: string): Promise<LoginResponse> {
  const response = await api.post<LoginResponse>('/api/auth/sso/exchange', { code });
  if (!needsSecondFactor(response)) tokenStore.setSession(response);
  return response;
}
