// The caller's own reading record for a meeting's papers (spec §2 Pack reader, Reading records): one line
// in the board pack box. Nothing when the board has switched reading records off or the meeting has no
// PDF papers.
import Typography from '@mui/material/Typography';
import { useUser } from '@/lib/auth';
import { isGuest } from '@/lib/permissions';
import { useMeetingReading } from '@/features/meetings/reading/api';

export function MyMeetingReading({ meetingId }: { meetingId: number }) {
  // A guest has no reading record (spec §6 Guests).
  const { data } = useMeetingReading(meetingId, !isGuest(useUser()));
  if (!data?.enabled || data.papers.length === 0 || data.pageCount === 0) return null;
  return (
    <Typography variant="body2" sx={{ mt: 1 }} data-testid="my-meeting-reading">
      You have read {data.pagesRead} of {data.pageCount} {data.pageCount === 1 ? 'page' : 'pages'}{' '}
      of the papers in the portal&apos;s reader.
    </Typography>
  );
}
