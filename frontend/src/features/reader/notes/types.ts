// The wire shape of a note (docs/spec.md §2 Pack reader, Notes). Typed here until the generated API
// types carry the notes calls; then these become names for the generated schemas.
import type { PageRect, PaperRef } from '@/features/reader/types';

export type NoteKind = 'highlight' | 'pin';

/** private: the author only; officers: the author, admins and chairs; shared: every reader of the paper. */
export type NoteVisibility = 'private' | 'officers' | 'shared';

export type NoteAnchor = {
  x: number;
  y: number;
  rects: PageRect[];
  quote: string;
  prefix: string;
  suffix: string;
};

export type Note = {
  id: string;
  paper: PaperRef;
  /** The page within the paper (1-based); for boardPack the pack page. */
  page: number;
  kind: NoteKind;
  anchor: NoteAnchor;
  body: string;
  visibility: NoteVisibility;
  author: { id: number; name: string };
  createdAt: string;
  editedAt: string;
  mine: boolean;
};

/** The body of PUT /api/notes/{id}. */
export type NotePut = Pick<
  Note,
  'paper' | 'page' | 'kind' | 'anchor' | 'body' | 'visibility' | 'editedAt'
>;

/** A note as the reader shows it: sent, or still waiting in the outbox. */
export type ShownNote = Note & { unsent?: boolean };
