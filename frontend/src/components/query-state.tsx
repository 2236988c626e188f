import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { isOnline } from '@/lib/online';

export function LoadingBlock({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} size={32} />
    </Box>
  );
}

/** A request the browser could not send (no connection): fetch rejects with a TypeError. */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;

export function ErrorBlock({ error }: { error: unknown }) {
  // Offline, a page whose data was not kept says so rather than showing a generic failure
  // (docs/spec.md §2 Pack reader, Offline on a phone).
  if (!isOnline() || isNetworkFailure(error)) {
    return (
      <Alert severity="info" sx={{ my: 2 }}>
        This page needs a connection: it was not kept for offline on this device. It opens again
        when you are back online.
      </Alert>
    );
  }
  const text = error instanceof Error ? error.message : 'Something went wrong';
  return (
    <Alert severity="error" sx={{ my: 2 }}>
      {text}
    </Alert>
  );
}
