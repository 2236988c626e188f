// A result's snippet: the server's text runs, matched words in <mark>. Runs are rendered as text, never as
// HTML, so a record whose words look like markup shows them as written (docs/spec.md §2 Search).
import Box from '@mui/material/Box';
import type { SnippetRun } from '@/types/api';

export function Snippet({ runs, lines = 2 }: { runs: SnippetRun[]; lines?: number }) {
  if (runs.length === 0) return null;
  return (
    <Box
      component="span"
      sx={{
        display: '-webkit-box',
        WebkitBoxOrient: 'vertical',
        WebkitLineClamp: lines,
        overflow: 'hidden',
        color: 'text.secondary',
        fontSize: '0.875rem',
        overflowWrap: 'anywhere',
        '& mark': {
          bgcolor: 'warning.light',
          color: 'text.primary',
          fontWeight: 600,
          borderRadius: 0.5,
          px: 0.25,
        },
      }}
    >
      {runs.map((run, i) => (run.hit ? <mark key={i}>{run.text}</mark> : run.text))}
    </Box>
  );
}
