// The sign-in form's rules (spec §7), checked without a schema library so that the sign-in page's first
// load carries no formik or yup (docs/performance.md). The messages are the ones the yup schema gave.

/** The HTML specification's valid e-mail address, the pattern yup's `email()` uses. */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export type SignInValues = { email: string; password: string };
export type SignInField = keyof SignInValues;
export type SignInErrors = Partial<Record<SignInField, string>>;

/** The fields in the order they appear: the first one in error takes focus. */
export const signInFields: readonly SignInField[] = ['email', 'password'];

export function validateSignIn({ email, password }: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  // The e-mail is checked trimmed, as it is sent.
  if (!EMAIL.test(email.trim())) errors.email = 'Please enter a valid email address';
  if (password.length < 1) errors.password = 'Password is required';
  return errors;
}
