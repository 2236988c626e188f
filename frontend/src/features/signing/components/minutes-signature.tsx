// The signature of approved (or locked) minutes on the meeting page (spec §16): who signed, and the signed
// PDF; unsigned, 'Sign minutes' for the chair and for the trustee the board named to sign them; under it,
// the earlier signed versions (a correction is a new version to sign, and the old signed one stays). The
// app puts it in the meetings feature's Minutes section.
import Box from '@mui/material/Box';
import { useUser } from '@/lib/auth';
import { useMinutesSignature } from '@/features/signing/api/get-minutes-signature';
import { useMinutesSignatures } from '@/features/signing/api/minutes-signatures';
import { useMinutesSigner } from '@/features/signing/api/minutes-signer';
import { signMinutes } from '@/features/signing/api/sign-minutes';
import { downloadSignedMinutes } from '@/features/signing/api/download-signed-pdf';
import { EarlierSignedVersions } from '@/features/signing/components/earlier-signed-versions';
import { SignMinutesDialog } from '@/features/signing/components/sign-minutes-dialog';
import { SignatureLine } from '@/features/signing/components/signature-line';

export { signedLine } from '@/features/signing/components/signature-summary';

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
  const { data: named } = useMinutesSigner(meetingId, final && signature === null);
  const { data: all } = useMinutesSignatures(meetingId, version, Boolean(signature));
  const earlier = (all ?? []).filter((s) => s.recordVersion < version);

  const signer = named?.signer ?? null;
  const maySign = user.role === 'chair' || (signer !== null && signer.userId === user.id);
  const waiting = maySign
    ? user.role === 'chair'
      ? 'Not signed yet.'
      : 'Not signed yet: the board named you to sign.'
    : signer
      ? `Not signed yet: the chair or ${signer.name}, named by the board, signs these minutes.`
      : 'Not signed yet: the chair signs approved minutes.';

  const current = final && (
    <SignatureLine
      signature={signature}
      failed={Boolean(error)}
      failedText="Whether these minutes are signed could not be loaded."
      download={{
        onDownload: () => downloadSignedMinutes(meetingId),
        failure: 'Failed to download the signed minutes',
      }}
      waiting={waiting}
      sign={
        maySign
          ? {
              label: 'Sign minutes',
              dialog: (close) => (
                <SignMinutesDialog
                  version={version}
                  twoFactor={user.mfaEnabled}
                  onSign={async (body) => {
                    const signed = await signMinutes(meetingId, body);
                    await mutate(signed, { revalidate: false });
                    return signed;
                  }}
                  onClose={close}
                />
              ),
            }
          : undefined
      }
    />
  );
  if (!current && earlier.length === 0) return null;
  return (
    <Box>
      {current}
      <EarlierSignedVersions meetingId={meetingId} signatures={earlier} />
    </Box>
  );
}
