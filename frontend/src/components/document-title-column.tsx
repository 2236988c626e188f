import Typography from '@mui/material/Typography';
import type { Column } from '@/components/responsive-table/responsive-table';
import { formatFileSize } from '@/lib/format';
import type { PortalDocument } from '@/types/api';

/** The document's title with its size: the first column wherever documents are listed. */
export const documentTitleColumn: Column<PortalDocument> = {
  header: 'Document',
  card: 'heading',
  wrapAnywhere: true,
  cell: (d) => (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {d.title}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {formatFileSize(d.fileSize)}
      </Typography>
    </>
  ),
};
