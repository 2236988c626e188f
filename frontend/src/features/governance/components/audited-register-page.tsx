// An auditor's register of interests (spec §6 Guests): read-only, the entries in force at some time in
// their audit period (the server chooses them), with the register's CSV and PDF exports.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { EmptyState } from '@/components/empty-state';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { downloadFile } from '@/lib/download';
import {
  interestsCsvPath,
  interestsPdfPath,
  useInterests,
} from '@/features/governance/api/interests';
import { interestColumns } from '@/features/governance/components/interests-tab';

export function AuditedRegisterPage() {
  const notify = useNotify();
  const { data, error, isLoading } = useInterests();
  const download = (path: string) =>
    downloadFile(path).catch((e) => notify(errorToast(e, 'Download failed')));

  let body;
  if (isLoading) body = <LoadingBlock />;
  else if (error) body = <ErrorBlock error={error} />;
  else if (!data?.length)
    body = (
      <EmptyState
        title="No interests in this period"
        description="No trustee declared an interest that was in force during your audit period."
      />
    );
  else
    body = (
      <ResponsiveTable
        caption="Register of interests"
        rows={data}
        rowKey={(entry) => entry.id}
        columns={interestColumns}
      />
    );

  return (
    <>
      <PageHeader
        title="Register of interests"
        subtitle="The trustees' interests in force at some time during your audit period"
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              onClick={() => download(interestsCsvPath)}
            >
              Export CSV
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              onClick={() => download(interestsPdfPath)}
            >
              Export PDF
            </Button>
          </Box>
        }
      />
      <Card>
        <CardContent>{body}</CardContent>
      </Card>
    </>
  );
}
