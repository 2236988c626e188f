// Setting up two-factor sign-in: a new secret as a QR code and as a typed key, then a code from the
// app to confirm. Used by Account security and by the set-up page an officer must pass first. Without a
// recent password in this session, the server wants it confirmed first (a dialog asks for it).
import { useEffect, useRef, useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import { QRCodeSVG } from 'qrcode.react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { FormStatusAlert } from '@/components/form/form-status-alert';
import { FormTextField } from '@/components/form/form-text-field';
import { useConfirmItIsYou } from '@/components/confirm-it-is-you';
import { showServerErrors } from '@/components/form/server-errors';
import { useNotify } from '@/components/notifications/notifications-provider';
import { ApiError } from '@/lib/api-client';
import type { MfaSetup } from '@/types/api';
import {
  enableTwoFactor,
  startTwoFactorSetup,
} from '@/features/identity/account-security/api/two-factor';
import { normaliseCode, totpCodeRule } from '@/features/identity/account-security/lib/codes';
import { copyText } from '@/features/identity/account-security/lib/copy';

/** The key in groups of four, as authenticator apps show it. */
export const groupSecret = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

type Props = {
  /** Two-factor sign-in is on: the recovery codes to show once. */
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel?: () => void;
};

type Values = { code: string };

export function TwoFactorEnrolment({ onEnabled, onCancel }: Props) {
  const notify = useNotify();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  const formRef = useRef<HTMLFormElement>(null);
  const { confirmed, dialog } = useConfirmItIsYou();

  // One set-up per attempt (React's strict mode mounts twice; a second secret would replace the first).
  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    setFailure(null);
    confirmed(startTwoFactorSetup)
      .then(setSetup)
      .catch((error: unknown) =>
        setFailure(
          error instanceof ApiError
            ? (error.serverMessage ?? error.message)
            : 'Set-up could not start. Check your connection and try again.',
        ),
      );
  }, [attempt, confirmed]);

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    helpers.setStatus(undefined);
    try {
      const code = normaliseCode(values.code);
      const { recoveryCodes } = await confirmed(() => enableTwoFactor(code));
      onEnabled(recoveryCodes);
    } catch (error) {
      if (!showServerErrors(error, helpers, formRef.current, ['code'])) {
        helpers.setStatus({ formError: 'Two-factor sign-in could not be turned on. Try again.' });
      }
    }
  };

  if (failure) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {dialog}
        <Alert severity="error">{failure}</Alert>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        </Box>
      </Box>
    );
  }
  if (!setup) {
    return (
      <>
        <Typography color="text.secondary">Preparing set-up...</Typography>
        {dialog}
      </>
    );
  }

  return (
    <Box component="ol" sx={{ display: 'grid', gap: 3, m: 0, pl: 2.5 }}>
      {dialog}
      <li>
        <Typography sx={{ fontWeight: 600 }}>Get an authenticator app</Typography>
        <Typography color="text.secondary">
          Install one on your phone if you do not have one yet, for example Microsoft Authenticator,
          Google Authenticator or Aegis.
        </Typography>
      </li>
      <li>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>Add the portal to the app</Typography>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          In the app, choose to add an account, then scan this QR code.
        </Typography>
        <Box
          sx={{
            display: 'inline-block',
            p: 1.5,
            bgcolor: '#fff',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            lineHeight: 0,
          }}
        >
          <QRCodeSVG
            value={setup.otpauthUrl}
            size={176}
            level="M"
            role="img"
            aria-label="QR code for your authenticator app"
          />
        </Box>
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          Cannot scan it? Type this key into the app instead:
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <Typography
            component="code"
            data-testid="mfa-secret"
            aria-label="Set-up key"
            sx={{
              fontFamily: 'monospace',
              fontSize: '1.05rem',
              letterSpacing: '0.05em',
              overflowWrap: 'anywhere',
            }}
          >
            {groupSecret(setup.secret)}
          </Typography>
          <Button
            size="small"
            startIcon={<ContentCopyOutlined />}
            onClick={() => void copyText(setup.secret, notify, 'Key copied')}
          >
            Copy key
          </Button>
        </Box>
      </li>
      <li>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>Enter the code the app shows</Typography>
        <Formik<Values>
          initialValues={{ code: '' }}
          validationSchema={yup.object({ code: totpCodeRule() })}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Form noValidate ref={formRef}>
              <FormStatusAlert />
              <Box sx={{ display: 'grid', gap: 2, maxWidth: 320 }}>
                <FormTextField
                  name="code"
                  label="6-digit code"
                  autoComplete="one-time-code"
                  inputProps={{ inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 }}
                />
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  <Button type="submit" variant="contained" disabled={isSubmitting}>
                    {isSubmitting ? 'Checking...' : 'Turn on two-factor sign-in'}
                  </Button>
                  {onCancel && (
                    <Button onClick={onCancel} disabled={isSubmitting}>
                      Cancel
                    </Button>
                  )}
                </Box>
              </Box>
            </Form>
          )}
        </Formik>
      </li>
    </Box>
  );
}
