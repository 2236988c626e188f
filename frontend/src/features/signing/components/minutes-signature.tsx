// The signature of approved (or locked) minutes on the meeting page (spec §16): who signed, and the signed
// PDF; unsigned, 'Sign minutes' for whoever chaired the meeting (the board's chair when nobody is
// recorded) and for the trustee the board named to sign them. The app puts it in the meetings feature's
// Minutes section.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import { useUser } from '@/lib/auth';
import { useMinutesSignature } from '@/features/signing/api/get-minutes-signature';
import { useMinutesSigner } from '@/features/signing/api/minutes-signer';
import { useMeetingChair } from '@/features/signing/api/meeting-chair';
import { signMinutes } from '@/features/signing/api/sign-minutes';
import { downloadSignedMinutes } from '@/features/signing/api/download-signed-pdf';
import { SignMinutesDialog } from '@/features/signing/components/sign-minutes-dialog';
import { SignatureSummary } from '@/features/signing/components/signature-summary';

export { signedLine } from '@/features/signing/components/signature-summary';

/** Who signs, for those who do not: whoever chaired the meeting (or the chair), and the named trustee. */
function notSignedYet(chairedBy: string | null, named: string | null): string {
  if (chairedBy)
    return named
      ? `Not signed yet: ${chairedBy}, who chaired the meeting, or ${named}, named by the board, signs these minutes.`
      : `Not signed yet: ${chairedBy}, who chaired the meeting, signs these minutes.`;
  return named
    ? `Not signed yet: the chair or ${named}, named by the board, signs these minutes.`
    : 'Not signed yet: the chair signs approved minutes.';
}

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
  const final = status === 'approved' || status === 'locked';
  const { data: signature, error, mutate } = useMinutesSignature(meetingId, version, final);
  const unsigned = final && signature === null;
  const { data: named } = useMinutesSigner(meetingId, unsigned);
  const { data: chair } = useMeetingChair(meetingId, unsigned);
  const [signing, setSigning] = useState(false);

  if (!final) return null;
  if (error)
    return (
      <Typography color="text.secondary" variant="body2">
        Whether these minutes are signed could not be loaded.
      </Typography>
    );
  if (signature === undefined || (signature === null && chair === undefined)) return null;

  if (signature)
    return (
      <SignatureSummary
        signature={signature}
        onDownload={() => downloadSignedMinutes(meetingId)}
        failure="Failed to download the signed minutes"
      />
    );

  const signer = named?.signer ?? null;
  const chairedBy = chair?.chairedBy ?? null;
  // Whoever is recorded as having chaired the meeting signs; with nobody recorded, the board's chair.
  const chaired = chairedBy ? chairedBy.id === user.id : user.role === 'chair';
  if (!chaired && signer?.userId !== user.id)
    return (
      <Typography color="text.secondary" variant="body2">
        {notSignedYet(chairedBy?.name ?? null, signer?.name ?? null)}
      </Typography>
    );

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography color="text.secondary" sx={{ flex: '1 1 16rem' }}>
        {chaired ? 'Not signed yet.' : 'Not signed yet: the board named you to sign.'}
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
