// The password step of signing in: e-mail and password, checked as the user leaves each field and
// on submit (messages under the fields, the first field in error takes focus). Plain React state
// rather than formik and yup, which would more than double the sign-in page's own JavaScript
// (docs/performance.md).
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextField } from '@/components/form/text-field';
import {
  signInFields,
  validateSignIn,
  type SignInField,
  type SignInValues,
} from '@/features/identity/sign-in/lib/sign-in-rules';

type Props = {
  initialEmail: string;
  /** Sends the values as typed once they are valid; the button reads 'Signing in...' until it settles. */
  onSubmit: (values: SignInValues) => Promise<void>;
  /** Shown above the fields (the failure or notice alert). */
  children?: ReactNode;
  footer?: ReactNode;
};

export function SignInForm({ initialEmail, onSubmit, children, footer }: Props) {
  const [values, setValues] = useState<SignInValues>({ email: initialEmail, password: '' });
  // A field's message shows once the user has left it, or after a submit.
  const [touched, setTouched] = useState<Partial<Record<SignInField, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<SignInField, HTMLInputElement | null>>>({});
  const errors = validateSignIn(values);
  const shown = (field: SignInField) => (touched[field] ? errors[field] : undefined);

  const field = (name: SignInField) => ({
    name,
    value: values[name],
    error: shown(name),
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setTouched({ email: true, password: true });
    const first = signInFields.find((name) => errors[name]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {children}
        <TextField
          {...field('email')}
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="name@organisation.org"
          helperText="Use your organisation e-mail address"
        />
        <TextField
          {...field('password')}
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </Button>
        {footer}
      </Box>
    </form>
  );
}
