// Written resolutions decided since the board last met, offered to this board meeting's agenda (issue
// 14): admins and chairs add each as a noting item that reports its result, so the minutes record it.
import { useState } from 'react';
import useSWR from 'swr';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ToneChip } from '@/components/status-chips';
import { formatDate } from '@/lib/format';
import type { components } from '@/types/api.generated';
import { meetingApi, resolutionOffersKey } from '@/features/meetings/api/meeting';

type Resolution = components['schemas']['Resolution'];

const result = (r: Resolution): string => {
  const tally = r.tally;
  const decided = `decided ${formatDate(r.decidedAt)}`;
  return tally
    ? `${decided}: ${tally.for} for, ${tally.against} against, ${tally.abstain} abstained`
    : decided;
};

type Props = {
  meetingId: number;
  /** Refreshes the meeting page once an item is added. */
  onAdded: () => Promise<unknown>;
};

export function ResolutionOffers({ meetingId, onAdded }: Props) {
  const notify = useNotify();
  // Read afresh each time the page opens: a vote elsewhere may have decided a resolution meanwhile.
  const { data, mutate } = useSWR<Resolution[]>(resolutionOffersKey(meetingId), {
    revalidateOnMount: true,
  });
  const [adding, setAdding] = useState<number | null>(null);
  if (!data || data.length === 0) return null;

  const add = async (resolution: Resolution) => {
    setAdding(resolution.id);
    try {
      await meetingApi.addResolutionItem(meetingId, resolution.id);
      await Promise.all([mutate(), onAdded()]);
      notify({ title: 'Added to the agenda', description: resolution.title });
    } catch (error) {
      notify(errorToast(error, 'Failed to add the resolution to the agenda'));
    } finally {
      setAdding(null);
    }
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="resolution-offers-heading"
      sx={{ p: 2, mt: 2 }}
    >
      <Typography id="resolution-offers-heading" variant="h3" component="h3">
        Written resolutions decided since the last meeting
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Add each to the agenda so the board notes the result and the minutes record it.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 1 }}>
        {data.map((r) => (
          <Box
            component="li"
            key={r.id}
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          >
            <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{r.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {result(r)}
              </Typography>
            </Box>
            <ToneChip
              label={r.status === 'passed' ? 'Passed' : 'Not passed'}
              tone={r.status === 'passed' ? 'success' : 'error'}
            />
            <Button
              variant="outlined"
              size="small"
              aria-label={`Add to agenda: ${r.title}`}
              disabled={adding !== null}
              onClick={() => void add(r)}
            >
              Add to agenda
            </Button>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
