// Editing a draft evaluation (docs/spec.md §17): add, edit, remove and reorder statements and questions;
// saved as one list.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { LoadingBlock } from '@/components/query-state';
import { useEvaluation, useEvaluationActions } from '@/features/governance/evaluation/api';

type Row = { key: number; principle: string; kind: 'scale' | 'text'; text: string };

let nextKey = 1;

export function EditorDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const notify = useNotify();
  const { edit } = useEvaluationActions();
  const { data: round } = useEvaluation(id);
  const [title, setTitle] = useState('');
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    if (round && rows === null) {
      setTitle(round.title);
      setRows(
        round.questions.map((q) => ({
          key: nextKey++,
          principle: q.principle,
          kind: q.kind,
          text: q.text,
        })),
      );
    }
  }, [round, rows]);
  const change = (index: number, row: Partial<Row>) =>
    setRows((all) => (all ?? []).map((r, i) => (i === index ? { ...r, ...row } : r)));
  const move = (index: number, by: number) =>
    setRows((all) => {
      const next = [...(all ?? [])];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row);
      return next;
    });
  const save = () =>
    edit(id, {
      title,
      questions: (rows ?? []).map(({ principle, kind, text }) => ({ principle, kind, text })),
    })
      .then(() => {
        notify({ title: 'Evaluation saved' });
        onClose();
      })
      .catch((e) => notify(errorToast(e, 'Failed to save the evaluation')));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="editor-title">
      <DialogTitle id="editor-title">Edit the evaluation</DialogTitle>
      <DialogContent>
        {rows === null ? (
          <LoadingBlock />
        ) : (
          <>
            <TextField
              label="Title"
              fullWidth
              sx={{ my: 1 }}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
            {rows.map((row, index) => (
              <Box
                key={row.key}
                sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}
              >
                <TextField
                  label={`Principle ${index + 1}`}
                  size="small"
                  value={row.principle}
                  onChange={(e) => change(index, { principle: e.target.value })}
                />
                <TextField
                  select
                  label={`Kind ${index + 1}`}
                  size="small"
                  value={row.kind}
                  onChange={(e) =>
                    change(index, { kind: e.target.value === 'text' ? 'text' : 'scale' })
                  }
                >
                  <MenuItem value="scale">Statement (1-5)</MenuItem>
                  <MenuItem value="text">Free text</MenuItem>
                </TextField>
                <TextField
                  label={`Text ${index + 1}`}
                  size="small"
                  sx={{ flex: 1, minWidth: 240 }}
                  value={row.text}
                  onChange={(e) => change(index, { text: e.target.value })}
                />
                <IconButton
                  aria-label={`Move ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton
                  aria-label={`Move ${index + 1} down`}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownwardIcon />
                </IconButton>
                <IconButton
                  aria-label={`Remove ${index + 1}`}
                  onClick={() => setRows(rows.filter((_, i) => i !== index))}
                >
                  <DeleteIcon />
                </IconButton>
              </Box>
            ))}
            <Button
              onClick={() =>
                setRows([
                  ...rows,
                  { key: nextKey++, principle: 'General', kind: 'scale', text: '' },
                ])
              }
            >
              Add a statement
            </Button>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={rows === null} onClick={() => void save()}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
