// The page of a notification's unsubscribe link (/unsubscribe?token=...), no sign-in needed: it asks, then
// switches that kind of notification off with the same one-click POST a mail client sends (RFC 8058). The
// switch is the one on the Notification settings page, where it can be turned back on.
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { unsubscribe } from '@/features/notifications/api/mail';

export function UnsubscribePage() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const confirm = async () => {
    setBusy(true);
    try {
      setOutcome({ ok: true, message: await unsubscribe(token) });
    } catch (error) {
      const message =
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : 'Could not turn these e-mails off. Try again later.';
      setOutcome({ ok: false, message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2, py: 4 }}
    >
      <Box sx={{ width: '100%', maxWidth: 480 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <Logo size={40} />
          <Typography variant="h1">Unsubscribe</Typography>
        </Box>
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 2 }}>
            {outcome ? (
              <>
                <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>
                <Button component={RouterLink} to={paths.notificationSettings} variant="outlined">
                  Open Notification settings
                </Button>
              </>
            ) : (
              <>
                <Typography>
                  Stop receiving this kind of notification e-mail from the portal? Password resets
                  and invitations are not affected, and you can turn it back on under Notification
                  settings.
                </Typography>
                <Button
                  variant="contained"
                  size="large"
                  disabled={busy || !token}
                  onClick={() => void confirm()}
                >
                  {busy ? 'Turning off...' : 'Turn these e-mails off'}
                </Button>
              </>
            )}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
