// An evaluation's results (docs/spec.md §17): per statement a bar of the scores, the median and the
// previous round's median; free-text answers in the random order the server gives.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { useEvaluationResults, type StatementResult } from '@/features/governance/evaluation/api';

const shades = ['#c62828', '#ef6c00', '#9e9e9e', '#558b2f', '#1b5e20'];

const showMedian = (m: number | null) => (m === null ? '–' : m.toFixed(1));

function Bars({ statement }: { statement: StatementResult }) {
  const total = statement.counts.reduce((a, b) => a + b, 0) + statement.dontKnow;
  const parts = [
    ...statement.counts.map((count, i) => ({ label: String(i + 1), count, colour: shades[i] })),
    { label: "Don't know", count: statement.dontKnow, colour: '#e0e0e0' },
  ];
  return (
    <Box
      role="img"
      aria-label={`${statement.text}: ${parts.map((p) => `${p.label}: ${p.count}`).join(', ')}`}
      sx={{ display: 'flex', height: 16, borderRadius: 1, overflow: 'hidden', my: 0.5 }}
    >
      {parts
        .filter((p) => p.count > 0)
        .map((p) => (
          <Box key={p.label} sx={{ width: `${(100 * p.count) / total}%`, bgcolor: p.colour }} />
        ))}
    </Box>
  );
}

export function ResultsDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, error } = useEvaluationResults(id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="results-title">
      <DialogTitle id="results-title">Results{data ? `: ${data.round.title}` : ''}</DialogTitle>
      <DialogContent>
        {error ? (
          <ErrorBlock error={error} />
        ) : !data ? (
          <LoadingBlock />
        ) : (
          <>
            <Typography color="text.secondary">
              {data.round.answered} answers
              {data.previousTitle ? ` · compared with ${data.previousTitle}` : ''}
            </Typography>
            {data.statements.map((s) => (
              <Box key={s.questionId} component="section" aria-label={s.text} sx={{ my: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {s.principle}
                </Typography>
                <Typography>{s.text}</Typography>
                <Bars statement={s} />
                <Typography variant="body2">
                  1: {s.counts[0]} · 2: {s.counts[1]} · 3: {s.counts[2]} · 4: {s.counts[3]} · 5:{' '}
                  {s.counts[4]} · Don&apos;t know: {s.dontKnow} · Median {showMedian(s.median)}
                  {s.previousMedian !== null ? ` (last time ${showMedian(s.previousMedian)})` : ''}
                </Typography>
              </Box>
            ))}
            {data.texts.map((t) => (
              <Box key={t.questionId} component="section" aria-label={t.text} sx={{ my: 2 }}>
                <Typography variant="h3" component="h3">
                  {t.text}
                </Typography>
                {t.answers.length === 0 ? (
                  <Typography color="text.secondary">No answers.</Typography>
                ) : (
                  <Box component="ul" sx={{ pl: 2 }}>
                    {t.answers.map((a, i) => (
                      <li key={i}>{a}</li>
                    ))}
                  </Box>
                )}
              </Box>
            ))}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
