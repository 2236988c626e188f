// The second step of signing in with two-factor sign-in: a 6-digit code from the authenticator app,
// or one of the recovery codes. An expired step (5 minutes) goes back to the password step.
import { useRef, useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormStatusAlert } from '@/components/form/form-status-alert';
import { FormTextField } from '@/components/form/form-text-field';
import { showServerErrors } from '@/components/form/server-errors';
import { ApiError } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { verifySecondFactor } from '@/features/identity/sign-in/api/login';
import {
  normaliseCode,
  recoveryCodeRule,
  totpCodeRule,
} from '@/features/identity/account-security/lib/codes';

type Values = { code: string };

type Props = {
  mfaToken: string;
  /** The step has expired: back to the password step with the server's message. */
  onExpired: (message: string) => void;
  onBack: () => void;
};

export function SecondFactorStep({ mfaToken, onExpired, onBack }: Props) {
  const [recovery, setRecovery] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    helpers.setStatus(undefined);
    try {
      await verifySecondFactor(mfaToken, normaliseCode(values.code));
      browser.assign('/');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        onExpired(error.serverMessage ?? 'Your sign-in has expired. Please sign in again.');
        return;
      }
      if (!showServerErrors(error, helpers, formRef.current, ['code'])) {
        helpers.setStatus({ formError: 'Sign-in failed. Please try again.' });
      }
    }
  };

  return (
    <Formik<Values>
      key={recovery ? 'recovery' : 'app'}
      initialValues={{ code: '' }}
      validationSchema={yup.object({ code: recovery ? recoveryCodeRule() : totpCodeRule() })}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form noValidate ref={formRef}>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="h2" component="h2">
              Two-factor sign-in
            </Typography>
            <Typography color="text.secondary">
              {recovery
                ? 'Enter one of your recovery codes. Each code works once.'
                : 'Enter the 6-digit code from your authenticator app.'}
            </Typography>
            <FormStatusAlert />
            <FormTextField
              name="code"
              label={recovery ? 'Recovery code' : 'Code'}
              autoComplete="one-time-code"
              autoFocus
              placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
              inputProps={
                recovery
                  ? { autoCapitalize: 'none', spellCheck: false }
                  : { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 }
              }
            />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              {isSubmitting ? 'Checking...' : 'Verify'}
            </Button>
            <Box sx={{ textAlign: 'center' }}>
              <Link
                component="button"
                type="button"
                sx={{ minHeight: 24 }}
                onClick={() => setRecovery((on) => !on)}
              >
                {recovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
              </Link>
            </Box>
            <Button color="inherit" onClick={onBack} disabled={isSubmitting}>
              Back
            </Button>
          </Box>
        </Form>
      )}
    </Formik>
  );
}
