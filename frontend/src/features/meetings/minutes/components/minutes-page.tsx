import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { EmptyState } from '@/components/empty-state';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { PageHeader } from '@/components/page-header';
import { NoSearchMatches, SearchForm, useSubmittedSearch } from '@/components/search-form';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { useUser } from '@/lib/auth';
import { openExternal } from '@/lib/download';
import { formatDate } from '@/lib/format';
import { canManageContent, isGuest } from '@/lib/permissions';
import { meetingPath } from '@/config/paths';
import type { Minutes, WrittenMinutesSummary } from '@/types/api';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { RowAction } from '@/components/responsive-table/row-action';
import { useMinutes, useWrittenMinutesArchive } from '@/features/meetings/minutes/api/get-minutes';
import { viewMinutes } from '@/features/meetings/minutes/api/view-minutes';
import { minutesApi } from '@/features/meetings/minutes/api/written-minutes';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { readMinutesPath } from '@/config/paths';
import { UploadMinutesDialog } from '@/features/meetings/minutes/components/upload-minutes-dialog';

const columns: Column<Minutes>[] = [
  {
    header: 'Meeting Title',
    card: 'heading',
    minWidth: 180,
    cell: (m) => <Typography sx={{ fontWeight: 600, fontSize: 'inherit' }}>{m.title}</Typography>,
  },
  { header: 'Date', nowrap: true, cell: (m) => formatDate(m.meetingDate) },
  {
    header: 'Type',
    cell: (m) => <Chip variant="outlined" label={m.externalLink ? 'External Link' : 'PDF File'} />,
  },
  { header: 'Status', cell: () => <Chip label="Uploaded" /> },
  { header: 'Uploaded', nowrap: true, cell: (m) => formatDate(m.createdAt) },
];

const writtenStatus: Record<string, { label: string; color: 'default' | 'info' | 'success' }> = {
  draft: { label: 'Draft', color: 'default' },
  circulated: { label: 'Circulated', color: 'info' },
  approved: { label: 'Approved', color: 'success' },
  locked: { label: 'Approved and locked', color: 'success' },
};

/** `guest`: an auditor, who reads the minutes as PDFs, not on meeting pages (spec §6 Guests). */
const writtenColumns = (guest: boolean): Column<WrittenMinutesSummary>[] => [
  {
    header: 'Meeting',
    card: 'heading',
    minWidth: 180,
    cell: (m) =>
      guest ? (
        <Typography sx={{ fontWeight: 600, fontSize: 'inherit' }}>{m.meetingTitle}</Typography>
      ) : (
        <Link component={RouterLink} to={meetingPath(m.meetingId)} sx={{ fontWeight: 600 }}>
          {m.meetingTitle}
        </Link>
      ),
  },
  { header: 'Date', nowrap: true, cell: (m) => formatDate(m.meetingDate) },
  {
    header: 'Status',
    cell: (m) => {
      const status = writtenStatus[m.status] ?? { label: m.status, color: 'default' as const };
      return (
        <Chip
          color={status.color}
          variant={m.status === 'draft' ? 'outlined' : 'filled'}
          label={status.label}
        />
      );
    },
  },
  {
    header: 'Version',
    cell: (m) =>
      m.approvedOn ? `${m.version}, approved ${formatDate(m.approvedOn)}` : String(m.version),
  },
];

/** Minutes written in the portal: read on each meeting's page (an auditor downloads their PDF). */
function WrittenMinutesCard({ search, guest }: { search: string; guest: boolean }) {
  const notify = useNotify();
  const { data, error } = useWrittenMinutesArchive(search);
  if (error) return <ErrorBlock error={error} />;
  if (!data?.length) return null;
  return (
    <Card component="section" aria-labelledby="written-minutes-heading" sx={{ mt: 3 }}>
      <Box sx={{ p: 2, pb: 1 }}>
        <Typography id="written-minutes-heading" variant="h2">
          Written minutes
        </Typography>
        <Typography color="text.secondary">
          {guest
            ? 'Minutes written in the portal, as PDF files.'
            : 'Minutes written in the portal. Open the meeting to read them or download the PDF.'}
        </Typography>
      </Box>
      <ResponsiveTable
        caption="Written minutes"
        rows={data}
        rowKey={(m) => m.meetingId}
        columns={writtenColumns(guest)}
        actions={
          guest
            ? (m) => (
                <RowAction
                  label="Download PDF"
                  accessibleLabel={`Download PDF of the minutes of ${m.meetingTitle}`}
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    void minutesApi
                      .downloadPdf(m.meetingId)
                      .catch((e) => notify(errorToast(e, 'Failed to download the minutes')))
                  }
                />
              )
            : undefined
        }
      />
    </Card>
  );
}

export function MinutesPage() {
  const user = useUser();
  const canManage = canManageContent(user);
  const notify = useNotify();
  const query = useSubmittedSearch();
  const { search } = query;
  const [uploadOpen, setUploadOpen] = useState(false);
  const { data, error, isLoading } = useMinutes(search);

  const open = (m: Minutes) => {
    if (m.externalLink) {
      openExternal(m.externalLink);
      return;
    }
    viewMinutes(m.id).catch((e) => notify(errorToast(e, 'Failed to open minutes')));
  };

  let body;
  if (isLoading) body = <LoadingBlock />;
  else if (error) body = <ErrorBlock error={error} />;
  else if (!data?.length)
    body = search ? (
      <NoSearchMatches state={query} noun="minutes" icon={<DescriptionOutlined />} />
    ) : (
      <EmptyState
        icon={<DescriptionOutlined />}
        title="No minutes found"
        description="No meeting minutes have been uploaded yet."
      />
    );
  else
    body = (
      <ResponsiveTable
        caption="Minutes"
        rows={data}
        rowKey={(m) => m.id}
        columns={columns}
        actionsHeader="Open"
        actions={(m) =>
          m.externalLink ? (
            <Button
              size="small"
              variant="outlined"
              startIcon={<OpenInNewOutlined />}
              aria-label={`Open ${m.title}`}
              onClick={() => open(m)}
            >
              Open
            </Button>
          ) : /\.pdf$/i.test(m.fileName ?? '') ? (
            // PDF minutes open in the portal's reader (spec §2 Pack reader, Reading in the portal).
            <Button
              size="small"
              variant="outlined"
              startIcon={<MenuBookOutlined />}
              aria-label={`Read ${m.title}`}
              component={RouterLink}
              to={readMinutesPath(m.id)}
            >
              Read
            </Button>
          ) : (
            <Button
              size="small"
              variant="outlined"
              startIcon={<VisibilityOutlined />}
              aria-label={`View ${m.title}`}
              onClick={() => open(m)}
            >
              View
            </Button>
          )
        }
      />
    );

  return (
    <>
      <PageHeader
        title="Minutes Archive"
        subtitle="Approved minutes of board meetings"
        actions={
          canManage && (
            <Button
              variant="contained"
              startIcon={<UploadFileOutlined />}
              onClick={() => setUploadOpen(true)}
            >
              Upload Minutes
            </Button>
          )
        }
      />
      <Card>
        <SearchForm
          id="minutes-search"
          label="Search minutes"
          state={query}
          hasResults={Boolean(data?.length)}
        />
        {body}
      </Card>
      <WrittenMinutesCard search={search} guest={isGuest(user)} />
      {uploadOpen && <UploadMinutesDialog open onClose={() => setUploadOpen(false)} />}
    </>
  );
}
