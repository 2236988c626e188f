// The wire shape of a note (docs/spec.md §2 Pack reader, Notes): names for the generated schemas.
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];
export type NoteKind = Schemas['NoteKind'];
/** private: the author only; officers: the author, admins and chairs; shared: every reader of the paper. */
export type NoteVisibility = Schemas['Visibility'];
export type NoteAnchor = Schemas['NoteAnchor'];
export type Note = Schemas['Note'];

/** The body of PUT /api/notes/{id}. */
export type NotePut = Pick<
  Note,
  'paper' | 'page' | 'kind' | 'anchor' | 'body' | 'visibility' | 'editedAt'
>;

/** A note as the reader shows it: sent, or still waiting in the outbox. */
export type ShownNote = Note & { unsent?: boolean };
