import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { EmptyState } from '@/components/empty-state';
import { fixedErrorToast, useNotify } from '@/components/notifications/notifications-provider';
import { LoadingBlock } from '@/components/query-state';
import { formatDate, formatKb } from '@/lib/format';
import type { Committee } from '@/types/api';
import { useCommitteeDocuments } from '@/features/committees/api/get-committee-documents';
import { useUploadCommitteeDocument } from '@/features/committees/api/upload-committee-document';
import { downloadCommitteeDocument } from '@/features/committees/api/download-committee-document';

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
        <List aria-label="Committee documents">
          {data.map((d) => (
            <ListItem
              key={d.id}
              divider
              secondaryAction={
                <Tooltip title="Download">
                  <IconButton
                    edge="end"
                    aria-label={`Download ${d.title}`}
                    onClick={() =>
                      downloadCommitteeDocument(committee.id, d.id).catch(() =>
                        notify(fixedErrorToast('Failed to download document')),
                      )
                    }
                  >
                    <DownloadOutlined />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemText
                primary={d.title}
                secondary={`${formatKb(d.fileSize)} · Uploaded ${formatDate(d.uploadedAt)}${
                  d.uploadedBy ? ` by ${d.uploadedBy.name}` : ''
                }`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
