// The board pack of a meeting (spec §2 Board pack): one PDF with a cover, the agenda and every PDF paper
// in agenda order. Papers that are not PDF files are not merged into it: the pack's agenda lists them as
// separate downloads, and so does this section, pointing at the agenda item that holds each one.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { readPackPath } from '@/config/paths';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { downloadFile } from '@/lib/download';
import type { AgendaItem, AgendaPaper } from '@/types/api';
import { MyMeetingReading } from '@/features/meetings/reading/components/my-meeting-reading';

export const PDF_MIME_TYPE = 'application/pdf';

/** Whether a paper is merged into the board pack (PDF files are; anything else is a separate download). */
export const inBoardPack = (paper: AgendaPaper) => paper.mimeType === PDF_MIME_TYPE;

export const downloadBoardPack = (meetingId: number) =>
  downloadFile(`/api/meetings/${meetingId}/board-pack`);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Shown under a visible agenda that has papers; renders nothing for an agenda without papers. */
export function BoardPackSection({
  meetingId,
  agenda,
}: {
  meetingId: number;
  agenda: AgendaItem[];
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const papers = agenda.flatMap((item) => item.papers.map((paper) => ({ item, paper })));
  if (papers.length === 0) return null;
  const merged = papers.filter(({ paper }) => inBoardPack(paper));
  const separate = papers.filter(({ paper }) => !inBoardPack(paper));

  const download = () => {
    setBusy(true);
    downloadBoardPack(meetingId)
      .catch((e) => notify(errorToast(e, 'Failed to download the board pack')))
      .finally(() => setBusy(false));
  };

  return (
    <Box
      component="section"
      aria-labelledby="board-pack-heading"
      sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="board-pack-heading" variant="h3" sx={{ fontSize: '1.1rem' }}>
          Board pack
        </Typography>
        <Button
          variant="contained"
          size="small"
          startIcon={<PictureAsPdfOutlined />}
          disabled={busy}
          aria-busy={busy}
          onClick={download}
        >
          Download board pack
        </Button>
        {merged.length > 0 && (
          // The pack opens in the portal's reader (spec §2 Pack reader, Reading in the portal).
          <Button
            variant="outlined"
            size="small"
            startIcon={<MenuBookOutlined />}
            component={RouterLink}
            to={readPackPath(meetingId)}
          >
            Read board pack
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        One PDF: a cover page, the agenda with the page on which each item&apos;s papers start, then{' '}
        {merged.length > 0
          ? `the ${plural(merged.length, 'PDF paper', 'PDF papers')} in agenda order, with a bookmark per item.`
          : 'no papers: none of the papers is a PDF file.'}
      </Typography>
      <MyMeetingReading meetingId={meetingId} />
      {separate.length > 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          <Typography variant="body2" id="board-pack-separate">
            Not in the board pack (
            {plural(separate.length, 'paper is not a PDF file', 'papers are not PDF files')}
            ): the pack&apos;s agenda lists {separate.length === 1 ? 'it' : 'them'} as separate
            downloads. Download {separate.length === 1 ? 'it' : 'them'} from the agenda item:
          </Typography>
          <Box component="ul" aria-labelledby="board-pack-separate" sx={{ my: 0.5, pl: 3 }}>
            {separate.map(({ item, paper }) => (
              <li key={paper.id}>
                <Typography variant="body2">
                  Item {item.number}, {item.title}: {paper.title} ({paper.fileName})
                </Typography>
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
