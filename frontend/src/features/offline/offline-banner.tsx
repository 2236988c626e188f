// The shell's calm note while the browser is offline (docs/spec.md §2 Pack reader, Offline on a
// phone): what still opens and what needs a connection. A status region, so screen readers hear it
// when the connection drops without it taking the focus.
import Alert from '@mui/material/Alert';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { useOnline } from '@/lib/online';

export const OFFLINE_TEXT =
  'You are offline. Meetings kept for offline and their papers open; everything else needs a connection.';

export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status">
      {!online && (
        <Alert severity="info" icon={<CloudOffOutlined />} sx={{ mb: 2 }}>
          {OFFLINE_TEXT}
        </Alert>
      )}
    </div>
  );
}
