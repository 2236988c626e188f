// Who has read the papers (spec §2 Pack reader, Reading records): for admins and chairs, before and after
// the meeting, per person and paper: not opened, started, read; with the line the written minutes' draft
// starts with. Anyone else sees nothing here (the server refuses them the summary).
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { ToneChip } from '@/components/status-chips';
import { useUser } from '@/lib/auth';
import { plural } from '@/lib/format';
import { isAdminOrChair } from '@/lib/permissions';
import {
  samePaper,
  stateText,
  useReadingSummary,
  type ReadingSummary,
} from '@/features/meetings/reading/api';

type Person = ReadingSummary['people'][number];
type SummaryPaper = ReadingSummary['papers'][number];

const boxSx = { p: 2, border: 1, borderColor: 'divider', borderRadius: 1 } as const;

function Region({ children }: { children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby="reading-summary-heading" sx={boxSx}>
      <Typography id="reading-summary-heading" variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Who has read the papers
      </Typography>
      {children}
    </Box>
  );
}

/** A person's state on one paper, in words (colour is never the only sign). */
function StateCell({ person, paper }: { person: Person; paper: SummaryPaper }) {
  const entry = person.papers.find((p) => samePaper(p.paper, paper.paper));
  const state = entry?.state ?? 'notOpened';
  const text = stateText(state, entry?.pagesRead ?? 0, paper.pageCount);
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: state === 'notOpened' ? 'text.secondary' : 'text.primary',
      }}
    >
      {state === 'read' && <CheckCircleOutlined fontSize="small" color="success" aria-hidden />}
      {text}
    </Box>
  );
}

/** "Budget 2027 (12 pages): 5 read, 2 started, 1 not opened." */
function paperCounts(summary: ReadingSummary, paper: SummaryPaper): string {
  const states = summary.people.map(
    (person) => person.papers.find((p) => samePaper(p.paper, paper.paper))?.state ?? 'notOpened',
  );
  const count = (s: string) => states.filter((x) => x === s).length;
  return `${paper.title} (${plural(paper.pageCount, 'page', 'pages')}): ${count('read')} read, ${count('started')} started, ${count('notOpened')} not opened.`;
}

/** Column headers name the papers; two papers of the same title get a number to tell them apart. */
function headers(papers: SummaryPaper[]): string[] {
  const seen = new Map<string, number>();
  return papers.map((p) => {
    const n = (seen.get(p.title) ?? 0) + 1;
    seen.set(p.title, n);
    return n === 1 ? p.title : `${p.title} (${n})`;
  });
}

export function ReadingSummarySection({ meetingId }: { meetingId: number }) {
  const user = useUser();
  const officer = isAdminOrChair(user);
  const { data, error } = useReadingSummary(meetingId, officer);
  if (!officer) return null;
  if (error)
    return (
      <Region>
        <Alert severity="error">
          {error instanceof Error ? error.message : 'Failed to load who has read the papers'}
        </Alert>
      </Region>
    );
  if (!data) return null;
  if (!data.enabled)
    return (
      <Region>
        <Typography variant="body2" color="text.secondary">
          Reading records are switched off for this board.
        </Typography>
      </Region>
    );
  if (data.papers.length === 0) return null;

  const names = headers(data.papers);
  const columns: Column<Person>[] = [
    {
      header: 'Name',
      card: 'heading',
      cell: (person) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
            {person.user.name}
          </Typography>
          {person.readAll && <ToneChip label="Read all papers" tone="success" />}
        </Box>
      ),
    },
    ...data.papers.map((paper, i): Column<Person> => ({
      header: names[i],
      cell: (person) => <StateCell person={person} paper={paper} />,
    })),
  ];

  return (
    <Region>
      {data.line && <Typography sx={{ mb: 1 }}>{data.line}</Typography>}
      <Box component="ul" aria-label="Per paper" sx={{ my: 1, pl: 3 }}>
        {data.papers.map((paper) => (
          <li key={`${paper.paper.kind}-${paper.paper.id}`}>
            <Typography variant="body2">{paperCounts(data, paper)}</Typography>
          </li>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Read: every page shown in the portal&apos;s reader. What people read elsewhere (a download,
        a printout) is not recorded.
      </Typography>
      {data.people.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nobody is invited to this meeting.
        </Typography>
      ) : (
        <ResponsiveTable
          caption="Who has read the papers, per person and paper"
          rows={data.people}
          rowKey={(person) => person.user.id}
          columns={columns}
          cardsBelow={data.papers.length > 3 ? 'lg' : 'md'}
        />
      )}
    </Region>
  );
}
