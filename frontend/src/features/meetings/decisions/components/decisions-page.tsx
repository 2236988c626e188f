// `/decisions`: the decisions register, for every signed-in member (spec §2 Written minutes and the
// decisions register).
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import { EmptyState } from '@/components/empty-state';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { PageHeader } from '@/components/page-header';
import { NoSearchMatches, SearchForm, useSubmittedSearch } from '@/components/search-form';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { meetingPath } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { isGuest } from '@/lib/permissions';
import type { Decision } from '@/types/api';
import { downloadDecisionsCsv, useDecisions } from '@/features/meetings/decisions/api/decisions';

const statusLabels: Record<string, string> = {
  draft: 'Minutes draft',
  circulated: 'Minutes circulated',
  approved: 'Minutes approved',
  locked: 'Minutes locked',
};

/** `guest`: an auditor, who has no meeting pages to open (spec §6 Guests). */
const columnsFor = (guest: boolean): Column<Decision>[] => [
  { header: 'Date', nowrap: true, cell: (d) => formatDate(d.date) },
  {
    header: 'Meeting',
    minWidth: 160,
    cell: (d) =>
      d.meetingId && guest ? (
        d.meetingTitle
      ) : d.meetingId ? (
        <Link component={RouterLink} to={meetingPath(d.meetingId)}>
          {d.meetingTitle}
        </Link>
      ) : (
        'Written resolution'
      ),
  },
  { header: 'Item', minWidth: 140, cell: (d) => d.item ?? (d.meetingId ? 'General' : '') },
  {
    header: 'Decision',
    card: 'heading',
    minWidth: 240,
    cell: (d) => (
      <Typography sx={{ fontSize: 'inherit', whiteSpace: 'pre-wrap' }}>{d.text}</Typography>
    ),
  },
  {
    header: 'Status',
    cell: (d) =>
      d.minutesStatus ? (
        <Chip
          size="small"
          variant={d.minutesStatus === 'draft' ? 'outlined' : 'filled'}
          label={statusLabels[d.minutesStatus] ?? d.minutesStatus}
        />
      ) : (
        <Chip size="small" label="Resolution passed" />
      ),
  },
];

export function DecisionsPage() {
  const notify = useNotify();
  // An auditor reads the register of their period and exports it (spec §6 Guests); meetings are not
  // links for them.
  const guest = isGuest(useUser());
  const query = useSubmittedSearch();
  const { search } = query;
  const { data, error, isLoading } = useDecisions(search);

  let body;
  if (isLoading) body = <LoadingBlock />;
  else if (error) body = <ErrorBlock error={error} />;
  else if (!data?.length)
    body = search ? (
      <NoSearchMatches state={query} noun="decisions" icon={<GavelOutlined />} />
    ) : (
      <EmptyState
        icon={<GavelOutlined />}
        title="No decisions recorded"
        description="Decisions recorded in written minutes, and written resolutions that passed, appear here."
      />
    );
  else
    body = (
      <ResponsiveTable
        caption="Decisions"
        rows={data}
        rowKey={(d) => `${d.source}-${d.meetingId ?? d.resolutionId}-${d.date}-${d.text}`}
        columns={columnsFor(guest)}
        cardsBelow="md"
      />
    );

  return (
    <>
      <PageHeader
        title="Decisions register"
        subtitle="Every decision recorded in the minutes, and written resolutions that passed"
        actions={
          <Button
            variant="outlined"
            startIcon={<DownloadOutlined />}
            onClick={() =>
              downloadDecisionsCsv(search).catch((e) =>
                notify(errorToast(e, 'Failed to export the decisions')),
              )
            }
          >
            Export CSV
          </Button>
        }
      />
      <Card>
        <SearchForm
          id="decisions-search"
          label="Search decisions"
          state={query}
          hasResults={Boolean(data?.length)}
        />
        {body}
      </Card>
    </>
  );
}
