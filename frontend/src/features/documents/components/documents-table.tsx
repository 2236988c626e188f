import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  errorToast,
  fixedErrorToast,
  useNotify,
} from '@/components/notifications/notifications-provider';
import { formatDate, formatKb } from '@/lib/format';
import type { PortalDocument } from '@/types/api';
import { useDeleteDocument } from '@/features/documents/api/delete-document';
import { downloadDocument, isViewable, viewDocument } from '@/features/documents/api/open-document';

type Props = { documents: PortalDocument[]; canDelete: boolean; caption: string };

export function DocumentsTable({ documents, canDelete, caption }: Props) {
  const notify = useNotify();
  const remove = useDeleteDocument();
  const [deleting, setDeleting] = useState<PortalDocument | null>(null);

  const download = async (document: PortalDocument) => {
    try {
      await downloadDocument(document.id);
    } catch {
      notify(fixedErrorToast('Failed to download document'));
    }
  };

  const view = (document: PortalDocument) => {
    viewDocument(document.id).catch((error) =>
      notify(errorToast(error, 'Failed to open document')),
    );
  };

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={caption} sx={{ tableLayout: 'fixed', minWidth: 520 }}>
          <TableHead>
            <TableRow>
              <TableCell>Document</TableCell>
              <TableCell sx={{ width: 90 }}>Version</TableCell>
              <TableCell sx={{ width: 130 }}>Updated</TableCell>
              <TableCell align="right" sx={{ width: 150 }}>
                <span className="visually-hidden">Actions</span>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {documents.map((d) => (
              <TableRow key={d.id} hover>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {d.title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatKb(d.fileSize)}
                  </Typography>
                </TableCell>
                <TableCell>{d.version}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(d.updatedAt)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Download">
                    <IconButton aria-label={`Download ${d.title}`} onClick={() => download(d)}>
                      <DownloadOutlined />
                    </IconButton>
                  </Tooltip>
                  {isViewable(d) && (
                    <Tooltip title="View in new tab">
                      <IconButton aria-label={`View ${d.title}`} onClick={() => view(d)}>
                        <OpenInNewOutlined />
                      </IconButton>
                    </Tooltip>
                  )}
                  {canDelete && (
                    <Tooltip title="Delete">
                      <IconButton
                        aria-label={`Delete ${d.title}`}
                        color="error"
                        onClick={() => setDeleting(d)}
                      >
                        <DeleteOutline />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={!!deleting}
        title="Delete Document"
        message={`Are you sure you want to delete "${deleting?.title ?? ''}"? This cannot be undone.`}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove(deleting.id);
            notify({ title: 'Document deleted successfully' });
          } catch (error) {
            notify(errorToast(error, 'Delete failed'));
          }
        }}
      />
    </>
  );
}
