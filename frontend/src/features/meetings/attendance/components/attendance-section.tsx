import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import type { Attendance, Role } from '@/types/api';
import { useAttendance } from '@/features/meetings/attendance/api/attendance';
import { AnswerCounts } from '@/features/meetings/attendance/components/quorum-summary';
import { RecordingTable } from '@/features/meetings/attendance/components/recording-table';

/**
 * The meeting page's Attendance section (spec §2 Meeting page, §2 Attendance section): the answers
 * counted without the quorum (the page's one quorum line says it), and for admins and chairs every
 * answer with the recording table. The reader's own answer controls sit in the page's next steps.
 * Self-contained: it loads its own data; the page's fold gives it its card and heading.
 */
export function AttendanceSection({ meetingId, role }: { meetingId: number; role: Role }) {
  const { data, error, isLoading, mutate } = useAttendance(meetingId);
  const saved = (attendance: Attendance) => void mutate(attendance, { revalidate: false });

  if (isLoading) return <LoadingBlock label="Loading attendance" />;
  if (error || !data) return <ErrorBlock error={error} />;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {data.summary && <AnswerCounts summary={data.summary} />}
      {data.mine && !data.canRespond && data.mine.response === null && (
        <Typography color="text.secondary">This meeting takes no more answers.</Typography>
      )}
      {!data.mine && (
        <Typography color="text.secondary">
          You are not one of this meeting&apos;s members, so you are not asked to answer.
        </Typography>
      )}
      {(role === 'admin' || role === 'chair') && data.canRecord && (
        <RecordingTable meetingId={meetingId} attendance={data} onSaved={saved} />
      )}
    </Box>
  );
}
