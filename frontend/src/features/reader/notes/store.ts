// What the notes show on one reader (docs/spec.md §2 Pack reader, Notes): the dialog, the note opened
// from the page, the delete to confirm, a refused write, and where each note is placed. The reader renders
// the overlay, the panel and the actions apart, so they share this small store rather than React state.
import { useSyncExternalStore } from 'react';
import type { ReaderContext } from '@/features/reader/types';
import { placeNote, type Placement } from '@/features/reader/notes/anchoring';
import { toShownPage } from '@/features/reader/notes/pages';
import type { Refusal } from '@/features/reader/notes/outbox';
import type { Note, ShownNote } from '@/features/reader/notes/types';

export type NotesState = {
  /** A new note's draft (its body still to write) or a note being edited. */
  editing: { note: Note; isNew: boolean } | null;
  /** The note opened from the page (its pin or highlight). */
  opened: string | null;
  deleting: Note | null;
  refusal: Refusal | null;
  placements: ReadonlyMap<string, Placement>;
};

export type NotesStore = ReturnType<typeof createNotesStore>;

export function createNotesStore() {
  let state: NotesState = {
    editing: null,
    opened: null,
    deleting: null,
    refusal: null,
    placements: new Map(),
  };
  const listeners = new Set<() => void>();
  const set = (change: Partial<NotesState>) => {
    state = { ...state, ...change };
    for (const l of listeners) l();
  };
  /** What each placement was computed from: recomputed when the note changes. */
  const placedFrom = new Map<string, string>();

  return {
    get: () => state,
    set,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Places the notes not yet placed (or changed since). */
    async place(notes: ShownNote[], context: ReaderContext): Promise<void> {
      const todo = notes.filter(
        (n) => placedFrom.get(n.id) !== `${n.editedAt}|${n.page}|${n.anchor.quote}`,
      );
      if (todo.length === 0) return;
      // Claimed now, so that the other pages' overlays asking meanwhile do not place them again.
      for (const n of todo) placedFrom.set(n.id, `${n.editedAt}|${n.page}|${n.anchor.quote}`);
      const found = await Promise.all(
        todo.map(async (n) => {
          try {
            return [
              n,
              await placeNote(n, context.source.segments, context.pageCount, context.pageText),
            ] as const;
          } catch {
            // The page's text could not be read: draw the note where it was stored.
            const page = toShownPage(n, context.source.segments);
            const { rects, x, y } = n.anchor;
            const stored: Placement =
              page === null ? { state: 'earlier' } : { state: 'placed', page, rects, x, y };
            return [n, stored] as const;
          }
        }),
      );
      const placements = new Map(state.placements);
      for (const [n, placement] of found) {
        placements.set(n.id, placement);
      }
      set({ placements });
    },
  };
}

export function useNotesState(store: NotesStore): NotesState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
