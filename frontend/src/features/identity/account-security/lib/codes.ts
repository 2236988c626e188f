// The codes of two-factor sign-in: 6 digits from the authenticator app, or a recovery code xxxxx-xxxxx.
import * as yup from 'yup';

/** Without the spaces people type or paste inside a code. */
export const normaliseCode = (code: string): string => code.replace(/\s+/g, '');

export const totpCodeRule = () =>
  yup
    .string()
    .required('Enter the 6-digit code from your app.')
    .test('digits', 'The code is 6 digits.', (value) => /^\d{6}$/.test(normaliseCode(value ?? '')));

export const recoveryCodeRule = () =>
  yup
    .string()
    .required('Enter one of your recovery codes.')
    .test('format', 'A recovery code looks like abcde-12345.', (value) =>
      /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(normaliseCode(value ?? '')),
    );
