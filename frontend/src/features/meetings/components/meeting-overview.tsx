// The first screen of the meeting page (spec §2 Meeting page): when, where, the link, the status, the
// meeting's one quorum line and the reader's own next steps: answer attendance (the answer controls
// right here), read the papers, declare an interest; once held, only the tasks left (the minutes).
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { ToneChip } from '@/components/status-chips';
import { openExternal } from '@/lib/download';
import { useUser } from '@/lib/auth';
import { formatLongDate, formatTime, isPast, plural } from '@/lib/format';
import { isGuest } from '@/lib/permissions';
import type { AgendaItem, Meeting, Task } from '@/types/api';
import { useAttendance } from '@/features/meetings/attendance/api/attendance';
import { MyAnswer } from '@/features/meetings/attendance/components/my-answer';
import { MeetingQuorumLine } from '@/features/meetings/attendance/components/quorum-summary';
import type { ConflictsController } from '@/features/meetings/conflicts/components/item-conflicts';

const kindLabels: Record<Meeting['kind'], string> = {
  board: 'Board meeting',
  committee: 'Committee meeting',
  agm: 'AGM',
  other: 'Other meeting',
};

/** Held once its planned end is past (spec §2 Meeting page): a meeting in progress is not yet held. */
export const isHeld = (meeting: Meeting): boolean =>
  meeting.status !== 'cancelled' && isPast(meeting.plannedEnd);

/** The meeting's status in one word or two (spec §2 Meeting page). */
export function meetingStatus(meeting: Meeting): {
  label: string;
  tone: 'error' | 'success' | 'default';
} {
  if (meeting.status === 'cancelled') return { label: 'Cancelled', tone: 'error' };
  if (isHeld(meeting)) return { label: 'Held', tone: 'default' };
  if (meeting.agendaStatus === 'published') return { label: 'Agenda published', tone: 'success' };
  return { label: 'Draft agenda', tone: 'default' };
}

/** The agenda items naming one of the reader's registered interests (spec §10), first item first. */
function registerMatches(conflicts: ConflictsController, userId: number) {
  if (!conflicts.data || conflicts.data.cancelled) return [];
  return conflicts.data.items.flatMap((item) =>
    item.suggestedConflicts.filter((s) => s.userId === userId).map((s) => ({ item, s })),
  );
}

/**
 * "Declare an interest": straight to the dialog with the register entry when an item names one of
 * the reader's interests (a prompt, so a next step), else a menu of the items (always available, but
 * not a to-do).
 */
function DeclareStep({
  conflicts,
  matches,
}: {
  conflicts: ConflictsController;
  matches: ReturnType<typeof registerMatches>;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = conflicts.data?.items ?? [];
  if (!conflicts.data || conflicts.data.cancelled || items.length === 0) return null;
  if (matches.length > 0) {
    const { item, s } = matches[0];
    return (
      <Button
        variant="outlined"
        onClick={() => conflicts.declare(item, { userId: s.userId, interestId: s.interestId })}
      >
        Declare an interest: {s.organisation} (item {item.number})
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Declare an interest
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.map((item) => (
          <MenuItem
            key={item.agendaItemId}
            sx={{ whiteSpace: 'normal', maxWidth: '90vw' }}
            onClick={() => {
              setAnchor(null);
              conflicts.declare(item);
            }}
          >
            Item {item.number}: {item.title}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * One of the reader's tasks for this meeting (spec §2 Dashboard, For you; the app passes them in, as
 * this feature does not read another's).
 */
export type MeetingTask = Pick<Task, 'id' | 'kind' | 'text' | 'link'>;

type Props = {
  meeting: Meeting;
  /** Undefined while the reader's tasks load. */
  tasks?: MeetingTask[];
  agenda: AgendaItem[];
  agendaVisible: boolean;
  conflicts: ConflictsController;
};

export function MeetingOverview({ meeting, tasks, agenda, agendaVisible, conflicts }: Props) {
  const mine = tasks ?? [];
  const user = useUser();
  // The board's quorum is the board's business: a guest sees their own answer only (spec §6 Guests).
  const guest = isGuest(user);
  const { data: attendance, mutate } = useAttendance(meeting.id);
  const cancelled = meeting.status === 'cancelled';
  const status = meetingStatus(meeting);
  const held = isHeld(meeting);
  const papers = agendaVisible ? agenda.reduce((n, item) => n + item.papers.length, 0) : 0;
  const readTask = mine.find((t) => t.kind === 'read-papers');
  // The answer controls show while the reader may answer, read from the attendance sheet itself
  // (so the page works without tasks); an unanswered invitation is the first next step.
  const myAnswer = !cancelled && attendance?.canRespond ? attendance.mine : null;
  const others = mine.filter((t) => !['answer-attendance', 'read-papers'].includes(t.kind));
  const matches = held ? [] : registerMatches(conflicts, user.id);
  // A to-do is an answer still to give, unread papers (the read-papers task), a register match or
  // another task for this meeting; the papers and "Declare an interest" stay offered without being one.
  const nothingToDo =
    tasks !== undefined &&
    !(myAnswer && myAnswer.response === null) &&
    !readTask &&
    matches.length === 0 &&
    others.length === 0;
  // A task's link to `#next-steps` (answering attendance) lands on the answer controls, once the
  // attendance sheet that shows them has arrived.
  const { hash } = useLocation();
  const landOnSteps = hash === '#next-steps' && attendance !== undefined;
  useEffect(() => {
    if (!landOnSteps) return undefined;
    const frame = window.requestAnimationFrame(() =>
      document.getElementById('next-steps')?.scrollIntoView?.({ block: 'start' }),
    );
    return () => window.cancelAnimationFrame(frame);
  }, [landOnSteps]);

  return (
    <Card component="section" aria-label="About this meeting" sx={{ mb: 2 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5, px: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <ToneChip label={status.label} tone={status.tone} />
          <Chip
            variant="outlined"
            label={
              meeting.committeeName
                ? `${meeting.committeeName} committee`
                : kindLabels[meeting.kind]
            }
            sx={{ maxWidth: '100%' }}
          />
        </Box>
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{formatLongDate(meeting.meetingDate)}</Typography>
          <Typography>
            {formatTime(meeting.meetingDate)} – {formatTime(meeting.plannedEnd)} (
            {meeting.durationMinutes} min planned)
          </Typography>
          {meeting.location && (
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                Where:{' '}
              </Box>
              {meeting.location}
            </Typography>
          )}
        </Box>
        {meeting.description && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {meeting.description}
          </Typography>
        )}
        {attendance?.summary && !cancelled && !guest && (
          <MeetingQuorumLine summary={attendance.summary} held={held} />
        )}
        {!cancelled && meeting.meetingLink && (
          <Button
            variant="contained"
            sx={{ justifySelf: 'start' }}
            onClick={() => openExternal(meeting.meetingLink as string)}
          >
            Join meeting
          </Button>
        )}
        {!cancelled && (
          <Box component="section" aria-labelledby="next-steps" sx={{ display: 'grid', gap: 1.5 }}>
            <Typography
              id="next-steps"
              variant="h2"
              // The app bar is fixed on a phone: keep the heading below it when scrolled to.
              sx={{ fontSize: '1.15rem', scrollMarginTop: 80 }}
            >
              Your next steps
            </Typography>
            {held ? (
              // After the meeting only its minutes and attendance tasks remain (spec §2 Meeting page).
              <Typography variant="body2" color="text.secondary">
                This meeting has been held.
              </Typography>
            ) : (
              <>
                {myAnswer && (
                  <MyAnswer
                    key={`${myAnswer.response}-${myAnswer.reason}`}
                    meetingId={meeting.id}
                    mine={myAnswer}
                    onSaved={(next) => void mutate(next, { revalidate: false })}
                  />
                )}
                {nothingToDo && (
                  <Typography variant="body2" color="text.secondary">
                    Nothing for you to do for this meeting.
                  </Typography>
                )}
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {papers > 0 && (
                    <Button
                      component={RouterLink}
                      to={{ hash: 'papers' }}
                      variant="outlined"
                      startIcon={<DescriptionOutlined />}
                    >
                      {readTask
                        ? readTask.text
                        : `Read the papers (${plural(papers, 'paper', 'papers')})`}
                    </Button>
                  )}
                  <DeclareStep conflicts={conflicts} matches={matches} />
                </Box>
              </>
            )}
            {others.map((t) => (
              <Button key={t.id} component={RouterLink} to={t.link} sx={{ justifySelf: 'start' }}>
                {t.text}
              </Button>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
