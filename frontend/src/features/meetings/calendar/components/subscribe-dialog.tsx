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
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { regenerateFeedUrl, useFeedUrl } from '@/features/meetings/calendar/api/calendar-feed';

/** The private calendar feed: its URL to copy into a calendar app, and a way to replace it. */
export function SubscribeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const { data, error, isLoading, mutate } = useFeedUrl(open);
  const [confirming, setConfirming] = useState(false);

  const copy = async () => {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.url);
      notify({ title: 'Feed address copied', severity: 'success' });
    } catch {
      notify({
        title: 'Could not copy',
        description: 'Select the address and copy it yourself.',
        severity: 'error',
      });
    }
  };

  const regenerate = async () => {
    try {
      await mutate(await regenerateFeedUrl(), { revalidate: false });
      notify({
        title: 'New feed address made',
        description: 'The old address no longer works.',
        severity: 'success',
      });
    } catch (e) {
      notify(errorToast(e, 'Failed to make a new feed address'));
    }
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        fullWidth
        maxWidth="sm"
        aria-labelledby="subscribe-title"
      >
        <DialogTitle id="subscribe-title">Subscribe to the calendar</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography>
            Add this address to your calendar app (Outlook, Google Calendar, Apple Calendar) as a
            subscription, or &quot;from URL&quot;. It shows the meetings you can see in the portal
            and keeps them up to date, including changes and cancellations.
          </Typography>
          {isLoading && <LoadingBlock label="Loading the feed address" />}
          {error && <ErrorBlock error={error} />}
          {data && (
            <TextField
              label="Your private feed address"
              value={data.url}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(e) => e.target.select()}
            />
          )}
          <Alert severity="warning">
            Keep this address private: anyone who has it can read your meetings without signing in.
            If it gets out, make a new one; the old one then stops working.
          </Alert>
        </DialogContent>
        <DialogActions>
          <Box sx={{ flex: 1 }}>
            <Button color="error" disabled={!data} onClick={() => setConfirming(true)}>
              Make a new address
            </Button>
          </Box>
          <Button onClick={onClose}>Close</Button>
          <Button variant="contained" disabled={!data} onClick={copy}>
            Copy address
          </Button>
        </DialogActions>
      </Dialog>
      {confirming && (
        <ConfirmDialog
          open
          title="Make a new feed address?"
          message="Calendars subscribed with the current address will stop updating until you subscribe again with the new one."
          confirmLabel="Make a new address"
          busyLabel="Making..."
          onConfirm={regenerate}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
