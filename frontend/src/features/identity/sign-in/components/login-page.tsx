import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Logo } from '@/components/logo';
import { ApiError } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { login, needsSecondFactor } from '@/features/identity/sign-in/api/login';
import { SignInForm } from '@/features/identity/sign-in/components/sign-in-form';
import type { SignInValues } from '@/features/identity/sign-in/lib/sign-in-rules';

/** The server's message when it gave one, otherwise 'Login failed'. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return 'Login failed';
}

// Loaded when needed, so the sign-in form's first load stays small (docs/performance.md).
const ForgotPasswordDialog = lazy(() =>
  import(
    /* webpackChunkName: "forgot-password-dialog" */ '@/features/identity/sign-in/components/forgot-password-dialog'
  ).then((m) => ({ default: m.ForgotPasswordDialog })),
);
type SignInAlertProps = { severity: 'error' | 'info'; children: string };

/** The failure (an alert) or the notice (a status) when the Alert could not load (the network gone). */
function PlainSignInAlert({ severity, children }: SignInAlertProps) {
  return (
    <Typography
      role={severity === 'error' ? 'alert' : 'status'}
      color={severity === 'error' ? 'error' : 'text.primary'}
    >
      {children}
    </Typography>
  );
}

// The alerts show only after a failed sign-in or an idle sign-out: their code loads then.
const loadAlert = () => import(/* webpackChunkName: "alert" */ '@mui/material/Alert');
const SignInAlert = lazy(() =>
  loadAlert().then(
    ({ default: Alert }) => ({
      default: function SignInAlert({ severity, children }: SignInAlertProps) {
        return (
          <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'}>
            {children}
          </Alert>
        );
      },
    }),
    () => ({ default: PlainSignInAlert }),
  ),
);
const SecondFactorStep = lazy(() =>
  import(
    /* webpackChunkName: "second-factor-step" */ '@/features/identity/sign-in/components/second-factor-step'
  ).then((m) => ({ default: m.SecondFactorStep })),
);

/** What the app says on the sign-in page after signing the user out (an idle session). */
export type SignInNotice = { notice?: string };

export function LoginPage() {
  const [failure, setFailure] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [email, setEmail] = useState('');
  // The password step answered that a second factor is needed: its short-lived token.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const notice = (useLocation().state as SignInNotice | null)?.notice ?? null;

  const signIn = async (values: SignInValues) => {
    setFailure(null);
    // Fetched beside the request, so that a failure shows without another round trip.
    void loadAlert().catch(() => {});
    try {
      const response = await login({ email: values.email.trim(), password: values.password });
      if (needsSecondFactor(response)) {
        setEmail(values.email);
        setMfaToken(response.mfaToken);
        return;
      }
      browser.assign('/');
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };

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
            <SignInForm
              initialEmail={email}
              onSubmit={signIn}
              footer={
                <Box sx={{ textAlign: 'center' }}>
                  <Link component="button" type="button" onClick={() => setForgotOpen(true)}>
                    Forgot your password?
                  </Link>
                </Box>
              }
            >
              <Suspense fallback={null}>
                {notice && !failure && <SignInAlert severity="info">{notice}</SignInAlert>}
                {failure && <SignInAlert severity="error">{failure}</SignInAlert>}
              </Suspense>
            </SignInForm>
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
