// The pages of the e-mailed single-use links: /reset-password?token=... (choose a new password) and
// /accept-invitation?token=... (an invited user chooses their first password); then sign in.
import { useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Form, Formik, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { FormStatusAlert } from '@/components/form/form-status-alert';
import { FormTextField } from '@/components/form/form-text-field';
import { showServerErrors } from '@/components/form/server-errors';
import { browser } from '@/lib/browser';
import { acceptInvitation, resetPassword } from '@/features/identity/passwords/api/reset-password';
import { PasswordPageFrame } from '@/features/identity/passwords/components/password-page-frame';
import { PasswordStrengthMeter } from '@/features/identity/passwords/components/password-strength-meter';
import {
  confirmPasswordRule,
  newPasswordRule,
  passwordHint,
} from '@/features/identity/passwords/lib/password-rules';

const schema = yup.object({
  newPassword: newPasswordRule(),
  confirmPassword: confirmPasswordRule(),
});

type Values = { newPassword: string; confirmPassword: string };

const copy = {
  reset: {
    title: 'Reset Password',
    intro: null,
    submit: 'Set New Password',
    invalid: 'This reset link is not valid. Ask for a new one from the sign-in page.',
    send: resetPassword,
  },
  invitation: {
    title: 'Welcome',
    intro: 'You have been invited to the portal. Choose your password to accept the invitation.',
    submit: 'Set Password',
    invalid:
      'This invitation link is not valid. Ask an admin of the portal to send you a new invitation.',
    send: acceptInvitation,
  },
} as const;

/** `invitation`: the page of the invitation e-mail's link; the default is the reset link's page. */
export function ResetPasswordPage({ variant = 'reset' }: { variant?: 'reset' | 'invitation' }) {
  const text = copy[variant];
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const meterId = useId();

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    helpers.setStatus(undefined);
    try {
      setDone(await text.send(token, values.newPassword));
    } catch (error) {
      showServerErrors(error, helpers, formRef.current, ['newPassword']);
    }
  };

  return (
    <PasswordPageFrame title={text.title}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          {done ? (
            <Box sx={{ display: 'grid', gap: 2 }}>
              <Alert severity="success">{done}</Alert>
              <Button variant="contained" size="large" onClick={() => browser.assign('/')}>
                Sign In
              </Button>
            </Box>
          ) : !token ? (
            <Alert severity="error">{text.invalid}</Alert>
          ) : (
            <Formik<Values>
              initialValues={{ newPassword: '', confirmPassword: '' }}
              validationSchema={schema}
              onSubmit={submit}
            >
              {({ isSubmitting, values }) => (
                <Form noValidate ref={formRef}>
                  <FormStatusAlert />
                  {text.intro && (
                    <Alert severity="info" sx={{ mb: 2 }}>
                      {text.intro}
                    </Alert>
                  )}
                  <Box sx={{ display: 'grid', gap: 2 }}>
                    <FormTextField
                      name="newPassword"
                      label="New Password"
                      type="password"
                      autoComplete="new-password"
                      required
                      helperText={passwordHint}
                      describedBy={meterId}
                    />
                    <PasswordStrengthMeter id={meterId} password={values.newPassword} />
                    <FormTextField
                      name="confirmPassword"
                      label="Confirm New Password"
                      type="password"
                      autoComplete="new-password"
                      required
                    />
                    <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                      {isSubmitting ? 'Saving...' : text.submit}
                    </Button>
                  </Box>
                </Form>
              )}
            </Formik>
          )}
        </CardContent>
      </Card>
    </PasswordPageFrame>
  );
}
