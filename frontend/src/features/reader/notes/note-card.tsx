// One note as the page's popover and the panel show it: the quoted words, its text, who wrote it and
// when, who sees it, whether it is sent, and Edit/Delete on one's own.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/format';
import { visibilityLabel } from '@/features/reader/notes/visibility';
import type { ShownNote } from '@/features/reader/notes/types';

type Props = {
  note: ShownNote;
  onEdit: () => void;
  onDelete: () => void;
};

export function NoteByline({ note }: { note: ShownNote }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Typography variant="caption" color="text.secondary">
        {note.mine ? 'You' : note.author.name} · {formatDateTime(note.editedAt)} ·{' '}
        {visibilityLabel[note.visibility]}
      </Typography>
      {note.unsent && <Chip size="small" variant="outlined" color="warning" label="Not sent yet" />}
    </Stack>
  );
}

export function NoteCard({ note, onEdit, onDelete }: Props) {
  return (
    <Box sx={{ p: 2, maxWidth: 360 }}>
      {note.anchor.quote && (
        <Typography
          component="blockquote"
          variant="body2"
          sx={{ m: 0, mb: 1, fontStyle: 'italic' }}
        >
          “{note.anchor.quote}”
        </Typography>
      )}
      {note.body && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 1 }}>
          {note.body}
        </Typography>
      )}
      <NoteByline note={note} />
      {note.mine && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button size="small" onClick={onEdit}>
            Edit
          </Button>
          <Button size="small" color="error" onClick={onDelete}>
            Delete
          </Button>
        </Stack>
      )}
    </Box>
  );
}
