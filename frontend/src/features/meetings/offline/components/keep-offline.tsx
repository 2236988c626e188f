// "Keep for offline" on the meeting page (docs/spec.md §2 Pack reader, Offline on a phone): keeps the
// agenda, papers, board pack and the person's notes on this device, shows the progress, then what is
// kept and how to remove it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DownloadForOfflineOutlined from '@mui/icons-material/DownloadForOfflineOutlined';
import OfflinePinOutlined from '@mui/icons-material/OfflinePinOutlined';
import { useOnline } from '@/lib/online';
import { useKeptMeeting } from '@/features/meetings/offline/api/use-kept-meeting';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function KeepOffline({ meetingId }: { meetingId: number }) {
  const { status, error, keep, remove, available } = useKeptMeeting(meetingId);
  const online = useOnline();
  if (!available || status.state === 'loading') return null;

  if (status.state === 'kept') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', my: 1 }}>
        <OfflinePinOutlined color="success" aria-hidden />
        <Typography variant="body2">
          Kept for offline on this device ({formatBytes(status.kept.size)})
        </Typography>
        <Button size="small" onClick={() => void remove()}>
          Remove offline copy
        </Button>
      </Box>
    );
  }

  if (status.state === 'keeping') {
    const { done, total } = status.progress;
    return (
      <Box sx={{ my: 1, maxWidth: 360 }} role="status">
        <Typography variant="body2">
          Keeping {done} of {total || '...'} files...
        </Typography>
        <LinearProgress
          variant={total ? 'determinate' : 'indeterminate'}
          value={total ? (done / total) * 100 : undefined}
          aria-label="Keeping for offline"
        />
      </Box>
    );
  }

  return (
    <Box sx={{ my: 1 }}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<DownloadForOfflineOutlined />}
        disabled={!online}
        onClick={() => void keep()}
      >
        Keep for offline
      </Button>
      {error !== null && (
        <Alert severity="error" sx={{ mt: 1 }}>
          The meeting could not be kept for offline. Try again when the connection is steady.
        </Alert>
      )}
    </Box>
  );
}
