import { useState } from 'react';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { useNavigate } from 'react-router-dom';
import { readDocumentPath } from '@/config/paths';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  errorToast,
  fixedErrorToast,
  useNotify,
  useReportWrite,
} from '@/components/notifications/notifications-provider';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { RowAction } from '@/components/responsive-table/row-action';
import { documentTitleColumn } from '@/components/document-title-column';
import { formatDate } from '@/lib/format';
import type { PortalDocument } from '@/types/api';
import { useDeleteDocument } from '@/features/library/api/delete-document';
import {
  downloadDocument,
  isPdf,
  isViewable,
  viewDocument,
} from '@/features/library/api/open-document';

type Props = { documents: PortalDocument[]; canDelete: boolean; caption: string };

const columns: Column<PortalDocument>[] = [
  documentTitleColumn,
  { header: 'Version', width: 90, cell: (d) => d.version },
  { header: 'Updated', width: 130, nowrap: true, cell: (d) => formatDate(d.updatedAt) },
];

export function DocumentsTable({ documents, canDelete, caption }: Props) {
  const notify = useNotify();
  const report = useReportWrite();
  const remove = useDeleteDocument();
  const [deleting, setDeleting] = useState<PortalDocument | null>(null);
  const navigate = useNavigate();

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
      <ResponsiveTable
        caption={caption}
        rows={documents}
        rowKey={(d) => d.id}
        columns={columns}
        tableSx={{ tableLayout: 'fixed', minWidth: 520 }}
        actionsWidth={150}
        actions={(d) => (
          <>
            <RowAction
              label="Download"
              accessibleLabel={`Download ${d.title}`}
              icon={<DownloadOutlined />}
              onClick={() => void download(d)}
            />
            {isPdf(d) && (
              // PDFs open in the portal's reader (spec §2 Pack reader, Reading in the portal).
              <RowAction
                label="Read"
                accessibleLabel={`Read ${d.title}`}
                icon={<MenuBookOutlined />}
                onClick={() => void navigate(readDocumentPath(d.id))}
              />
            )}
            {isViewable(d) && !isPdf(d) && (
              <RowAction
                label="View"
                accessibleLabel={`View ${d.title}`}
                icon={<OpenInNewOutlined />}
                onClick={() => view(d)}
              />
            )}
            {canDelete && (
              <RowAction
                label="Delete"
                accessibleLabel={`Delete ${d.title}`}
                icon={<DeleteOutline />}
                color="error"
                onClick={() => setDeleting(d)}
              />
            )}
          </>
        )}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete Document"
        message={`Are you sure you want to delete "${deleting?.title ?? ''}"? This cannot be undone.`}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await report(remove(deleting.id), 'Document deleted successfully', 'Delete failed');
        }}
      />
    </>
  );
}
