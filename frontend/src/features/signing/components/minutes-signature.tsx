// The signature of approved (or locked) minutes on the meeting page (spec §16): who signed, and the signed
// PDF; unsigned, 'Sign minutes' for whoever chaired the meeting (the board's chair when nobody is
// recorded) and for the trustee the board named to sign them; under it, the earlier signed versions (a
// correction is a new version to sign, and the old signed one stays). The app puts it in the meetings
// feature's Minutes section.
import Box from '@mui/material/Box';
import { useUser } from '@/lib/auth';
import { useMinutesSignature } from '@/features/signing/api/get-minutes-signature';
import { useMinutesSignatures } from '@/features/signing/api/minutes-signatures';
import { useMinutesSigner } from '@/features/signing/api/minutes-signer';
import { useMeetingChair } from '@/features/signing/api/meeting-chair';
import { signMinutes } from '@/features/signing/api/sign-minutes';
import { downloadSignedMinutes } from '@/features/signing/api/download-signed-pdf';
import { EarlierSignedVersions } from '@/features/signing/components/earlier-signed-versions';
import { SignMinutesDialog } from '@/features/signing/components/sign-minutes-dialog';
import { SignatureLine } from '@/features/signing/components/signature-line';

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
  const { data: all } = useMinutesSignatures(meetingId, version, Boolean(signature));
  const earlier = (all ?? []).filter((s) => s.recordVersion < version);

  const signer = named?.signer ?? null;
  const chairedBy = chair?.chairedBy ?? null;
  // Whoever is recorded as having chaired the meeting signs; with nobody recorded, the board's chair.
  const chaired = chairedBy ? chairedBy.id === user.id : user.role === 'chair';
  const maySign = chaired || (signer !== null && signer.userId === user.id);
  const waiting = maySign
    ? chaired
      ? 'Not signed yet.'
      : 'Not signed yet: the board named you to sign.'
    : notSignedYet(chairedBy?.name ?? null, signer?.name ?? null);

  // Unsigned, wait for who chaired before offering to sign, so the button never appears then goes.
  const current = final && !(signature === null && chair === undefined) && (
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
