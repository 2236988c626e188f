// The notes of the shown document (docs/api.md, Notes): the server's, with the outbox's waiting writes
// laid over them so that a note shows at once, sent or not.
import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { downloadFile } from '@/lib/download';
import { paperKindInUrl, singlePaper } from '@/features/reader/page-map';
import type { ReaderSource } from '@/features/reader/types';
import {
  enqueue,
  items,
  startOutbox,
  subscribe,
  type OutboxItem,
} from '@/features/reader/notes/outbox';
import type { Note, ShownNote } from '@/features/reader/notes/types';

/** The board pack, rather than one paper: a meeting's, with front pages or more than one paper. */
export const isPack = (source: ReaderSource): boolean =>
  source.meetingId !== undefined && singlePaper(source) === null;

export function notesKey(source: ReaderSource): string | null {
  if (isPack(source)) return `/api/meetings/${source.meetingId}/board-pack/notes`;
  const [only] = source.segments;
  return only ? `/api/papers/${paperKindInUrl(only.paper.kind)}/${only.paper.id}/notes` : null;
}

/** The server's notes with the outbox's waiting writes applied (in queue order). */
export function withWaiting(
  server: Note[],
  waiting: OutboxItem[],
  key: string | null,
): ShownNote[] {
  const byId = new Map<string, ShownNote>(server.map((n) => [n.id, n]));
  for (const item of waiting) {
    if (item.op === 'delete') byId.delete(item.id);
    else if (key === null || belongsHere(item.note, server, key)) {
      byId.set(item.id, { ...item.note, unsent: true });
    }
  }
  return Array.from(byId.values());
}

/** An outbox note shows here when the server's list already has it, or the list is of its paper. */
function belongsHere(note: Note, server: Note[], key: string): boolean {
  if (server.some((n) => n.id === note.id)) return true;
  if (key.includes('/board-pack/notes')) return true;
  return key.endsWith(`/${paperKindInUrl(note.paper.kind)}/${note.paper.id}/notes`);
}

export function useNotes(source: ReaderSource) {
  const key = notesKey(source);
  const { data, error, isLoading, mutate } = useSWR<Note[]>(key);
  const [waiting, setWaiting] = useState<OutboxItem[]>([]);
  useEffect(() => {
    startOutbox();
    let live = true;
    void items().then((now) => live && setWaiting(now));
    const stop = subscribe({
      changed: (now) => setWaiting(now),
      sent: () => void mutate(),
      refused: () => void mutate(),
    });
    return () => {
      live = false;
      stop();
    };
  }, [mutate]);
  const notes = useMemo(() => withWaiting(data ?? [], waiting, key), [data, waiting, key]);
  return { notes, error: error as unknown, isLoading };
}

/** Keeps the note (shown at once) and sends it when it can. */
export const saveNote = (note: Note) =>
  enqueue({
    op: 'put',
    id: note.id,
    note,
    body: {
      paper: note.paper,
      page: note.page,
      kind: note.kind,
      anchor: note.anchor,
      body: note.body,
      visibility: note.visibility,
      editedAt: note.editedAt,
    },
  });

export const deleteNote = (note: Note) => enqueue({ op: 'delete', id: note.id, note });

export const exportNotes = (meetingId: number, format: 'text' | 'pdf') =>
  downloadFile(`/api/meetings/${meetingId}/notes/export?format=${format}`);
