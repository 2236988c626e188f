// The minutes' earlier signed versions (spec §16 Screens): a correction is a new version to sign, and
// each older signed one stays downloadable, one line each: 'Version 1, signed by {name}, {role}, {date}'.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { formatDate } from '@/lib/format';
import type { Signature } from '@/types/api';
import { downloadSignedMinutesVersion } from '@/features/signing/api/minutes-signatures';

/** 'Version {n}, signed by {name}, {role}, {date}'. */
export const earlierLine = (s: Signature): string =>
  `Version ${s.recordVersion}, signed by ${s.signerName}, ${s.role}, ${formatDate(s.signedAt)}`;

export function EarlierSignedVersions({
  meetingId,
  signatures,
}: {
  meetingId: number;
  /** The earlier versions' signatures, newest first; nothing is shown when there are none. */
  signatures: Signature[];
}) {
  const notify = useNotify();
  if (signatures.length === 0) return null;
  return (
    <Box component="section" aria-label="Earlier signed versions" sx={{ mt: 1 }}>
      <Typography variant="subtitle2" component="h4">
        Earlier signed versions
      </Typography>
      {signatures.map((s) => (
        <Box
          key={s.recordVersion}
          sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography variant="body2" sx={{ flex: '1 1 16rem', overflowWrap: 'anywhere' }}>
            {earlierLine(s)}
          </Typography>
          <Button
            size="small"
            aria-label={`Download version ${s.recordVersion}`}
            onClick={() =>
              downloadSignedMinutesVersion(meetingId, s.recordVersion).catch((e) =>
                notify(errorToast(e, 'Failed to download the signed minutes')),
              )
            }
          >
            Download
          </Button>
        </Box>
      ))}
    </Box>
  );
}
