import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import type { AdminResetResponse } from '@/features/identity/users/api/reset-password';

/** Shows a temporary password once; closing the dialog forgets it. */
export function TempPasswordDialog({
  result,
  onClose,
}: {
  result: AdminResetResponse | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.tempPassword);
      setCopied(true);
    } catch {
      const field = document.getElementById('temp-password') as HTMLInputElement | null;
      field?.select();
    }
  };
  return (
    <Dialog
      open={!!result}
      onClose={onClose}
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => setCopied(false) } }}
    >
      <DialogTitle>Temporary Password</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          Temporary password for <strong>{result?.userName}</strong>. They must choose a new
          password when they next sign in.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            id="temp-password"
            label="Temporary password"
            value={result?.tempPassword ?? ''}
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopyOutlined />}
            onClick={copy}
            sx={{ flexShrink: 0 }}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </Box>
        <Alert severity="warning" role="note" sx={{ mt: 2 }}>
          This password is shown only once. Copy it now and share it securely.
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
