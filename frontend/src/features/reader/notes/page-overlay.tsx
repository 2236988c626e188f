// The notes drawn on a page (docs/spec.md §2 Pack reader, Notes): highlights as translucent marks with
// an outline (not colour alone, seen in both themes), pins as buttons; each opens the note.
import { useEffect, useRef } from 'react';
import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Popover from '@mui/material/Popover';
import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import type { ReaderContext, ReaderPage } from '@/features/reader/types';
import { useNotes } from '@/features/reader/notes/api';
import { NoteCard } from '@/features/reader/notes/note-card';
import { NotesHost } from '@/features/reader/notes/notes-host';
import { useNotesState, type NotesStore } from '@/features/reader/notes/store';
import { firstWords } from '@/features/reader/notes/visibility';
import type { ShownNote } from '@/features/reader/notes/types';

const PIN_SIZE = 28;

const accessibleName = (note: ShownNote) =>
  `${note.kind === 'pin' ? 'Note' : 'Highlight'} by ${note.mine ? 'you' : note.author.name}: ${firstWords(
    note.body || note.anchor.quote,
  )}`;

type Props = { page: ReaderPage; context: ReaderContext; store: NotesStore; committee: boolean };

export function NotesPageOverlay({ page, context, store, committee }: Props) {
  const { notes } = useNotes(context.source);
  const { placements, opened } = useNotesState(store);
  const anchors = useRef(new Map<string, HTMLElement>());
  useEffect(() => {
    void store.place(notes, context);
  }, [store, notes, context]);
  const here = notes.flatMap((note) => {
    const placed = placements.get(note.id);
    return placed?.state === 'placed' && placed.page === page.pageNumber ? [{ note, placed }] : [];
  });
  const openedNote = here.find((h) => h.note.id === opened)?.note;
  const open = (id: string) => store.set({ opened: id });
  return (
    <Box sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
      {here.map(({ note, placed }) =>
        note.kind === 'highlight' ? (
          placed.rects.map((r, i) => (
            <ButtonBase
              key={`${note.id}-${i}`}
              ref={(el: HTMLButtonElement | null) => {
                if (el && i === 0) anchors.current.set(note.id, el);
              }}
              aria-label={i === 0 ? accessibleName(note) : undefined}
              aria-hidden={i === 0 ? undefined : true}
              tabIndex={i === 0 ? 0 : -1}
              onClick={() => open(note.id)}
              sx={(theme) => ({
                position: 'absolute',
                left: r.x * page.width,
                top: r.y * page.height,
                width: r.w * page.width,
                height: r.h * page.height,
                pointerEvents: 'auto',
                mixBlendMode: theme.palette.mode === 'dark' ? 'screen' : 'multiply',
                bgcolor: alpha(theme.palette.warning.main, note.unsent ? 0.2 : 0.35),
                outline: `1px ${note.unsent ? 'dashed' : 'solid'} ${theme.palette.warning.dark}`,
                borderRadius: 0.5,
                '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
              })}
            />
          ))
        ) : (
          <ButtonBase
            key={note.id}
            ref={(el: HTMLButtonElement | null) => {
              if (el) anchors.current.set(note.id, el);
            }}
            aria-label={accessibleName(note)}
            onClick={() => open(note.id)}
            sx={(theme) => ({
              position: 'absolute',
              left: placed.x * page.width - PIN_SIZE / 2,
              top: placed.y * page.height - PIN_SIZE / 2,
              width: PIN_SIZE,
              height: PIN_SIZE,
              pointerEvents: 'auto',
              borderRadius: '50%',
              color: theme.palette.warning.contrastText,
              bgcolor: theme.palette.warning.main,
              border: `2px ${note.unsent ? 'dashed' : 'solid'} ${theme.palette.background.paper}`,
              boxShadow: theme.shadows[2],
              '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}` },
            })}
          >
            <StickyNote2Icon fontSize="small" />
          </ButtonBase>
        ),
      )}
      {openedNote && (
        <Popover
          open
          anchorEl={anchors.current.get(openedNote.id) ?? null}
          onClose={() => store.set({ opened: null })}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        >
          <NoteCard
            note={openedNote}
            onEdit={() => store.set({ opened: null, editing: { note: openedNote, isNew: false } })}
            onDelete={() => store.set({ deleting: openedNote })}
          />
        </Popover>
      )}
      {page.pageNumber === context.currentPage && <NotesHost store={store} committee={committee} />}
    </Box>
  );
}
