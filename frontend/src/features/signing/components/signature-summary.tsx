// A record's signature as shown beside it (spec §16): 'Signed by {name}, {role}, {date}, code {code}'
// and the download of the signed PDF.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { formatDateTime } from '@/lib/format';
import type { Signature } from '@/types/api';

/** 'Signed by {name}, {role}, {date}, code {code}'. */
export const signedLine = (s: Signature): string =>
  `Signed by ${s.signerName}, ${s.role}, ${formatDateTime(s.signedAt)}, code ${s.verificationCode}`;

export function SignatureSummary({
  signature,
  downloadLabel = 'Download signed PDF',
  onDownload,
  failure,
}: {
  signature: Signature;
  downloadLabel?: string;
  onDownload: () => Promise<unknown>;
  /** The toast's title when the download fails. */
  failure: string;
}) {
  const notify = useNotify();
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
        onClick={() => onDownload().catch((e) => notify(errorToast(e, failure)))}
      >
        {downloadLabel}
      </Button>
    </Box>
  );
}
