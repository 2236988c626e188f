// The password rules the server enforces (spec §2): at least 8 characters, at most 72 bytes (bcrypt's
// limit), not common, not the user's name or e-mail. The form checks the first two; the server the rest.
import * as yup from 'yup';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_BYTES = 72;

export const passwordTooShort = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
export const passwordTooLong = `Password must be at most ${MAX_PASSWORD_BYTES} bytes long (${MAX_PASSWORD_BYTES} letters or digits; accented letters and emoji take more).`;
export const passwordHint = `At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong password that is easy to remember.`;
export const passwordMismatch = 'New password and confirmation password do not match.';

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

/** The new-password field: required, 8 characters, 72 bytes. */
export const newPasswordRule = () =>
  yup
    .string()
    .required('New password is required')
    .min(MIN_PASSWORD_LENGTH, passwordTooShort)
    .test('bytes', passwordTooLong, (value) => !value || utf8Bytes(value) <= MAX_PASSWORD_BYTES);

/** The confirmation field: the same as the `newPassword` field. */
export const confirmPasswordRule = () =>
  yup
    .string()
    .required('Please confirm your new password')
    .oneOf([yup.ref('newPassword')], passwordMismatch);
