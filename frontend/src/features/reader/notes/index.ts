// Notes in the reader (docs/spec.md §2 Pack reader, Notes), as a ReaderExtension: "Highlight" and
// "Add note" on selected words, "Pin a note" on a point, the notes drawn on the pages, and the panel.
import { createElement, useMemo, useRef } from 'react';
import useSWR from 'swr';
import { useUser } from '@/lib/auth';
import type {
  ReaderContext,
  ReaderExtension,
  ReaderPage,
  ReaderSelection,
  ReaderSource,
} from '@/features/reader/types';
import { nearestRun } from '@/features/reader/notes/anchoring';
import { saveNote } from '@/features/reader/notes/api';
import { NotesPanel } from '@/features/reader/notes/notes-panel';
import { NotesPageOverlay } from '@/features/reader/notes/page-overlay';
import { toPaperPage } from '@/features/reader/notes/pages';
import { createNotesStore, type NotesStore } from '@/features/reader/notes/store';
import type { Note, NoteAnchor, NoteKind } from '@/features/reader/notes/types';

/** The meeting's kind decides how "everyone" is worded (a committee's papers reach its members only). */
type MeetingKind = { kind?: string };

type Author = { id: number; name: string };

/** A new note of the caller's on a shown page; null when the page belongs to no paper. */
function draft(
  source: ReaderSource,
  pageNumber: number,
  kind: NoteKind,
  anchor: NoteAnchor,
  author: Author,
): Note | null {
  const at = toPaperPage(pageNumber, source.segments, source.meetingId);
  if (!at) return null;
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    paper: at.paper,
    page: at.page,
    kind,
    anchor,
    body: '',
    visibility: 'private',
    author,
    createdAt: now,
    editedAt: now,
    mine: true,
  };
}

const selectionAnchor = (s: ReaderSelection): NoteAnchor => ({
  x: s.rects[0]?.x ?? 0,
  y: s.rects[0]?.y ?? 0,
  rects: s.rects.slice(0, 200),
  quote: s.quote.slice(0, 2000),
  prefix: s.prefix.slice(-64),
  suffix: s.suffix.slice(0, 64),
});

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** `enabled` false: the meeting is not asked for (a guest, who makes no notes: spec §6 Guests). */
export function useNotesExtension(source: ReaderSource, enabled = true): ReaderExtension {
  const user = useUser();
  const author = useMemo(() => ({ id: user.id, name: user.name }), [user.id, user.name]);
  const { data: meeting } = useSWR<MeetingKind>(
    enabled && source.meetingId !== undefined ? `/api/meetings/${source.meetingId}` : null,
  );
  const committee = meeting?.kind === 'committee';
  // One store per document shown: a new pack version places every note afresh.
  const stores = useRef(new Map<string, NotesStore>());
  const storeKey = `${source.url}|${source.version ?? ''}`;
  let store = stores.current.get(storeKey);
  if (!store) {
    store = createNotesStore();
    stores.current = new Map([[storeKey, store]]);
  }
  const current = store;

  return useMemo<ReaderExtension>(() => {
    const PageOverlay = ({ page, context }: { page: ReaderPage; context: ReaderContext }) =>
      createElement(NotesPageOverlay, { page, context, store: current, committee });
    const Panel = ({ context }: { context: ReaderContext }) =>
      createElement(NotesPanel, { context, store: current });
    return {
      PageOverlay,
      panelTitle: 'Notes',
      Panel,
      selectionActions: [
        {
          label: 'Highlight',
          run: (selection) => {
            const note = draft(
              source,
              selection.pageNumber,
              'highlight',
              selectionAnchor(selection),
              author,
            );
            if (note && note.anchor.quote.trim()) void saveNote(note);
          },
        },
        {
          label: 'Add note',
          run: (selection) => {
            const note = draft(
              source,
              selection.pageNumber,
              'highlight',
              selectionAnchor(selection),
              author,
            );
            if (note && note.anchor.quote.trim()) current.set({ editing: { note, isNew: true } });
          },
        },
      ],
      pointAction: {
        label: 'Pin a note',
        run: (at, context) => {
          void (async () => {
            const point = { x: clamp(at.x), y: clamp(at.y) };
            let words = { quote: '', prefix: '', suffix: '' };
            try {
              words = nearestRun(await context.pageText(at.pageNumber), point) ?? words;
            } catch {
              // No text on the page (a scan): the pin keeps its point alone.
            }
            const note = draft(
              source,
              at.pageNumber,
              'pin',
              { ...point, rects: [], ...words },
              author,
            );
            if (note) current.set({ editing: { note, isNew: true } });
          })();
        },
      },
    };
  }, [current, committee, source, author]);
}
