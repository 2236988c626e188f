// A passed written resolution's certificate (spec §16 Signing): who certified it and the certified PDF;
// not yet certified, 'Certify' for the chair and for the board's secretary (a governance setting), a
// sentence for everyone else. The app puts it on the governance feature's resolution cards.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import { useUser } from '@/lib/auth';
import {
  certifyResolution,
  downloadCertifiedResolution,
  useResolutionSignature,
} from '@/features/signing/api/resolution-signature';
import { useSecretary } from '@/features/signing/api/secretary';
import { SignDialog } from '@/features/signing/components/sign-dialog';
import { SignatureSummary } from '@/features/signing/components/signature-summary';

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
  const [signing, setSigning] = useState(false);

  if (!passed) return null;
  if (error)
    return (
      <Typography color="text.secondary" variant="body2">
        Whether this resolution is certified could not be loaded.
      </Typography>
    );
  if (signature === undefined) return null;
  if (signature)
    return (
      <SignatureSummary
        signature={signature}
        downloadLabel="Download certified PDF"
        onDownload={() => downloadCertifiedResolution(resolutionId)}
        failure="Failed to download the certified resolution"
      />
    );
  if (secretary === undefined) return null;
  if (user.role !== 'chair' && secretary?.id !== user.id)
    return (
      <Typography color="text.secondary" variant="body2">
        {secretary
          ? `Not certified yet: the chair or the secretary (${secretary.name}) certifies passed resolutions.`
          : 'Not certified yet: the chair certifies passed resolutions.'}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography color="text.secondary" sx={{ flex: '1 1 16rem' }}>
        Not certified yet.
      </Typography>
      <Button variant="contained" startIcon={<DrawOutlined />} onClick={() => setSigning(true)}>
        Certify
      </Button>
      {signing && (
        <SignDialog
          title="Certify resolution"
          description={
            <Typography>
              Certifying signs a PDF of this resolution (its text, the votes, the outcome and the
              dates) with your name, your role, the time and a verification code, sealed with the
              portal&apos;s digital signature. It cannot be undone.
            </Typography>
          }
          submitLabel="Certify resolution"
          outcome={{ success: 'Resolution certified', failure: 'Failed to certify the resolution' }}
          twoFactor={user.mfaEnabled}
          onSign={async (body) => {
            const signed = await certifyResolution(resolutionId, body);
            await mutate(signed, { revalidate: false });
            return signed;
          }}
          onClose={() => setSigning(false)}
        />
      )}
    </Box>
  );
}
