import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ToneChip } from '@/components/status-chips';
import type { QuorumSummary } from '@/types/api';

/** Said instead of any count while nobody is invited (a committee without members): never "0 of 0". */
const NO_MEMBERS = 'No members invited yet';

/** The answers and what was recorded, without the quorum (the meeting page's quorum line says it). */
export function AnswerCounts({ summary }: { summary: QuorumSummary }) {
  return (
    <Box component="section" aria-label="Answers" sx={{ display: 'grid', gap: 0.5 }}>
      {summary.serving === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {NO_MEMBERS}.
        </Typography>
      ) : (
        <Typography variant="body2">
          Answers: {summary.expectedAttending} attending, {summary.apologies} apologies,{' '}
          {summary.notSure} not sure, {summary.noAnswer} not answered.
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {summary.recordedPresent === null
          ? 'Attendance has not been recorded yet.'
          : `Recorded: ${summary.recordedPresent} present.`}
      </Typography>
    </Box>
  );
}

/** Members who have answered at all (attending, apologies or not sure). */
const answered = (s: QuorumSummary) => s.expectedAttending + s.apologies + s.notSure;

/** The most members who may still attend: every one not sending apologies. */
const mayAttend = (s: QuorumSummary) => s.expectedAttending + s.notSure + s.noAnswer;

/** What the quorum line says, and whether the meeting is known to be short of its quorum. */
function quorumLine(s: QuorumSummary, held: boolean): { text: string; short: boolean } {
  const quorum = `Quorum ${s.required}`;
  if (s.recordedPresent !== null)
    return {
      text: `${quorum}: ${s.recordedPresent} recorded present`,
      short: s.recordedPresent < s.required,
    };
  // Once the meeting is over only the record tells; the answers were forecasts.
  if (held) return { text: `${quorum}: attendance not recorded yet`, short: false };
  // With nobody serving the quorum number says nothing either.
  if (s.serving === 0) return { text: NO_MEMBERS, short: false };
  if (mayAttend(s) < s.required)
    return { text: `${quorum}: at most ${mayAttend(s)} can attend`, short: true };
  if (s.expectedAttending >= s.required)
    return { text: `${quorum}: ${s.expectedAttending} expected to attend`, short: false };
  if (s.noAnswer === 0)
    return {
      text: `${quorum}: ${s.expectedAttending} expected to attend, ${s.notSure} not sure`,
      short: false,
    };
  return {
    text: `${quorum}: Attendance not yet known (${answered(s)} of ${s.serving} answered)`,
    short: false,
  };
}

/**
 * The meeting's one quorum line (spec §2 Meeting page): the recorded attendance once recorded, else
 * the expected attendance against the rule. It warns ("Not quorate") only when the meeting is known
 * to be short: fewer recorded present than the quorum, or fewer attending, not sure and not answered
 * together than it needs. Otherwise it stays calm: enough expected, or "Attendance not yet known"
 * while the members yet to answer could still make the quorum.
 */
export function MeetingQuorumLine({ summary, held }: { summary: QuorumSummary; held: boolean }) {
  const { text, short } = quorumLine(summary, held);
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
