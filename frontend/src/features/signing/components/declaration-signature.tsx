// A trustee's signed annual declaration (spec §16 Signing): the signature and the signed PDF, seen by the
// trustee and by admins and chairs; not yet signed, 'Sign my declaration' for the trustee who made it.
// The app puts it on the governance feature's declarations rounds.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import { useUser } from '@/lib/auth';
import { isAdminOrChair } from '@/lib/permissions';
import {
  downloadSignedDeclaration,
  signDeclaration,
  useDeclarationSignature,
} from '@/features/signing/api/declaration-signature';
import { SignDialog } from '@/features/signing/components/sign-dialog';
import { SignatureSummary } from '@/features/signing/components/signature-summary';

export function DeclarationSignature({
  roundId,
  userId,
  declared,
}: {
  roundId: number;
  userId: number;
  declared: boolean;
}) {
  const user = useUser();
  const own = user.id === userId;
  const wanted = declared && (own || isAdminOrChair(user));
  const { data: signature, error, mutate } = useDeclarationSignature(roundId, userId, wanted);
  const [signing, setSigning] = useState(false);

  if (!wanted || error || signature === undefined) return null;
  if (signature)
    return (
      <SignatureSummary
        signature={signature}
        onDownload={() => downloadSignedDeclaration(roundId, userId)}
        failure="Failed to download the signed declaration"
      />
    );
  if (!own)
    return (
      <Typography color="text.secondary" variant="body2">
        Not signed yet.
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<DrawOutlined />} onClick={() => setSigning(true)}>
        Sign my declaration
      </Button>
      {signing && (
        <SignDialog
          title="Sign my declaration"
          description={
            <Typography>
              Signing adds a signature page to a PDF of your declaration, with your name, the time
              and a verification code, sealed with the portal&apos;s digital signature. It cannot be
              undone.
            </Typography>
          }
          submitLabel="Sign declaration"
          outcome={{ success: 'Declaration signed', failure: 'Failed to sign the declaration' }}
          twoFactor={user.mfaEnabled}
          onSign={async (body) => {
            const signed = await signDeclaration(roundId, userId, body);
            await mutate(signed, { revalidate: false });
            return signed;
          }}
          onClose={() => setSigning(false)}
        />
      )}
    </Box>
  );
}
