// The caller's own reading record for one agenda paper (spec §2 Pack reader, Reading records): "Read 5 of
// 12 pages" or "Not opened" beside the paper on the agenda. Nothing for a paper that is not a PDF file,
// or when the board has switched reading records off.
import { useParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { useUser } from '@/lib/auth';
import { isGuest } from '@/lib/permissions';
import { myPaperText, samePaper, useMeetingReading } from '@/features/meetings/reading/api';

/**
 * `meetingId` defaults to the meeting of the page (`/meetings/:id`), so the agenda's paper rows need not
 * pass it down; outside a meeting's page this renders nothing.
 */
export function PaperReading({ paperId, meetingId }: { paperId: number; meetingId?: number }) {
  const params = useParams();
  const id = meetingId ?? Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  return valid ? <PaperReadingLine meetingId={id} paperId={paperId} /> : null;
}

function PaperReadingLine({ meetingId, paperId }: { meetingId: number; paperId: number }) {
  // A guest has no reading record (spec §6 Guests).
  const { data } = useMeetingReading(meetingId, !isGuest(useUser()));
  const mine = data?.enabled
    ? data.papers.find((p) => samePaper(p.paper, { kind: 'agendaPaper', id: paperId }))
    : undefined;
  if (!mine) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      color="text.secondary"
      data-testid={`paper-reading-${paperId}`}
    >
      {myPaperText(mine)}
    </Typography>
  );
}
