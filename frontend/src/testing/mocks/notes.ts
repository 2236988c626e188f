// MSW handlers for notes in the reader (docs/api.md, Notes) over their own in-memory store. The mock
// keeps the server's rules a test can see: visibility (private notes only to their author), only the
// author edits or deletes, each note keeps its own last edit, a pin needs a text, a second delete is 204.
// The refusal texts are the contract's (the notes API adds them to serverMessages once it is merged).
import { http, HttpResponse } from 'msw';
import { db } from '@/testing/mocks/db';
import type { Note, NotePut } from '@/features/reader/notes/types';

export const notesDb: { notes: Note[] } = { notes: [] };

export function resetNotes(): void {
  notesDb.notes = [];
}

const caller = (request: Request) => {
  const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
  const session = db.sessions.find((s) => s.token === token);
  return session ? (db.users.find((u) => u.id === session.userId) ?? null) : null;
};

const kinds: Record<string, Note['paper']['kind']> = {
  document: 'document',
  'agenda-paper': 'agendaPaper',
  minutes: 'minutes',
  'board-pack': 'boardPack',
};

function visibleTo(userId: number, role: string) {
  return (n: Note) =>
    n.author.id === userId ||
    n.visibility === 'shared' ||
    (n.visibility === 'officers' && (role === 'admin' || role === 'chair'));
}

const asSeenBy = (userId: number) => (n: Note) => ({ ...n, mine: n.author.id === userId });

const byPage = (a: Note, b: Note) => a.page - b.page || a.anchor.y - b.anchor.y;

const fail = (status: number, message: string, fieldErrors?: Record<string, string>) =>
  HttpResponse.json({ message, ...(fieldErrors ? { errors: fieldErrors } : {}) }, { status });

export const notesHandlers = [
  http.get('/api/papers/:kind/:id/notes', ({ request, params }) => {
    const me = caller(request);
    if (!me) return fail(401, 'Authentication required. Please sign in.');
    const kind = kinds[params.kind as string];
    const id = Number(params.id);
    return HttpResponse.json(
      notesDb.notes
        .filter((n) => n.paper.kind === kind && n.paper.id === id)
        .filter(visibleTo(me.id, me.role))
        .sort(byPage)
        .map(asSeenBy(me.id)),
    );
  }),
  // The mock's pack holds every paper: all the notes the caller may see.
  http.get('/api/meetings/:id/board-pack/notes', ({ request }) => {
    const me = caller(request);
    if (!me) return fail(401, 'Authentication required. Please sign in.');
    return HttpResponse.json(
      notesDb.notes.filter(visibleTo(me.id, me.role)).sort(byPage).map(asSeenBy(me.id)),
    );
  }),
  http.put('/api/notes/:id', async ({ request, params }) => {
    const me = caller(request);
    if (!me) return fail(401, 'Authentication required. Please sign in.');
    const body = (await request.json()) as NotePut;
    if (body.kind === 'pin' && !body.body.trim()) {
      return fail(400, 'Invalid note', { body: 'Write the note.' });
    }
    if (body.body.length > 5000)
      return fail(400, 'Invalid note', { body: 'At most 5000 characters.' });
    const id = params.id as string;
    const old = notesDb.notes.find((n) => n.id === id);
    if (old && old.author.id !== me.id) return fail(403, 'You can only change your own notes.');
    if (old && old.editedAt > body.editedAt) return HttpResponse.json(asSeenBy(me.id)(old));
    const note: Note = {
      ...body,
      id,
      author: { id: me.id, name: me.name },
      createdAt: old?.createdAt ?? body.editedAt,
      mine: true,
    };
    notesDb.notes = [...notesDb.notes.filter((n) => n.id !== id), note];
    return HttpResponse.json(note, { status: old ? 200 : 201 });
  }),
  http.delete('/api/notes/:id', ({ request, params }) => {
    const me = caller(request);
    if (!me) return fail(401, 'Authentication required. Please sign in.');
    const old = notesDb.notes.find((n) => n.id === params.id);
    if (old && old.author.id !== me.id) return fail(403, 'You can only change your own notes.');
    notesDb.notes = notesDb.notes.filter((n) => n.id !== params.id);
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('/api/meetings/:id/notes/export', ({ request }) => {
    const me = caller(request);
    if (!me) return fail(401, 'Authentication required. Please sign in.');
    const format = new URL(request.url).searchParams.get('format');
    if (format !== 'text' && format !== 'pdf') return fail(400, 'Unknown format');
    const mine = notesDb.notes.filter((n) => n.author.id === me.id);
    const text = mine.map((n) => `Page ${n.page}: "${n.anchor.quote}" ${n.body}`).join('\n');
    return new HttpResponse(format === 'pdf' ? '%PDF-1.7 mock' : text, {
      headers: {
        'Content-Type': format === 'pdf' ? 'application/pdf' : 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="notes-2026-03-01.${format === 'pdf' ? 'pdf' : 'txt'}"`,
      },
    });
  }),
];
