// A passed written resolution's certificate (spec §16 Signing): who certified it and the certified PDF;
// not yet certified, 'Certify' for the chair and for the board's secretary (a governance setting), a
// sentence for everyone else. The app puts it on the governance feature's resolution cards.
import Typography from '@mui/material/Typography';
import { useUser } from '@/lib/auth';
import {
  certifyResolution,
  downloadCertifiedResolution,
  useResolutionSignature,
} from '@/features/signing/api/resolution-signature';
import { useSecretary } from '@/features/signing/api/secretary';
import { SignDialog } from '@/features/signing/components/sign-dialog';
import { SignatureLine } from '@/features/signing/components/signature-line';

export function ResolutionCertificate({
  resolutionId,
  status,
}: {
  resolutionId: number;
  status: string;
}) {
  const user = useUser();
  const passed = status === 'passed';
  const { data: signature, error, mutate } = useResolutionSignature(resolutionId, passed);
  const secretary = useSecretary(passed && signature === null);

  if (!passed) return null;
  // Unsigned, wait for who the secretary is before offering to certify.
  if (signature === null && secretary === undefined) return null;
  const certifies = user.role === 'chair' || (secretary != null && secretary.id === user.id);
  return (
    <SignatureLine
      signature={signature}
      failed={Boolean(error)}
      failedText="Whether this resolution is certified could not be loaded."
      download={{
        label: 'Download certified PDF',
        onDownload: () => downloadCertifiedResolution(resolutionId),
        failure: 'Failed to download the certified resolution',
      }}
      waiting={
        certifies
          ? 'Not certified yet.'
          : secretary
            ? `Not certified yet: the chair or the secretary (${secretary.name}) certifies passed resolutions.`
            : 'Not certified yet: the chair certifies passed resolutions.'
      }
      sign={
        certifies
          ? {
              label: 'Certify',
              dialog: (close) => (
                <SignDialog
                  title="Certify resolution"
                  description={
                    <Typography>
                      Certifying signs a PDF of this resolution (its text, the votes, the outcome
                      and the dates) with your name, your role, the time and a verification code,
                      sealed with the portal&apos;s digital signature. It cannot be undone.
                    </Typography>
                  }
                  submitLabel="Certify resolution"
                  outcome={{
                    success: 'Resolution certified',
                    failure: 'Failed to certify the resolution',
                  }}
                  twoFactor={user.mfaEnabled}
                  onSign={async (body) => {
                    const signed = await certifyResolution(resolutionId, body);
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
}
