// One result on the results page: its title as the link that opens it, its kind, date and where it lives,
// and the snippet with the matched words marked (docs/spec.md §2 Search).
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { categoryLabels } from '@/components/status-chips';
import { downloadFile } from '@/lib/download';
import { formatDate } from '@/lib/format';
import type { DocumentCategory } from '@/types/api';
import type { SearchResult } from '@/types/api';
import { kindLabel } from '@/features/search/kinds';
import { resultTarget } from '@/features/search/links';
import { Snippet } from '@/features/search/components/snippet';

const categoryLabel = (category: string) =>
  categoryLabels[category as DocumentCategory] ?? category;

/** Where a result lives: its meeting, its committee, its library category. */
export const whereOf = (result: SearchResult): string[] =>
  [
    result.meeting?.title,
    result.committee?.name,
    result.category ? categoryLabel(result.category) : null,
  ].filter((x): x is string => !!x);

export function ResultItem({ result, q }: { result: SearchResult; q: string }) {
  const notify = useNotify();
  const target = resultTarget(result, q);
  const title =
    target.type === 'link' ? (
      <Link component={RouterLink} to={target.to}>
        {result.title}
      </Link>
    ) : (
      <Link
        component="button"
        type="button"
        onClick={() =>
          downloadFile(target.url).catch((e) => notify(errorToast(e, 'Failed to download')))
        }
        sx={{ font: 'inherit', textAlign: 'left', display: 'inline-flex', gap: 0.5 }}
      >
        {result.title}
        <DownloadOutlined fontSize="small" titleAccess="(download)" />
      </Link>
    );
  return (
    <Box
      component="li"
      sx={{
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Typography
        variant="h3"
        sx={{ fontSize: '1.05rem', fontWeight: 600, m: 0, overflowWrap: 'anywhere' }}
      >
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
        {[kindLabel[result.kind], formatDate(result.date), ...whereOf(result)].join(' · ')}
      </Typography>
      <Box sx={{ mt: 0.5 }}>
        <Snippet runs={result.snippet} lines={3} />
      </Box>
    </Box>
  );
}
