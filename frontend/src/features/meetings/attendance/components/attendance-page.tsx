// A stand-in page for one meeting's attendance until the meeting page (/meetings/:id) mounts
// AttendanceSection itself; reached from the calendar's meeting cards.
import { useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { useUser } from '@/lib/auth';
import { AttendanceSection } from '@/features/meetings/attendance/components/attendance-section';

export function MeetingAttendancePage() {
  const user = useUser();
  const { id } = useParams();
  const meetingId = Number(id);
  return (
    <>
      <PageHeader
        title="Meeting attendance"
        subtitle="Answers, recorded attendance and the quorum"
      />
      {Number.isInteger(meetingId) && meetingId > 0 ? (
        <AttendanceSection meetingId={meetingId} role={user.role} />
      ) : null}
    </>
  );
}
