import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmptyState } from '@/components/empty-state';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ToneChip } from '@/components/status-chips';
import { useUser } from '@/lib/auth';
import { downloadFile } from '@/lib/download';
import { formatDateTime } from '@/lib/format';
import { isAdminOrChair } from '@/lib/permissions';
import { useResolutionActions, useResolutions } from '@/features/governance/api/resolutions';
import type { Resolution, VoteChoice } from '@/features/governance/types';
import { ProposeResolutionDialog } from '@/features/governance/components/propose-resolution-dialog';
import { useSignatureSlots } from '@/features/governance/components/signature-slots';

const statusTone = { open: 'info', passed: 'success', failed: 'error' } as const;
const statusLabel = { open: 'Open', passed: 'Passed', failed: 'Not passed' } as const;
const thresholdLabel = (r: Resolution) =>
  r.threshold === 'majority'
    ? 'a majority of eligible trustees'
    : r.threshold === 'unanimous'
      ? 'all eligible trustees'
      : `${r.thresholdCount} votes for`;

function ResolutionCard({ resolution: r }: { resolution: Resolution }) {
  const notify = useNotify();
  const { vote, declareConflict } = useResolutionActions();
  const slots = useSignatureSlots();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const cast = async (choice: VoteChoice) => {
    setBusy(true);
    try {
      await vote(r.id, choice, comment);
      notify({ title: 'Vote recorded' });
    } catch (error) {
      notify(errorToast(error, 'Failed to record the vote'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card component="article" aria-label={r.title} sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="h3" component="h2">
            {r.title}
          </Typography>
          <ToneChip label={statusLabel[r.status]} tone={statusTone[r.status]} />
        </Box>
        <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{r.text}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Proposed by {r.proposedByName} · passes with {thresholdLabel(r)} · {r.votedCount} of{' '}
          {r.eligibleCount} eligible have voted ·{' '}
          {r.status === 'open'
            ? `closes ${formatDateTime(r.closesAt)}`
            : `decided ${formatDateTime(r.decidedAt ?? r.closesAt)}${r.decidedEarly ? ' (before closing, as the result could not change)' : ''}`}
        </Typography>
        {r.papers.map((p) => (
          <Button
            key={p.documentId}
            size="small"
            onClick={() => downloadFile(`/api/documents/${p.documentId}/download`)}
          >
            {p.title}
          </Button>
        ))}
        {r.canVote && (
          <Box sx={{ mt: 2, display: 'grid', gap: 1 }}>
            <TextField
              size="small"
              label="Comment (optional)"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                color="success"
                disabled={busy}
                onClick={() => cast('for')}
              >
                Vote for
              </Button>
              <Button
                variant="contained"
                color="error"
                disabled={busy}
                onClick={() => cast('against')}
              >
                Vote against
              </Button>
              <Button variant="outlined" disabled={busy} onClick={() => cast('abstain')}>
                Abstain
              </Button>
              <Button
                disabled={busy}
                onClick={() =>
                  declareConflict(r.id).catch((e) =>
                    notify(errorToast(e, 'Failed to declare the conflict')),
                  )
                }
              >
                I have a conflict of interest
              </Button>
            </Box>
          </Box>
        )}
        {r.myVote && (
          <Typography sx={{ mt: 1 }}>
            You voted <strong>{r.myVote}</strong>.
          </Typography>
        )}
        {r.tally ? (
          <Box sx={{ mt: 1 }} aria-label="Tally">
            <Typography>
              For {r.tally.for} · Against {r.tally.against} · Abstain {r.tally.abstain} · Not yet
              voted {r.tally.outstanding} ({r.tally.needed} for needed)
            </Typography>
            <ul>
              {(r.votes ?? []).map((v) => (
                <li key={v.userId}>
                  <Typography variant="body2">
                    {v.voterName}: {v.vote}
                    {v.comment ? ` – “${v.comment}”` : ''} ({formatDateTime(v.votedAt)})
                  </Typography>
                </li>
              ))}
            </ul>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            The tally is shown once you have voted or voting has closed.
          </Typography>
        )}
        {slots.resolution && (
          <Box sx={{ mt: 1 }}>{slots.resolution({ id: r.id, status: r.status })}</Box>
        )}
      </CardContent>
    </Card>
  );
}

export function ResolutionsTab() {
  const user = useUser();
  const officer = isAdminOrChair(user);
  const { data, error, isLoading } = useResolutions();
  const [proposing, setProposing] = useState(false);
  if (isLoading) return <LoadingBlock />;
  if (error) return <ErrorBlock error={error} />;
  const resolutions = data ?? [];
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Decisions taken between meetings. Each eligible trustee votes once; votes cannot be changed.
      </Typography>
      {officer && (
        <Button variant="contained" sx={{ mb: 2 }} onClick={() => setProposing(true)}>
          Propose a resolution
        </Button>
      )}
      {resolutions.length === 0 ? (
        <EmptyState title="No written resolutions yet" />
      ) : (
        resolutions.map((r) => <ResolutionCard key={r.id} resolution={r} />)
      )}
      {proposing && <ProposeResolutionDialog onClose={() => setProposing(false)} />}
    </Box>
  );
}
