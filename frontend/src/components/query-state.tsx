import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function LoadingBlock({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} size={32} />
    </Box>
  );
}

export function ErrorBlock({ error }: { error: unknown }) {
  const text = error instanceof Error ? error.message : 'Something went wrong';
  return (
    <Alert severity="error" sx={{ my: 2 }}>
      {text}
    </Alert>
  );
}
