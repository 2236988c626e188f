// MSW handler for GET /api/search (docs/api.md, Search) over its own in-memory index. The mock keeps what a
// test of the front end can see: the field errors of a refused query, the filters, both orders, the counts per
// kind (the kind filter ignored), the cursor, and the snippet's runs. Matching is by word prefix, in title and
// text; what each person may see is the server's to prove, so the index holds only what the test puts in it.
// The types are the contract's until the generated API types carry search.
import { http, HttpResponse } from 'msw';
import { db } from '@/testing/mocks/db';
import type { SearchKind, SearchOpen, SearchResponse, SearchResult, SnippetRun } from '@/types/api';

/** A record in the mock's index: what a result shows, and the text it is found by. */
export type IndexedRecord = Omit<SearchResult, 'snippet' | 'open'> & {
  text: string;
  open?: Partial<SearchOpen>;
};

export const searchDb: { records: IndexedRecord[]; requests: URLSearchParams[] } = {
  records: [],
  requests: [],
};

const kinds: SearchKind[] = [
  'document',
  'committeeDocument',
  'uploadedMinutes',
  'writtenMinutes',
  'decision',
  'agendaItem',
  'agendaPaper',
  'notice',
  'action',
  'resolution',
  'interest',
  'chatMessage',
];

const noOpen: SearchOpen = {
  meetingId: null,
  paperId: null,
  itemId: null,
  documentId: null,
  minutesId: null,
  committeeId: null,
  noticeId: null,
  actionId: null,
  resolutionId: null,
  interestId: null,
  messageId: null,
  fileUrl: null,
  pdf: false,
};

/** A small index across the kinds: the budget paper, the library's accounts, minutes, chat... */
export function seedSearch(): IndexedRecord[] {
  return [
    {
      kind: 'agendaPaper',
      id: 12,
      title: 'Budget 2027',
      date: '2026-11-02T18:00:00Z',
      meeting: { id: 2, title: 'Winter Board Meeting' },
      committee: null,
      category: null,
      text: 'The proposed budget for 2027 keeps reserves at six months of spending.',
      open: {
        meetingId: 2,
        paperId: 12,
        itemId: 7,
        fileUrl: '/api/meetings/2/agenda-items/7/papers/12/download',
        pdf: true,
      },
    },
    {
      kind: 'document',
      id: 1,
      title: 'Annual Accounts 2024',
      date: '2026-10-01T09:00:00Z',
      meeting: null,
      committee: null,
      category: 'finance',
      text: 'Income rose; the budget was met and the reserves policy followed.',
      open: { documentId: 1, fileUrl: '/api/documents/1/download', pdf: true },
    },
    {
      kind: 'document',
      id: 2,
      title: 'Safeguarding Policy',
      date: '2026-09-01T09:00:00Z',
      meeting: null,
      committee: null,
      category: 'safeguarding',
      text: 'Budget for safeguarding training is set each year.',
      open: { documentId: 2, fileUrl: '/api/documents/2/download', pdf: false },
    },
    {
      kind: 'decision',
      id: 31,
      title: 'Approve the budget',
      date: '2026-11-02T18:00:00Z',
      meeting: { id: 2, title: 'Winter Board Meeting' },
      committee: null,
      category: null,
      text: 'The board approved the budget for 2027.',
      open: { meetingId: 2, minutesId: 4 },
    },
    {
      kind: 'chatMessage',
      id: 77,
      title: 'Finance Committee chat',
      date: '2026-10-20T12:00:00Z',
      meeting: null,
      committee: { id: 1, name: 'Finance Committee' },
      category: null,
      text: 'Shall we look at the budget lines before Thursday?',
      open: { committeeId: 1, messageId: 77 },
    },
    {
      kind: 'notice',
      id: 1,
      title: 'Office closed',
      date: '2025-01-05T10:00:00Z',
      meeting: null,
      committee: null,
      category: null,
      text: 'The office is closed over the holidays.',
      open: { noticeId: 1 },
    },
  ];
}

export function resetSearch(): void {
  searchDb.records = seedSearch();
  searchDb.requests = [];
}
resetSearch();

const fieldError = (field: string, message: string) =>
  HttpResponse.json(
    { message: 'Validation failed', errors: { [field]: message } },
    { status: 400 },
  );

/** The query's words that must match (quoted phrases' words, plain words; not -excluded ones, not 'or'). */
function parse(q: string): { wanted: string[]; excluded: string[] } {
  const wanted: string[] = [];
  const excluded: string[] = [];
  for (const m of q.toLowerCase().matchAll(/(-?)"([^"]*)"?|(-?)(\S+)/g)) {
    const minus = m[1] || m[3];
    const words = (m[2] ?? m[4] ?? '').split(/\s+/).filter((w) => w && w !== 'or');
    (minus ? excluded : wanted).push(...words);
  }
  return { wanted, excluded };
}

const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);

/** The record's text in runs, the words starting with a wanted word marked. */
function snippetOf(text: string, wanted: string[]): SnippetRun[] {
  const runs: SnippetRun[] = [];
  for (const part of text.split(/([\p{L}\p{N}]+)/u)) {
    if (!part) continue;
    const hit = wanted.some((w) => part.toLowerCase().startsWith(w));
    const last = runs[runs.length - 1];
    if (last && !last.hit && !hit) last.text += part;
    else runs.push({ text: part, hit });
  }
  return runs;
}

export const searchHandlers = [
  http.get('/api/search', ({ request }) => {
    const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
    if (!db.sessions.some((s) => s.token === token))
      return HttpResponse.json({ message: 'Authentication required' }, { status: 401 });
    const params = new URL(request.url).searchParams;
    searchDb.requests.push(params);
    const q = (params.get('q') ?? '').trim();
    if (q.length < 1 || q.length > 200)
      return fieldError('q', 'Type between 1 and 200 characters.');
    const asked = params
      .getAll('kind')
      .flatMap((k) => k.split(','))
      .filter(Boolean);
    if (asked.some((k) => !kinds.includes(k as SearchKind)))
      return fieldError('kind', 'Not a kind of record search finds.');
    const from = params.get('from');
    const to = params.get('to');
    const isDate = (d: string | null) => !d || /^\d{4}-\d{2}-\d{2}$/.test(d);
    if (!isDate(from)) return fieldError('from', 'Use a date as YYYY-MM-DD.');
    if (!isDate(to)) return fieldError('to', 'Use a date as YYYY-MM-DD.');
    if (from && to && from > to) return fieldError('from', 'The start is after the end.');
    const cursor = params.get('cursor');
    if (cursor && !/^o\d+$/.test(cursor))
      return fieldError('cursor', 'Not a cursor of this search.');
    const limit = Number(params.get('limit') ?? 20);

    const { wanted, excluded } = parse(q);
    const meetingId = Number(params.get('meetingId')) || null;
    const committeeId = Number(params.get('committeeId')) || null;
    const category = params.get('category');
    const matching = searchDb.records.filter((r) => {
      const words = wordsOf(`${r.title} ${r.text}`);
      const day = r.date.slice(0, 10);
      return (
        wanted.every((w) => words.some((x) => x.startsWith(w))) &&
        !excluded.some((w) => words.includes(w)) &&
        (!from || day >= from) &&
        (!to || day <= to) &&
        (!meetingId || r.meeting?.id === meetingId) &&
        (!committeeId || r.committee?.id === committeeId) &&
        (!category || r.category === category)
      );
    });
    const counts: Partial<Record<SearchKind, number>> = {};
    for (const r of matching) counts[r.kind] = (counts[r.kind] ?? 0) + 1;
    const filtered = matching.filter((r) => asked.length === 0 || asked.includes(r.kind));
    if (params.get('order') === 'date') filtered.sort((a, b) => b.date.localeCompare(a.date));
    const start = cursor ? Number(cursor.slice(1)) : 0;
    const page = filtered.slice(start, start + limit);
    const body: SearchResponse = {
      results: page.map(({ text, open, ...r }) => ({
        ...r,
        snippet: snippetOf(text, wanted),
        open: { ...noOpen, ...open },
      })),
      counts,
      total: filtered.length,
      nextCursor: start + limit < filtered.length ? `o${start + limit}` : null,
    };
    return HttpResponse.json(body);
  }),
];
