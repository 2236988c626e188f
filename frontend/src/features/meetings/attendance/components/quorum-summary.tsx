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

/** The answers and what was recorded, without the quorum (the meeting page's quorum line says it). */
export function AnswerCounts({ summary }: { summary: QuorumSummary }) {
  return (
    <Box component="section" aria-label="Answers" sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2">
        Answers: {summary.expectedAttending} attending, {summary.apologies} apologies,{' '}
        {summary.notSure} not sure, {summary.noAnswer} not answered.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {summary.recordedPresent === null
          ? 'Attendance has not been recorded yet.'
          : `Recorded: ${summary.recordedPresent} present.`}
      </Typography>
    </Box>
  );
}

/** Members who have answered at all (attending, apologies or not sure). */
export const answered = (s: QuorumSummary) => s.expectedAttending + s.apologies + s.notSure;

/**
 * The meeting's one quorum line (spec §2 Meeting page): the recorded attendance once recorded, else
 * the expected attendance against the rule; while fewer members than the quorum have answered,
 * "Attendance not yet known" (calm: nothing is wrong yet).
 */
export function MeetingQuorumLine({ summary: s }: { summary: QuorumSummary }) {
  let text: string;
  let short = false;
  if (s.recordedPresent !== null) {
    text = `Quorum ${s.required}: ${s.recordedPresent} recorded present`;
    short = s.recordedQuorate === false;
  } else if (answered(s) < s.required) {
    text = `Quorum ${s.required}: Attendance not yet known (${answered(s)} of ${s.serving} answered)`;
  } else {
    text = `Quorum ${s.required}: ${s.expectedAttending} expected to attend`;
    short = !s.expectedQuorate;
  }
  return (
    <Box
      data-testid="meeting-quorum"
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Typography variant="body2" color={short ? 'text.primary' : 'text.secondary'}>
        {text}
      </Typography>
      {short && <ToneChip label="Not quorate" tone="warning" />}
    </Box>
  );
}
