import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormTextField } from '@/components/form/form-text-field';
import { Logo } from '@/components/logo';
import { ApiError } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { login, needsSecondFactor } from '@/features/auth/api/login';

const schema = yup.object({
  email: yup
    .string()
    .trim()
    .required('Please enter a valid email address')
    .email('Please enter a valid email address'),
  password: yup.string().min(1, 'Password is required').required('Password is required'),
});

/** The server's message when it gave one, otherwise 'Login failed'. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return 'Login failed';
}

/** What the app says on the sign-in page after signing the user out (an idle session). */
// Loaded when needed, so the sign-in form's first load stays small (issue 15 point 5).
const ForgotPasswordDialog = lazy(() =>
  import(
    /* webpackChunkName: "forgot-password-dialog" */ '@/features/auth/components/forgot-password-dialog'
  ).then((m) => ({ default: m.ForgotPasswordDialog })),
);
const SecondFactorStep = lazy(() =>
  import(
    /* webpackChunkName: "second-factor-step" */ '@/features/auth/components/second-factor-step'
  ).then((m) => ({ default: m.SecondFactorStep })),
);

export type SignInNotice = { notice?: string };

export function LoginPage() {
  const [failure, setFailure] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [email, setEmail] = useState('');
  // The password step answered that a second factor is needed: its short-lived token.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const notice = (useLocation().state as SignInNotice | null)?.notice ?? null;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: 4,
        bgcolor: 'background.default',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
            <Logo size={56} />
            <Typography variant="h1" sx={{ mt: 2 }}>
              Trustee Portal
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5, textAlign: 'center' }}>
              Trustee Portal - Please sign in to continue
            </Typography>
          </Box>
          {mfaToken ? (
            <Suspense fallback={<Typography color="text.secondary">Loading...</Typography>}>
              <SecondFactorStep
                mfaToken={mfaToken}
                onBack={() => {
                  setFailure(null);
                  setMfaToken(null);
                }}
                onExpired={(message) => {
                  setFailure(message);
                  setMfaToken(null);
                }}
              />
            </Suspense>
          ) : (
            <Formik
              initialValues={{ email, password: '' }}
              validationSchema={schema}
              onSubmit={async (values) => {
                setFailure(null);
                try {
                  const response = await login({
                    email: values.email.trim(),
                    password: values.password,
                  });
                  if (needsSecondFactor(response)) {
                    setEmail(values.email);
                    setMfaToken(response.mfaToken);
                    return;
                  }
                  browser.assign('/');
                } catch (error) {
                  setFailure(failureMessage(error));
                }
              }}
            >
              {({ isSubmitting }) => (
                <Form noValidate>
                  <Box sx={{ display: 'grid', gap: 2 }}>
                    {notice && !failure && (
                      <Alert severity="info" role="status">
                        {notice}
                      </Alert>
                    )}
                    {failure && (
                      <Alert severity="error" role="alert">
                        {failure}
                      </Alert>
                    )}
                    <FormTextField
                      name="email"
                      label="Email"
                      type="email"
                      autoComplete="username"
                      placeholder="name@organisation.org"
                      helperText="Use your organisation e-mail address"
                    />
                    <FormTextField
                      name="password"
                      label="Password"
                      type="password"
                      autoComplete="current-password"
                    />
                    <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                      {isSubmitting ? 'Signing in...' : 'Sign In'}
                    </Button>
                    <Box sx={{ textAlign: 'center' }}>
                      <Link component="button" type="button" onClick={() => setForgotOpen(true)}>
                        Forgot your password?
                      </Link>
                    </Box>
                  </Box>
                </Form>
              )}
            </Formik>
          )}
        </CardContent>
      </Card>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
