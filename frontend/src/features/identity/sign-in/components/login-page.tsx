import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Logo } from '@/components/logo';
import { ApiError } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { login, needsSecondFactor } from '@/features/identity/sign-in/api/login';
import {
  exchangeSsoCode,
  fetchSsoInfo,
  ssoStartPath,
} from '@/features/identity/sign-in/api/single-sign-on';
import { ssoFailureMessage } from '@/features/identity/sign-in/lib/sso-messages';
import type { SsoInfo } from '@/types/api';
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
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as SignInNotice | null)?.notice ?? null;
  const [sso, setSso] = useState<SsoInfo | null>(null);
  const [exchanging, setExchanging] = useState(false);
  const handled = useRef(false);

  // Single sign-on (docs/spec.md §13): the server sends the browser back here with a one-time code to
  // exchange for the session, or with the key of what went wrong. Either leaves the address at once.
  useEffect(() => {
    void fetchSsoInfo().then(setSso, () => setSso(null));
  }, []);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const query = new URLSearchParams(location.search);
    const code = query.get('sso_code');
    const error = query.get('sso_error');
    if (!code && !error) return;
    navigate(location.pathname, { replace: true, state: location.state });
    void loadAlert().catch(() => {});
    if (error) {
      setFailure(ssoFailureMessage(error));
      return;
    }
    if (!code) return;
    setExchanging(true);
    exchangeSsoCode(code).then(
      (response) => {
        setExchanging(false);
        if (needsSecondFactor(response)) setMfaToken(response.mfaToken);
        else browser.assign('/');
      },
      (failed: unknown) => {
        setExchanging(false);
        setFailure(failureMessage(failed));
      },
    );
  }, [location, navigate]);

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
          ) : exchanging ? (
            <Typography role="status" color="text.secondary" sx={{ textAlign: 'center' }}>
              Signing in...
            </Typography>
          ) : (
            <>
              {sso?.enabled && (
                <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
                  <Button component="a" href={ssoStartPath} variant="contained" size="large">
                    Sign in with {sso.label}
                  </Button>
                  <Divider>{sso.passwordSignIn ? 'or' : 'or, for the break-glass admin'}</Divider>
                </Box>
              )}
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
            </>
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
