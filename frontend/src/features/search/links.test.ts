import { resultTarget } from '@/features/search/links';
import type { SearchKind, SearchOpen, SearchResult } from '@/types/api';

const none: SearchOpen = {
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

const result = (kind: SearchKind, id: number, open: Partial<SearchOpen>): SearchResult => ({
  kind,
  id,
  title: 'T',
  date: '2026-11-02T18:00:00Z',
  meeting: open.meetingId ? { id: open.meetingId, title: 'Board meeting' } : null,
  committee: open.committeeId ? { id: open.committeeId, name: 'Finance' } : null,
  category: null,
  snippet: [],
  open: { ...none, ...open },
});

const to = (r: SearchResult, q = 'budget "next year"') => resultTarget(r, q);

describe('where a search result leads', () => {
  it('opens PDFs in the reader with the query, and downloads other files', () => {
    expect(
      to(result('document', 5, { documentId: 5, fileUrl: '/api/documents/5/download', pdf: true })),
    ).toEqual({
      type: 'link',
      to: '/read/documents/5?q=budget+%22next+year%22',
    });
    expect(
      to(result('document', 6, { documentId: 6, fileUrl: '/api/documents/6/download' })),
    ).toEqual({
      type: 'download',
      url: '/api/documents/6/download',
    });
    expect(
      to(
        result('uploadedMinutes', 9, {
          minutesId: 9,
          fileUrl: '/api/minutes/9/download',
          pdf: true,
        }),
        'lease',
      ),
    ).toEqual({
      type: 'link',
      to: '/read/minutes/9?q=lease',
    });
    expect(
      to(
        result('agendaPaper', 12, {
          meetingId: 3,
          itemId: 7,
          paperId: 12,
          fileUrl: '/api/meetings/3/agenda-items/7/papers/12/download',
          pdf: true,
        }),
        'lease',
      ),
    ).toEqual({ type: 'link', to: '/meetings/3/papers/12?q=lease' });
    expect(
      to(
        result('agendaPaper', 13, {
          meetingId: 3,
          paperId: 13,
          fileUrl: '/api/meetings/3/agenda-items/7/papers/13/download',
        }),
      ),
    ).toEqual({ type: 'download', url: '/api/meetings/3/agenda-items/7/papers/13/download' });
    expect(
      to(
        result('committeeDocument', 4, {
          committeeId: 2,
          fileUrl: '/api/committees/2/documents/4/download',
          pdf: true,
        }),
      ),
    ).toEqual({ type: 'download', url: '/api/committees/2/documents/4/download' });
  });

  it("opens every other record's page at its section", () => {
    const links: [SearchResult, string][] = [
      [result('writtenMinutes', 4, { meetingId: 3, minutesId: 4 }), '/meetings/3#minutes'],
      [result('decision', 31, { meetingId: 3 }), '/meetings/3#minutes'],
      [result('agendaItem', 7, { meetingId: 3, itemId: 7 }), '/meetings/3#agenda'],
      [result('notice', 1, { noticeId: 1 }), '/notices'],
      [result('action', 2, { actionId: 2 }), '/actions'],
      [result('resolution', 3, { resolutionId: 3 }), '/governance?tab=resolutions'],
      [result('interest', 4, { interestId: 4 }), '/governance?tab=interests'],
      [
        result('chatMessage', 77, { committeeId: 2, messageId: 77 }),
        '/committees?committee=2&tab=chat',
      ],
      [result('decision', 32, {}), '/decisions'],
      [result('writtenMinutes', 5, {}), '/minutes'],
    ];
    for (const [r, path] of links) expect(to(r)).toEqual({ type: 'link', to: path });
  });
});
