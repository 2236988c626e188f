// The reader's "Notes" panel (docs/spec.md §2 Pack reader, Notes): the notes by page, those whose words
// are gone under "From an earlier version", a Mine / Shared filter, and the export of one's own notes.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useNotify } from '@/components/notifications/notifications-provider';
import { errorText } from '@/lib/api-client';
import type { ReaderContext } from '@/features/reader/types';
import { exportNotes, useNotes } from '@/features/reader/notes/api';
import { NoteByline } from '@/features/reader/notes/note-card';
import { useNotesState, type NotesStore } from '@/features/reader/notes/store';
import { firstWords } from '@/features/reader/notes/visibility';
import type { ShownNote } from '@/features/reader/notes/types';

type Filter = 'all' | 'mine' | 'shared';

const shown = (filter: Filter) => (n: ShownNote) =>
  filter === 'all' || (filter === 'mine' ? n.mine : !n.mine);

function NoteRow({
  note,
  store,
  onOpen,
}: {
  note: ShownNote;
  store: NotesStore;
  onOpen?: () => void;
}) {
  const text = (
    <Box sx={{ minWidth: 0 }}>
      {note.anchor.quote && (
        <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
          “{firstWords(note.anchor.quote, 24)}”
        </Typography>
      )}
      {note.body && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {note.body}
        </Typography>
      )}
      <NoteByline note={note} />
    </Box>
  );
  const label = firstWords(note.body || note.anchor.quote, 6);
  return (
    <ListItem
      disablePadding
      secondaryAction={
        note.mine && (
          <Stack direction="row">
            <IconButton
              aria-label={`Edit note: ${label}`}
              onClick={() => store.set({ editing: { note, isNew: false } })}
            >
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
            <IconButton
              aria-label={`Delete note: ${label}`}
              onClick={() => store.set({ deleting: note })}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Stack>
        )
      }
      sx={{ '& .MuiListItemSecondaryAction-root': { top: 24 } }}
    >
      {onOpen ? (
        <ListItemButton onClick={onOpen} sx={{ pr: note.mine ? 12 : 2 }}>
          {text}
        </ListItemButton>
      ) : (
        <Box sx={{ px: 2, py: 1, pr: note.mine ? 12 : 2 }}>{text}</Box>
      )}
    </ListItem>
  );
}

export function NotesPanel({ context, store }: { context: ReaderContext; store: NotesStore }) {
  const { notes, error, isLoading } = useNotes(context.source);
  const { placements } = useNotesState(store);
  const [filter, setFilter] = useState<Filter>('all');
  const notify = useNotify();
  useEffect(() => {
    void store.place(notes, context);
  }, [store, notes, context]);

  const visible = notes.filter(shown(filter));
  const byPage = new Map<number, { note: ShownNote; y: number }[]>();
  const earlier: ShownNote[] = [];
  for (const note of visible) {
    const placed = placements.get(note.id);
    if (placed?.state === 'placed') {
      byPage.set(placed.page, [...(byPage.get(placed.page) ?? []), { note, y: placed.y }]);
    } else if (placed?.state === 'earlier') earlier.push(note);
  }
  const pages = Array.from(byPage.keys()).sort((a, b) => a - b);
  const titleOf = (page: number) =>
    context.source.segments.find((s) => page >= s.firstPage && page < s.firstPage + s.pageCount)
      ?.title;
  const meetingId = context.source.meetingId;
  const download = async (format: 'text' | 'pdf') => {
    if (meetingId === undefined) return;
    try {
      await exportNotes(meetingId, format);
    } catch (e) {
      notify({ title: errorText(e, 'Could not export your notes'), severity: 'error' });
    }
  };

  return (
    <Box>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={filter}
        onChange={(_e, value: Filter | null) => value && setFilter(value)}
        aria-label="Show notes"
        sx={{ mb: 1 }}
      >
        <ToggleButton value="all">All</ToggleButton>
        <ToggleButton value="mine">Mine</ToggleButton>
        <ToggleButton value="shared">Shared</ToggleButton>
      </ToggleButtonGroup>
      {error !== undefined && (
        <Typography variant="body2" color="text.secondary">
          The notes could not be loaded; notes you make now are kept on this device.
        </Typography>
      )}
      {!isLoading && visible.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {filter === 'all'
            ? 'No notes yet. Select words to highlight them, or pin a note to a page.'
            : 'No notes to show.'}
        </Typography>
      )}
      {pages.map((page) => {
        const title = titleOf(page);
        return (
          <List
            key={page}
            dense
            subheader={
              <ListSubheader disableSticky>
                Page {page}
                {title ? ` · ${title}` : ''}
              </ListSubheader>
            }
          >
            {byPage
              .get(page)!
              .sort((a, b) => a.y - b.y)
              .map(({ note, y }) => (
                <NoteRow
                  key={note.id}
                  note={note}
                  store={store}
                  onOpen={() => context.goToPage(page, { y })}
                />
              ))}
          </List>
        );
      })}
      {earlier.length > 0 && (
        <List
          dense
          subheader={<ListSubheader disableSticky>From an earlier version</ListSubheader>}
        >
          {earlier.map((note) => (
            <NoteRow key={note.id} note={note} store={store} />
          ))}
        </List>
      )}
      {meetingId !== undefined && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" onClick={() => download('pdf')}>
            Export my notes (PDF)
          </Button>
          <Button size="small" variant="outlined" onClick={() => download('text')}>
            Export my notes (text)
          </Button>
        </Stack>
      )}
    </Box>
  );
}
