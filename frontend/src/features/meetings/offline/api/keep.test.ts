import { ApiError } from '@/lib/api-client';
import type { KeptIndex, KeptMeeting } from '@/features/meetings/offline/api/kept-index';
import {
  keepMeeting,
  keptCacheName,
  refreshKeptMeeting,
  type KeepDeps,
} from '@/features/meetings/offline/api/keep';

const paper = (id: number, itemId: number, mimeType = 'application/pdf') => ({
  id,
  itemId,
  title: `Paper ${id}`,
  fileName: `p${id}.pdf`,
  fileSize: 10,
  mimeType,
  addedAt: '2026-11-01T10:00:00Z',
  libraryDocumentId: null,
});

const detail = (papers: ReturnType<typeof paper>[]) => ({
  meeting: { id: 4, title: 'Board meeting' },
  agenda: [{ id: 1, papers }],
  agendaVisible: true,
  canManage: false,
});

const PACK = '/api/meetings/4/board-pack';
const P7 = '/api/meetings/4/agenda-items/1/papers/7/download';
const P8 = '/api/meetings/4/agenda-items/1/papers/8/download';

type Server = {
  detail: ReturnType<typeof detail> | null;
  files: Record<string, { etag: string; bytes: string }>;
  refuse?: Record<string, number>;
};

function setUp(server: Server) {
  const caches = new Map<string, Map<string, Response>>();
  const entries = new Map<number, KeptMeeting>();
  const calls: { url: string; headers?: Record<string, string> }[] = [];
  const index: KeptIndex = {
    get: async (id) => entries.get(id),
    put: async (kept) => void entries.set(kept.meetingId, kept),
    remove: async (id) => void entries.delete(id),
    all: async () => [...entries.values()],
  };
  const deps: KeepDeps = {
    now: () => new Date('2026-11-28T09:00:00Z'),
    index,
    caches: {
      open: async (name) => {
        if (!caches.has(name)) caches.set(name, new Map());
        const cache = caches.get(name)!;
        return {
          put: async (url: string, response: Response) => void cache.set(url, response),
          delete: async (url: string) => cache.delete(url),
        } as unknown as Cache;
      },
      delete: async (name) => caches.delete(name),
    },
    request: async (url, headers) => {
      calls.push({ url, headers });
      const refused = server.refuse?.[url];
      if (refused) throw new ApiError(refused, `${refused}: no`, 'no', null);
      if (url === '/api/meetings/4') {
        if (!server.detail) throw new ApiError(404, '404: Meeting not found', 'x', null);
        return Response.json(server.detail);
      }
      const file = server.files[url];
      if (!file) return Response.json({});
      if (headers?.['If-Range'] === file.etag) {
        return new Response(file.bytes.slice(1, 2), {
          status: 206,
          headers: { 'Content-Range': `bytes 1-1/${file.bytes.length}` },
        });
      }
      return new Response(file.bytes, {
        headers: { ETag: file.etag, 'Content-Length': String(file.bytes.length) },
      });
    },
  };
  const cached = (id = 4) => [...(caches.get(keptCacheName(id))?.keys() ?? [])].sort();
  return { deps, entries, calls, cached, caches };
}

const server = (): Server => ({
  detail: detail([paper(7, 1), paper(8, 1, 'text/plain')]),
  files: {
    [P7]: { etag: '"a7"', bytes: 'seven' },
    [P8]: { etag: '"a8"', bytes: 'eight!' },
    [PACK]: { etag: '"pack1"', bytes: 'packpack' },
  },
  refuse: { '/api/meetings/4/written-minutes': 404 },
});

describe('keepMeeting', () => {
  it('keeps the meeting, its papers, pack, layout and notes, and the shell’s calls', async () => {
    const { deps, entries, cached } = setUp(server());
    const progress: string[] = [];
    const kept = await keepMeeting(4, (p) => progress.push(`${p.done}/${p.total}`), deps);
    expect(cached()).toEqual(
      [
        '/api/auth/me',
        '/api/me/tasks',
        '/api/meetings/4',
        '/api/meetings/4/attendance',
        '/api/meetings/4/conflicts',
        '/api/meetings/4/board-pack/layout',
        '/api/meetings/4/board-pack/notes',
        '/api/meetings/4/reading',
        // Paper 7 opened on its own (paper 8 is no PDF: only its file).
        '/api/papers/agenda-paper/7/notes',
        '/api/papers/agenda-paper/7/reading',
        P7,
        P8,
        PACK,
      ].sort(),
    );
    expect(progress[0]).toBe('0/14');
    expect(progress.at(-1)).toBe('14/14');
    expect(kept).toMatchObject({ meetingId: 4, title: 'Board meeting', size: 19 });
    expect(kept.etags[P7]).toBe('"a7"');
    expect(kept.etags[PACK]).toBe('"pack1"');
    expect(entries.get(4)).toEqual(kept);
  });

  it('fails and keeps nothing when a paper cannot be fetched', async () => {
    const s = server();
    s.refuse = { [P8]: 500 };
    const { deps, entries, caches } = setUp(s);
    await expect(keepMeeting(4, undefined, deps)).rejects.toThrow('500');
    expect(caches.has(keptCacheName(4))).toBe(false);
    expect(entries.size).toBe(0);
  });
});

describe('refreshKeptMeeting', () => {
  it('asks for one byte with If-Range and keeps unchanged files', async () => {
    const s = server();
    const { deps, calls } = setUp(s);
    await keepMeeting(4, undefined, deps);
    calls.length = 0;
    expect(await refreshKeptMeeting(4, deps)).toBe('unchanged');
    expect(calls.find((c) => c.url === P7)?.headers).toEqual({
      Range: 'bytes=1-1',
      'If-Range': '"a7"',
    });
  });

  it('fetches a replaced paper and a rebuilt pack again, and drops a removed paper', async () => {
    const s = server();
    const { deps, cached, entries } = setUp(s);
    await keepMeeting(4, undefined, deps);
    s.detail = detail([paper(7, 1)]);
    s.files[P7] = { etag: '"b7"', bytes: 'seven v2' };
    s.files[PACK] = { etag: '"pack2"', bytes: 'pack' };
    expect(await refreshKeptMeeting(4, deps)).toBe('updated');
    expect(cached()).not.toContain(P8);
    expect(entries.get(4)?.etags).toMatchObject({ [P7]: '"b7"', [PACK]: '"pack2"' });
    expect(entries.get(4)?.etags[P8]).toBeUndefined();
  });

  it('deletes the copy when the person has lost access to the meeting', async () => {
    const s = server();
    const { deps, caches, entries } = setUp(s);
    await keepMeeting(4, undefined, deps);
    s.detail = null;
    expect(await refreshKeptMeeting(4, deps)).toBe('removed');
    expect(caches.has(keptCacheName(4))).toBe(false);
    expect(entries.has(4)).toBe(false);
  });

  it('leaves the copy alone when the server cannot be reached', async () => {
    const s = server();
    const { deps, caches, entries } = setUp(s);
    await keepMeeting(4, undefined, deps);
    deps.request = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await refreshKeptMeeting(4, deps)).toBe('unreachable');
    expect(caches.has(keptCacheName(4))).toBe(true);
    expect(entries.has(4)).toBe(true);
  });
});
