import Typography from '@mui/material/Typography';
import { ClampedText } from '@/components/clamped-text';
import type { Column } from '@/components/responsive-table/responsive-table';
import { formatFileSize } from '@/lib/format';
import type { PortalDocument } from '@/types/api';

/**
 * The document's title with its size: the first column wherever documents are listed. A long title wraps
 * to two lines before it is cut (spec §2 "Lists").
 */
export const documentTitleColumn: Column<PortalDocument> = {
  header: 'Document',
  card: 'heading',
  wrapAnywhere: true,
  cell: (d) => (
    <>
      <ClampedText text={d.title} variant="body2" sx={{ fontWeight: 600 }} />
      <Typography variant="caption" color="text.secondary">
        {formatFileSize(d.fileSize)}
      </Typography>
    </>
  ),
};
