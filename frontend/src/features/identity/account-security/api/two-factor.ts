// Two-factor sign-in (TOTP) of the signed-in user: set-up, confirmation, recovery codes, turning off.
import { api } from '@/lib/api-client';
import type { MessageResponse, MfaSetup, RecoveryCodes } from '@/types/api';

/** Starts set-up: a new secret and its otpauth:// URL (for the QR code). */
export const startTwoFactorSetup = () => api.post<MfaSetup>('/api/auth/mfa/setup');

/** Confirms set-up with a code from the app; answers the 10 recovery codes (shown once). */
export const enableTwoFactor = (code: string) =>
  api.post<RecoveryCodes>('/api/auth/mfa/enable', { code });

/** A new set of recovery codes; the old ones stop working. */
export const newRecoveryCodes = (code: string) =>
  api.post<RecoveryCodes>('/api/auth/mfa/recovery-codes', { code });

export const disableTwoFactor = (code: string) =>
  api.post<MessageResponse>('/api/auth/mfa/disable', { code });
