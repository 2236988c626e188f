import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { notesDb } from '@/testing/mocks/notes';
import { pendingBeforeWipe, runBeforeWipe } from '@/features/offline/wipe';
import {
  enqueue,
  flush,
  items,
  pending,
  resetOutboxForTests,
  startOutbox,
  subscribe,
  type OutboxItem,
  type Refusal,
} from '@/features/reader/notes/outbox';
import type { Note } from '@/features/reader/notes/types';

// IndexedDB as a map: the outbox's order and contents are what is under test, not the browser's store.
const mockStored = new Map<string, unknown>();
jest.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: async (key: string) => mockStored.get(key),
  update: async (key: string, fn: (old: unknown) => unknown) => {
    mockStored.set(key, fn(mockStored.get(key)));
  },
}));

const note = (id: string, body: string, editedAt: string): Note => ({
  id,
  paper: { kind: 'document', id: 5 },
  page: 2,
  kind: 'pin',
  anchor: { x: 0.5, y: 0.5, rects: [], quote: '', prefix: '', suffix: '' },
  body,
  visibility: 'private',
  author: { id: 3, name: 'Trustee' },
  createdAt: editedAt,
  editedAt,
  mine: true,
});

const put = (n: Note): OutboxItem => ({
  op: 'put',
  id: n.id,
  note: n,
  body: {
    paper: n.paper,
    page: n.page,
    kind: n.kind,
    anchor: n.anchor,
    body: n.body,
    visibility: n.visibility,
    editedAt: n.editedAt,
  },
});

/** The requests the server received, as "METHOD id". */
let received: string[] = [];

beforeEach(() => {
  mockStored.clear();
  resetOutboxForTests();
  received = [];
  window.localStorage.setItem('token', 'token-3');
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/notes/')) {
      received.push(`${request.method} ${url.pathname.slice('/api/notes/'.length)}`);
    }
  });
});
afterEach(() => server.events.removeAllListeners());

const offline = () =>
  server.use(
    http.put('/api/notes/:id', () => HttpResponse.error()),
    http.delete('/api/notes/:id', () => HttpResponse.error()),
  );

describe('the notes outbox', () => {
  it('sends a note at once when online', async () => {
    await enqueue(put(note('a', 'First', '2026-03-01T10:00:00Z')));
    await flush();
    expect(notesDb.notes.map((n) => n.body)).toEqual(['First']);
    expect(await pending()).toBe(0);
  });

  it('keeps notes made offline, in order, and sends them when back online', async () => {
    offline();
    await enqueue(put(note('a', 'One', '2026-03-01T10:00:00Z')));
    await enqueue(put(note('b', 'Two', '2026-03-01T10:01:00Z')));
    await flush();
    expect(await pending()).toBe(2);
    expect(notesDb.notes).toEqual([]);

    server.resetHandlers();
    startOutbox();
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(await pending()).toBe(0);
    expect(notesDb.notes.map((n) => n.body)).toEqual(['One', 'Two']);
    expect(received.filter((r) => r.startsWith('PUT'))).toContain('PUT a');
  });

  it("keeps only a note's last write while waiting, and a delete after it", async () => {
    offline();
    await enqueue(put(note('a', 'Draft', '2026-03-01T10:00:00Z')));
    await enqueue(put(note('a', 'Final', '2026-03-01T10:05:00Z')));
    expect((await items()).map((i) => i.op === 'put' && i.body.body)).toEqual(['Final']);
    const n = note('a', 'Final', '2026-03-01T10:05:00Z');
    await enqueue({ op: 'delete', id: 'a', note: n });
    expect((await items()).map((i) => i.op)).toEqual(['delete']);
  });

  it('keeps an item on a 5xx, 429 and 408, and sends it later', async () => {
    for (const status of [503, 429, 408]) {
      server.use(http.put('/api/notes/:id', () => HttpResponse.json({}, { status })));
      await enqueue(put(note('a', 'Kept', '2026-03-01T10:00:00Z')));
      await flush();
      expect(await pending()).toBe(1);
      server.resetHandlers();
    }
    await flush();
    expect(await pending()).toBe(0);
    expect(notesDb.notes.map((n) => n.body)).toEqual(['Kept']);
  });

  it('drops an item the server refuses for good, says so with its text, and goes on', async () => {
    const refusals: Refusal[] = [];
    subscribe({ refused: (r) => refusals.push(r) });
    notesDb.notes = [
      { ...note('theirs', 'Not mine', '2026-01-01T00:00:00Z'), author: { id: 4, name: 'Other' } },
    ];
    offline();
    await enqueue(put(note('theirs', 'Overwrite', '2026-03-01T10:00:00Z')));
    await enqueue(put(note('b', 'Mine', '2026-03-01T10:01:00Z')));
    server.resetHandlers();
    await flush();
    expect(refusals).toHaveLength(1);
    expect(refusals[0].message).toBe('You can only change your own notes.');
    expect(refusals[0].item.op === 'put' && refusals[0].item.body.body).toBe('Overwrite');
    expect(await pending()).toBe(0);
    expect(notesDb.notes.map((n) => n.body).sort()).toEqual(['Mine', 'Not mine']);
  });

  it('sends a delete, and tells listeners what was sent', async () => {
    const sent: string[] = [];
    subscribe({ sent: (i) => sent.push(`${i.op} ${i.id}`) });
    notesDb.notes = [note('a', 'Gone soon', '2026-01-01T00:00:00Z')];
    await enqueue({ op: 'delete', id: 'a', note: notesDb.notes[0] });
    await flush();
    expect(notesDb.notes).toEqual([]);
    expect(sent).toEqual(['delete a']);
  });

  it('is flushed and counted by the offline copy before it is wiped', async () => {
    offline();
    startOutbox();
    await enqueue(put(note('a', 'Before sign-out', '2026-03-01T10:00:00Z')));
    expect(await pendingBeforeWipe()).toBe(1);
    server.resetHandlers();
    await runBeforeWipe();
    expect(await pendingBeforeWipe()).toBe(0);
    expect(notesDb.notes.map((n) => n.body)).toEqual(['Before sign-out']);
  });
});
