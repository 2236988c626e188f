import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { formatDate, formatDateTime } from '@/lib/format';
import { useInterestHistory } from '@/features/governance/api/interests';
import { type InterestFields, interestKindLabels } from '@/features/governance/types';

const describe = (f: InterestFields) =>
  `${interestKindLabels[f.kind]}: ${f.organisation} (${f.nature}), since ${formatDate(f.startedOn)}` +
  (f.endedOn ? `, ended ${formatDate(f.endedOn)}` : '');

export function InterestHistoryDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data, error, isLoading } = useInterestHistory(id);
  return (
    <Dialog open={id !== null} onClose={onClose} aria-labelledby="interest-history-title">
      <DialogTitle id="interest-history-title">History of this entry</DialogTitle>
      <DialogContent>
        {isLoading && <LoadingBlock />}
        {error && <ErrorBlock error={error} />}
        <ol style={{ paddingLeft: 20, margin: 0 }}>
          {(data ?? []).map((v, index) => (
            <li key={index} style={{ marginBottom: 12 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {v.before ? 'Changed' : 'Added'} by {v.changedByName} on{' '}
                {formatDateTime(v.changedAt)}
              </Typography>
              {v.before && (
                <Typography variant="body2" color="text.secondary">
                  Before: {describe(v.before)}
                </Typography>
              )}
              <Typography variant="body2">
                {v.before ? 'After' : 'Entry'}: {describe(v.after)}
              </Typography>
            </li>
          ))}
        </ol>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
