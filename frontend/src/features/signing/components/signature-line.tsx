// A record's signature line (spec §16 Screens), the same for minutes, resolutions and declarations: once
// signed, who signed and the signed PDF; not signed, a sentence for whoever cannot sign it, or the sign
// button (with its dialog) for whoever can; nothing while it loads.
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import type { Signature } from '@/types/api';
import { SignatureSummary } from '@/features/signing/components/signature-summary';

export function SignatureLine({
  signature,
  failed,
  failedText,
  download,
  waiting,
  sign,
}: {
  /** Undefined while it loads, null when not signed. */
  signature: Signature | null | undefined;
  /** The signature could not be loaded. */
  failed: boolean;
  /** What to say then; nothing when absent. */
  failedText?: string;
  download: { label?: string; onDownload: () => Promise<unknown>; failure: string };
  /** Not signed: the sentence shown (beside the sign button when there is one). */
  waiting?: string;
  /** Present when the caller may sign: the button and the dialog it opens. */
  sign?: {
    label: string;
    variant?: 'contained' | 'outlined';
    dialog: (close: () => void) => ReactNode;
  };
}) {
  const [signing, setSigning] = useState(false);
  if (failed)
    return failedText ? (
      <Typography color="text.secondary" variant="body2">
        {failedText}
      </Typography>
    ) : null;
  if (signature === undefined) return null;
  if (signature)
    return (
      <SignatureSummary
        signature={signature}
        downloadLabel={download.label}
        onDownload={download.onDownload}
        failure={download.failure}
      />
    );
  if (!sign)
    return waiting ? (
      <Typography color="text.secondary" variant="body2">
        {waiting}
      </Typography>
    ) : null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {waiting && (
        <Typography color="text.secondary" sx={{ flex: '1 1 16rem' }}>
          {waiting}
        </Typography>
      )}
      <Button
        variant={sign.variant ?? 'contained'}
        startIcon={<DrawOutlined />}
        onClick={() => setSigning(true)}
      >
        {sign.label}
      </Button>
      {signing && sign.dialog(() => setSigning(false))}
    </Box>
  );
}
