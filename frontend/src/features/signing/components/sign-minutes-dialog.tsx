// The minutes' signing dialog (spec §16 Signing): the signing dialog with what signing minutes does.
import Typography from '@mui/material/Typography';
import type { Signature, SignRequest } from '@/types/api';
import { SignDialog } from '@/features/signing/components/sign-dialog';

export function SignMinutesDialog({
  version,
  twoFactor,
  onSign,
  onClose,
}: {
  version: number;
  twoFactor: boolean;
  onSign: (body: SignRequest) => Promise<Signature>;
  onClose: () => void;
}) {
  return (
    <SignDialog
      title="Sign minutes"
      description={
        <>
          <Typography sx={{ mb: 1 }}>
            Signing adds a signature page to version {version} of these minutes, with your name,
            your role, the time and a verification code, and seals the PDF with the portal&apos;s
            digital signature. Anyone can then check that a copy is exactly this document.
          </Typography>
          <Typography>
            A signature cannot be undone. A later correction is a new version, signed on its own.
          </Typography>
        </>
      }
      submitLabel="Sign minutes"
      outcome={{ success: 'Minutes signed', failure: 'Failed to sign the minutes' }}
      twoFactor={twoFactor}
      onSign={onSign}
      onClose={onClose}
    />
  );
}
