import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ToneChip } from '@/components/status-chips';
import type { QuorumSummary } from '@/types/api';

function QuorateChip({ quorate, prefix }: { quorate: boolean; prefix: string }) {
  return (
    <ToneChip
      label={`${prefix}: ${quorate ? 'quorate' : 'not quorate'}`}
      tone={quorate ? 'success' : 'warning'}
    />
  );
}

/** Expected and recorded attendance against the board's quorum rule. */
export function QuorumSummaryView({ summary }: { summary: QuorumSummary }) {
  return (
    <Box component="section" aria-label="Quorum" sx={{ display: 'grid', gap: 1 }}>
      <Typography>
        Quorum: {summary.required} needed ({summary.ruleText}; {summary.serving} serving).
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          Expected: {summary.expectedAttending} attending, {summary.apologies} apologies,{' '}
          {summary.notSure} not sure, {summary.noAnswer} not answered.
        </Typography>
        <QuorateChip prefix="Expected" quorate={summary.expectedQuorate} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {summary.recordedPresent === null || summary.recordedQuorate === null ? (
          <Typography variant="body2" color="text.secondary">
            Attendance has not been recorded yet.
          </Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              Recorded: {summary.recordedPresent} present.
            </Typography>
            <QuorateChip prefix="Recorded" quorate={summary.recordedQuorate} />
          </>
        )}
      </Box>
    </Box>
  );
}
