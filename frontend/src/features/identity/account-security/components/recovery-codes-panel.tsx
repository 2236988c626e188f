// The 10 recovery codes, shown once: copy, download as a text file, and confirm they are stored.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useNotify } from '@/components/notifications/notifications-provider';
import { saveBlob } from '@/lib/download';
import { copyText } from '@/features/identity/account-security/lib/copy';

export const RECOVERY_CODES_FILE = 'trustee-portal-recovery-codes.txt';

function recoveryCodesText(codes: string[], email?: string): string {
  return [
    `Trustee Portal recovery codes${email ? ` for ${email}` : ''}`,
    `Saved ${new Date().toISOString().slice(0, 10)}.`,
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

type Props = {
  codes: string[];
  email?: string;
  doneLabel?: string;
  onDone: () => void;
};

export function RecoveryCodesPanel({ codes, email, doneLabel = 'Done', onDone }: Props) {
  const notify = useNotify();
  const [stored, setStored] = useState(false);
  const text = recoveryCodesText(codes, email);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="warning" role="note">
        <AlertTitle>Store these recovery codes now</AlertTitle>
        They are shown only this once. If you lose your phone, each code lets you sign in one time.
        Keep them somewhere safe, such as a password manager or a printed copy in a locked drawer.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyOutlined />}
          onClick={() => void copyText(codes.join('\n'), notify, 'Recovery codes copied')}
        >
          Copy codes
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() =>
            saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), RECOVERY_CODES_FILE)
          }
        >
          Download (.txt)
        </Button>
      </Box>
      <FormControlLabel
        control={
          <Checkbox checked={stored} onChange={(event) => setStored(event.target.checked)} />
        }
        label="I have stored my recovery codes somewhere safe"
      />
      <Box>
        <Button variant="contained" disabled={!stored} onClick={onDone}>
          {doneLabel}
        </Button>
      </Box>
    </Box>
  );
}
