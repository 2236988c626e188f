// The only page of an admin or chair who must set up two-factor sign-in (the portal's rule): set-up,
// then the recovery codes, then the app.
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ME_KEY, useAuth } from '@/lib/auth';
import { PasswordPageFrame } from '@/features/identity/passwords/components/password-page-frame';
import { RecoveryCodesPanel } from '@/features/identity/account-security/components/recovery-codes-panel';
import { TwoFactorEnrolment } from '@/features/identity/account-security/components/two-factor-enrolment';

export function TwoFactorSetupPage() {
  const { signOut, user } = useAuth();
  const { mutate } = useSWRConfig();
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <PasswordPageFrame title="Set up two-factor sign-in">
      {!codes && (
        <Alert severity="info" role="note" sx={{ mb: 3 }}>
          The portal asks admins and chairs to sign in with a code from their phone as well as their
          password. Set it up now to continue. It takes about two minutes.
        </Alert>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
            {codes ? 'Your recovery codes' : 'Set up your authenticator app'}
          </Typography>
          {codes ? (
            <RecoveryCodesPanel
              codes={codes}
              email={user?.email}
              doneLabel="Continue to the portal"
              // The current user is now enrolled: routing opens the app.
              onDone={() => void mutate(ME_KEY)}
            />
          ) : (
            <TwoFactorEnrolment onEnabled={setCodes} />
          )}
          <Box sx={{ mt: 3 }}>
            <Button color="inherit" onClick={() => signOut({ revoke: true })}>
              Sign Out
            </Button>
          </Box>
        </CardContent>
      </Card>
    </PasswordPageFrame>
  );
}
