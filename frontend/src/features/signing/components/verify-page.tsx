// The public page /verify (spec §16 Checking), no sign-in: choose (or drop) a PDF, or type the
// verification code printed on its signature page, and the portal says whether it signed exactly that
// file, and who signed it. Plain React state: a small page of its own chunk.
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Logo } from '@/components/logo';
import { TextField } from '@/components/form/text-field';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import type { VerifyResult } from '@/types/api';
import { CODE_PATTERN, verifyCode, verifyFile } from '@/features/signing/api/verify';
import { certificateUrl } from '@/features/signing/api/certificate';

/** The sentence of a check's answer, from the API's own fields. */
export function verdict(result: VerifyResult): string {
  if (!result.signed)
    return 'This file is not a document the portal signed, or it has been changed since.';
  return `This file is exactly the document signed by ${result.signerName ?? 'an unnamed signer'} (${
    result.role ?? 'role not recorded'
  }) on ${formatDate(result.signedAt)}.`;
}

/** A code's answer says the same of the document that carries it. */
function codeVerdict(result: VerifyResult): string {
  if (!result.signed) return 'This code is not one the portal printed on a signed document.';
  return `This code belongs to the document signed by ${result.signerName ?? 'an unnamed signer'} (${
    result.role ?? 'role not recorded'
  }) on ${formatDate(result.signedAt)}.`;
}

type Answer = { by: 'file' | 'code'; result: VerifyResult };

export function VerifyPage() {
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setAnswer(null);
    setFailure(null);
    if (chosen) {
      setCode('');
      setCodeError(undefined);
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files?.[0];
    if (dropped) choose(dropped);
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setAnswer(null);
    const typed = code.trim();
    if (!file && !typed) {
      setFailure('Choose a PDF file or type a verification code, then check.');
      return;
    }
    if (!file && !CODE_PATTERN.test(typed)) {
      setCodeError('Type the code as printed on the signature page, like ABCDE-FGHIJ.');
      return;
    }
    setCodeError(undefined);
    setBusy(true);
    try {
      const result = file ? await verifyFile(file) : await verifyCode(typed);
      setAnswer({ by: file ? 'file' : 'code', result });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : 'The check could not be made. Try again in a moment.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2, py: 4 }}
    >
      <Box sx={{ width: '100%', maxWidth: 560 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <Logo size={40} />
          <Typography variant="h1">Check a signed document</Typography>
        </Box>
        <Card>
          <CardContent
            component="form"
            noValidate
            onSubmit={(event) => void check(event)}
            sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 2.5 }}
          >
            <Typography>
              The portal signs approved minutes, passed written resolutions and annual declarations.
              Check whether a file is exactly the one it signed, or whether a verification code from
              a signature page is one it printed.
            </Typography>

            <Box
              component="section"
              aria-labelledby="verify-file-heading"
              sx={{ display: 'grid', gap: 1 }}
            >
              <Typography id="verify-file-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
                A PDF file
              </Typography>
              <Box
                onDragOver={(event) => {
                  event.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
                sx={{
                  border: 2,
                  borderStyle: 'dashed',
                  borderColor: dragging ? 'primary.main' : 'divider',
                  borderRadius: 2,
                  p: 2,
                  display: 'grid',
                  gap: 1,
                  justifyItems: 'start',
                }}
              >
                {/* A hidden input opened by the button: a control inside a label-button would nest two
                    interactive controls (axe nested-interactive). */}
                <input
                  ref={fileInput}
                  id={fileId}
                  type="file"
                  hidden
                  aria-label="Choose a PDF file"
                  accept="application/pdf,.pdf"
                  onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
                />
                <Button variant="outlined" onClick={() => fileInput.current?.click()}>
                  Choose a PDF file
                </Button>
                <Typography variant="body2" color="text.secondary" aria-live="polite">
                  {file ? `Chosen: ${file.name}` : 'Or drop the file here. No file chosen.'}
                </Typography>
                {file && (
                  <Button size="small" onClick={() => choose(null)}>
                    Clear the file
                  </Button>
                )}
              </Box>
            </Box>

            <Typography sx={{ fontWeight: 600 }} aria-hidden>
              or
            </Typography>

            <Box
              component="section"
              aria-labelledby="verify-code-heading"
              sx={{ display: 'grid', gap: 1 }}
            >
              <Typography id="verify-code-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
                A verification code
              </Typography>
              <TextField
                name="code"
                label="Verification code"
                value={code}
                autoComplete="off"
                placeholder="ABCDE-FGHIJ"
                helperText="Printed on the document's signature page. Capitals or not, either is fine."
                error={codeError}
                onChange={(event) => {
                  setCode(event.target.value);
                  setCodeError(undefined);
                  setAnswer(null);
                  if (event.target.value) setFile(null);
                }}
                inputProps={{ spellCheck: false, autoCapitalize: 'characters' }}
              />
            </Box>

            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {busy ? 'Checking...' : 'Check'}
            </Button>

            <Box aria-live="polite" sx={{ display: 'grid', gap: 1 }}>
              {answer && (
                <Alert severity={answer.result.signed ? 'success' : 'warning'}>
                  <AlertTitle>
                    {answer.result.signed ? 'Signed by the portal' : 'Not signed by the portal'}
                  </AlertTitle>
                  {answer.by === 'file' ? verdict(answer.result) : codeVerdict(answer.result)}
                </Alert>
              )}
              {failure && (
                <Alert severity="error">
                  <AlertTitle>Not checked</AlertTitle>
                  {failure}
                </Alert>
              )}
            </Box>

            <Box
              component="section"
              aria-labelledby="verify-offline-heading"
              sx={{ display: 'grid', gap: 1 }}
            >
              <Typography id="verify-offline-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
                Checking without the portal
              </Typography>
              <Typography variant="body2">
                A signed file carries a digital signature: a PDF reader that shows signatures
                reports it as signed and unchanged since, and anyone can check it offline against
                the portal&apos;s signing certificate.
              </Typography>
              <Link href={certificateUrl} download sx={{ justifySelf: 'start' }}>
                Download the portal&apos;s signing certificate
              </Link>
            </Box>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
