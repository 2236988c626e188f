import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { EmptyState } from '@/components/empty-state';
import { fixedErrorToast, useNotify } from '@/components/notifications/notifications-provider';
import { LoadingBlock } from '@/components/query-state';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { RowAction } from '@/components/responsive-table/row-action';
import { formatDate, formatFileSize } from '@/lib/format';
import type { Committee, CommitteeDocument } from '@/types/api';
import { useCommitteeDocuments } from '@/features/committees/api/get-committee-documents';
import { useUploadCommitteeDocument } from '@/features/committees/api/upload-committee-document';
import { downloadCommitteeDocument } from '@/features/committees/api/download-committee-document';

const documentColumns: Column<CommitteeDocument>[] = [
  {
    header: 'Document',
    card: 'heading',
    wrapAnywhere: true,
    cell: (d) => <Typography sx={{ fontWeight: 600, fontSize: 'inherit' }}>{d.title}</Typography>,
  },
  { header: 'Size', nowrap: true, cell: (d) => formatFileSize(d.fileSize) },
  {
    header: 'Uploaded',
    cell: (d) => `${formatDate(d.uploadedAt)}${d.uploadedBy ? ` by ${d.uploadedBy.name}` : ''}`,
  },
];

export function CommitteeDocuments({ committee }: { committee: Committee }) {
  const notify = useNotify();
  const upload = useUploadCommitteeDocument();
  const { data, isLoading } = useCommitteeDocuments(committee.id);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      await upload(committee.id, file);
      notify({ title: 'Document uploaded successfully' });
    } catch {
      notify(fixedErrorToast('Failed to upload document'));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Box>
      {!committee.archived && (
        <Box sx={{ mb: 1.5 }}>
          <input
            ref={input}
            type="file"
            hidden
            aria-label="Committee document file"
            accept=".pdf,.doc,.docx,.xls,.xlsx,.txt"
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            disabled={uploading}
            onClick={() => input.current?.click()}
          >
            {uploading ? 'Uploading...' : 'Upload Document'}
          </Button>
        </Box>
      )}
      {isLoading ? (
        <LoadingBlock />
      ) : !data?.length ? (
        <EmptyState title="No documents yet" />
      ) : (
        <ResponsiveTable
          caption="Committee documents"
          rows={data}
          rowKey={(d) => d.id}
          columns={documentColumns}
          actions={(d) => (
            <RowAction
              label="Download"
              accessibleLabel={`Download ${d.title}`}
              icon={<DownloadOutlined />}
              onClick={() =>
                void downloadCommitteeDocument(committee.id, d.id).catch(() =>
                  notify(fixedErrorToast('Failed to download document')),
                )
              }
            />
          )}
        />
      )}
    </Box>
  );
}
