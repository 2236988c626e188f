// Confirming it is you (spec: Account security > Confirming it is you): the password again, so that for
// the next 5 minutes this session may change how its user signs in.
import { api, ApiError } from '@/lib/api-client';
import type { MessageResponse } from '@/types/api';

/** The server's refusal of a change that needs a recent password. */
export const CONFIRM_IT_IS_YOU = 'Confirm your password to continue.';

export const reauthenticate = (password: string) =>
  api.post<MessageResponse>('/api/auth/reauthenticate', { password });

/** The server asks for the password before it makes this change. */
export const needsConfirmation = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.serverMessage === CONFIRM_IT_IS_YOU;
