import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import type { Attendance, Role } from '@/types/api';
import { useAttendance } from '@/features/meetings/attendance/api/attendance';
import { MyAnswer } from '@/features/meetings/attendance/components/my-answer';
import {
  AnswerCounts,
  QuorumSummaryView,
} from '@/features/meetings/attendance/components/quorum-summary';
import { RecordingTable } from '@/features/meetings/attendance/components/recording-table';

/**
 * A meeting's attendance (spec §2 Attendance section): the member's own answer, the quorum summary,
 * and for admins and chairs every answer with the recording table. Self-contained: it loads its own
 * data. `embedded` (the meeting page, spec §2 Meeting page): no card or heading of its own, the
 * answers counted without the quorum (the page's one quorum line says it) and no answer controls
 * (they sit in the page's next steps).
 */
export function AttendanceSection({
  meetingId,
  role,
  embedded = false,
}: {
  meetingId: number;
  role: Role;
  embedded?: boolean;
}) {
  const { data, error, isLoading, mutate } = useAttendance(meetingId);
  const saved = (attendance: Attendance) => void mutate(attendance, { revalidate: false });

  let body;
  if (isLoading) body = <LoadingBlock label="Loading attendance" />;
  else if (error || !data) body = <ErrorBlock error={error} />;
  else
    body = (
      <Box sx={{ display: 'grid', gap: 3 }}>
        {embedded ? (
          <AnswerCounts summary={data.summary} />
        ) : (
          <QuorumSummaryView summary={data.summary} />
        )}
        {!embedded && data.mine && data.canRespond && (
          <MyAnswer
            key={`${data.mine.response}-${data.mine.reason}`}
            meetingId={meetingId}
            mine={data.mine}
            onSaved={saved}
          />
        )}
        {data.mine && !data.canRespond && data.mine.response === null && (
          <Typography color="text.secondary">This meeting takes no more answers.</Typography>
        )}
        {!data.mine && (
          <Typography color="text.secondary">
            You are not one of this meeting&apos;s members, so you are not asked to answer.
          </Typography>
        )}
        {role !== 'trustee' && data.canRecord && (
          <RecordingTable meetingId={meetingId} attendance={data} onSaved={saved} />
        )}
      </Box>
    );

  if (embedded) return body;
  return (
    <Card component="section" aria-labelledby={`attendance-${meetingId}`}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h2" id={`attendance-${meetingId}`}>
          Attendance
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
