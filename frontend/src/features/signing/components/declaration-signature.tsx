// A trustee's signed annual declaration (spec §16 Signing): the signature and the signed PDF, seen by the
// trustee and by admins and chairs; not yet signed, 'Sign my declaration' for the trustee who made it.
// The app puts it on the governance feature's declarations rounds.
import Typography from '@mui/material/Typography';
import { useUser } from '@/lib/auth';
import { isAdminOrChair } from '@/lib/permissions';
import {
  downloadSignedDeclaration,
  signDeclaration,
  useDeclarationSignature,
} from '@/features/signing/api/declaration-signature';
import { SignDialog } from '@/features/signing/components/sign-dialog';
import { SignatureLine } from '@/features/signing/components/signature-line';

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

  if (!wanted) return null;
  return (
    <SignatureLine
      signature={signature}
      failed={Boolean(error)}
      download={{
        onDownload: () => downloadSignedDeclaration(roundId, userId),
        failure: 'Failed to download the signed declaration',
      }}
      waiting={own ? undefined : 'Not signed yet.'}
      sign={
        own
          ? {
              label: 'Sign my declaration',
              variant: 'outlined',
              dialog: (close) => (
                <SignDialog
                  title="Sign my declaration"
                  description={
                    <Typography>
                      Signing adds a signature page to a PDF of your declaration, with your name,
                      the time and a verification code, sealed with the portal&apos;s digital
                      signature. It cannot be undone.
                    </Typography>
                  }
                  submitLabel="Sign declaration"
                  outcome={{
                    success: 'Declaration signed',
                    failure: 'Failed to sign the declaration',
                  }}
                  twoFactor={user.mfaEnabled}
                  onSign={async (body) => {
                    const signed = await signDeclaration(roundId, userId, body);
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
