// The signature of approved (or locked) minutes on the meeting page (spec §16): who signed, and the signed
// PDF; unsigned, the chair's 'Sign minutes'. The app puts it in the meetings feature's Minutes section.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { useUser } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import type { Signature } from '@/types/api';
import { useMinutesSignature } from '@/features/signing/api/get-minutes-signature';
import { signMinutes } from '@/features/signing/api/sign-minutes';
import { downloadSignedMinutes } from '@/features/signing/api/download-signed-pdf';
import { SignMinutesDialog } from '@/features/signing/components/sign-minutes-dialog';

/** 'Signed by {name}, {role}, {date}, code {code}'. */
export const signedLine = (s: Signature): string =>
  `Signed by ${s.signerName}, ${s.role}, ${formatDateTime(s.signedAt)}, code ${s.verificationCode}`;

export function MinutesSignature({
  meetingId,
  version,
  status,
}: {
  meetingId: number;
  version: number;
  status: string;
}) {
  const user = useUser();
  const notify = useNotify();
  const final = status === 'approved' || status === 'locked';
  const { data: signature, error, mutate } = useMinutesSignature(meetingId, version, final);
  const [signing, setSigning] = useState(false);

  if (!final) return null;
  if (error)
    return (
      <Typography color="text.secondary" variant="body2">
        Whether these minutes are signed could not be loaded.
      </Typography>
    );
  if (signature === undefined) return null;

  if (signature)
    return (
      <Box
        component="section"
        aria-label="Signature"
        sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <VerifiedOutlined color="success" aria-hidden />
        <Typography sx={{ flex: '1 1 16rem', overflowWrap: 'anywhere' }}>
          {signedLine(signature)}
        </Typography>
        <Button
          variant="outlined"
          onClick={() =>
            downloadSignedMinutes(meetingId).catch((e) =>
              notify(errorToast(e, 'Failed to download the signed minutes')),
            )
          }
        >
          Download signed PDF
        </Button>
      </Box>
    );

  if (user.role !== 'chair')
    return (
      <Typography color="text.secondary" variant="body2">
        Not signed yet: the chair signs approved minutes.
      </Typography>
    );

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography color="text.secondary" sx={{ flex: '1 1 16rem' }}>
        Not signed yet.
      </Typography>
      <Button variant="contained" startIcon={<DrawOutlined />} onClick={() => setSigning(true)}>
        Sign minutes
      </Button>
      {signing && (
        <SignMinutesDialog
          version={version}
          twoFactor={user.mfaEnabled}
          onSign={async (body) => {
            const signed = await signMinutes(meetingId, body);
            await mutate(signed, { revalidate: false });
            return signed;
          }}
          onClose={() => setSigning(false)}
        />
      )}
    </Box>
  );
}
