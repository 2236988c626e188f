import { paperPage, withPageCount } from '@/features/reader/page-map';
import type { PaperSegment, ReaderSource } from '@/features/reader/types';

const segments: PaperSegment[] = [
  { paper: { kind: 'agendaPaper', id: 17 }, title: 'Budget', firstPage: 4, pageCount: 12 },
  { paper: { kind: 'agendaPaper', id: 18 }, title: 'Risks', firstPage: 16, pageCount: 3 },
];

describe('pack pages to papers', () => {
  it('maps a pack page to the page of the paper it belongs to', () => {
    expect(paperPage(segments, 4)).toEqual({ paper: { kind: 'agendaPaper', id: 17 }, page: 1 });
    expect(paperPage(segments, 15)).toEqual({ paper: { kind: 'agendaPaper', id: 17 }, page: 12 });
    expect(paperPage(segments, 16)).toEqual({ paper: { kind: 'agendaPaper', id: 18 }, page: 1 });
    expect(paperPage(segments, 18)).toEqual({ paper: { kind: 'agendaPaper', id: 18 }, page: 3 });
  });

  it('maps the front pages and pages past the last paper to nothing', () => {
    expect(paperPage(segments, 1)).toBeNull();
    expect(paperPage(segments, 3)).toBeNull();
    expect(paperPage(segments, 19)).toBeNull();
  });

  it("fills in a single paper's page count once the PDF is open", () => {
    const source: ReaderSource = {
      title: 'Accounts',
      url: '/api/documents/1/download',
      fileName: 'a.pdf',
      segments: [
        { paper: { kind: 'document', id: 1 }, title: 'Accounts', firstPage: 1, pageCount: 0 },
      ],
      backTo: { label: 'Back to library', href: '/documents' },
    };
    expect(withPageCount(source, 30).segments[0].pageCount).toBe(30);
    expect(paperPage(withPageCount(source, 30).segments, 30)?.page).toBe(30);
    expect(paperPage(source.segments, 1)).toBeNull();
  });
});
