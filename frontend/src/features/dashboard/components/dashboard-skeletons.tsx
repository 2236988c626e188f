// Loading placeholders of the dashboard, each the size of what it stands for (spec §2, Dashboard), so
// that the page does not shift as its data arrives.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/** Stands for a list of `rows` items, each a bold title line and `lines` lines of body text. */
export function ListSkeleton({ rows, lines = 1 }: { rows: number; lines?: number }) {
  return (
    <Box role="status" aria-label="Loading" sx={{ display: 'grid', gap: 1.5 }}>
      {Array.from({ length: rows }, (_, row) => (
        <Box key={row}>
          <Typography>
            <Skeleton width="70%" />
          </Typography>
          {Array.from({ length: lines }, (_, line) => (
            <Typography key={line} variant="body2">
              <Skeleton width={line === lines - 1 ? '45%' : '95%'} />
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}

/** Stands for the figure of a stat card: the same line box as the number. */
export function FigureSkeleton() {
  return <Skeleton width="3ch" sx={{ display: 'inline-block' }} />;
}
