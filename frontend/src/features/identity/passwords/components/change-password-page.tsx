import { useId, useRef } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { FormStatusAlert } from '@/components/form/form-status-alert';
import { FormTextField } from '@/components/form/form-text-field';
import { showServerErrors } from '@/components/form/server-errors';
import { useNotify } from '@/components/notifications/notifications-provider';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { browser } from '@/lib/browser';
import { changeTemporaryPassword } from '@/features/identity/passwords/api/change-password';
import { PasswordPageFrame } from '@/features/identity/passwords/components/password-page-frame';
import { PasswordStrengthMeter } from '@/features/identity/passwords/components/password-strength-meter';
import {
  MIN_PASSWORD_LENGTH,
  confirmPasswordRule,
  newPasswordRule,
  passwordHint,
  passwordMismatch as mismatch,
  passwordTooShort,
} from '@/features/identity/passwords/lib/password-rules';

const tooShort = passwordTooShort;

const schema = yup.object({
  newPassword: newPasswordRule(),
  confirmPassword: confirmPasswordRule(),
});

type Values = { newPassword: string; confirmPassword: string };

export function ChangePasswordPage() {
  const notify = useNotify();
  const { signOut, user } = useAuth();
  const meterId = useId();

  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    helpers.setStatus(undefined);
    try {
      // confirmPassword is never sent.
      await changeTemporaryPassword(values.newPassword);
      notify({
        title: 'Password Changed',
        description:
          'Your password has been successfully updated. You can now use the application.',
        severity: 'success',
      });
      browser.assign('/');
    } catch (error) {
      showServerErrors(error, helpers, formRef.current, ['newPassword']);
      notify({
        title: 'Error',
        description:
          error instanceof ApiError
            ? error.serverMessage || error.message
            : 'Failed to change password',
        severity: 'error',
      });
    }
  };

  return (
    <PasswordPageFrame title="Change Password">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        You signed in with a temporary password. Choose a new password that only you know.
      </Typography>
      <Alert severity="warning" role="note" sx={{ mb: 3 }}>
        You must set a new password before accessing the application.
      </Alert>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
            Set New Password
          </Typography>
          <Formik<Values>
            initialValues={{ newPassword: '', confirmPassword: '' }}
            validationSchema={schema}
            onSubmit={submit}
          >
            {({ isSubmitting, values, validateForm, submitForm, setTouched }) => (
              <Form
                noValidate
                ref={formRef}
                onSubmit={async (event) => {
                  event.preventDefault();
                  const errors = await validateForm();
                  if (Object.keys(errors).length > 0) {
                    await setTouched({ newPassword: true, confirmPassword: true }, false);
                    if (errors.newPassword === passwordTooShort) {
                      notify({
                        title: 'Password Too Short',
                        description: tooShort,
                        severity: 'error',
                      });
                    } else if (errors.newPassword) {
                      notify({
                        title: 'Error',
                        description: errors.newPassword,
                        severity: 'error',
                      });
                    } else {
                      notify({
                        title: 'Password Mismatch',
                        description: mismatch,
                        severity: 'error',
                      });
                    }
                    return;
                  }
                  await submitForm();
                }}
              >
                <FormStatusAlert />
                <Box sx={{ display: 'grid', gap: 2 }}>
                  <FormTextField
                    name="newPassword"
                    label="New Password"
                    type="password"
                    autoComplete="new-password"
                    required
                    inputProps={{ minLength: MIN_PASSWORD_LENGTH }}
                    helperText={passwordHint}
                    describedBy={meterId}
                  />
                  <PasswordStrengthMeter
                    id={meterId}
                    password={values.newPassword}
                    userInputs={[user?.name ?? '', user?.email ?? '']}
                  />
                  <FormTextField
                    name="confirmPassword"
                    label="Confirm New Password"
                    type="password"
                    autoComplete="new-password"
                    required
                    inputProps={{ minLength: MIN_PASSWORD_LENGTH }}
                  />
                  <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                    {isSubmitting ? 'Changing Password...' : 'Change Password'}
                  </Button>
                  <Button color="inherit" onClick={() => signOut({ revoke: true })}>
                    Sign Out
                  </Button>
                </Box>
              </Form>
            )}
          </Formik>
        </CardContent>
      </Card>
    </PasswordPageFrame>
  );
}
