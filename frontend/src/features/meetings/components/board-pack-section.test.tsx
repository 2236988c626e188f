import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import type { AgendaItem, AgendaPaper, Meeting } from '@/types/api';
import {
  agendaItemFixture,
  attendanceFixture,
  MEETING_START,
  meetingFixture,
  serveMeetingPage,
} from '@/features/meetings/test-fixtures';

const paper = (id: number, itemId: number, title: string, fileName: string, mimeType: string) =>
  ({
    id,
    itemId,
    title,
    fileName,
    fileSize: 2048,
    mimeType,
    libraryDocumentId: null,
    addedAt: MEETING_START,
  }) satisfies AgendaPaper;

const item = (id: number, title: string, papers: AgendaPaper[]) =>
  agendaItemFixture(id, title, { papers });

const withPapers = [
  item(1, 'Welcome and apologies', []),
  item(2, 'Budget 2031', [
    paper(11, 2, 'Draft budget', 'budget.pdf', 'application/pdf'),
    paper(
      12,
      2,
      'Budget figures',
      'figures.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ),
  ]),
  item(3, 'Safeguarding report', [
    paper(13, 3, 'Safeguarding report', 'report.pdf', 'application/pdf'),
  ]),
];

function meetingPage(
  agendaStatus: Meeting['agendaStatus'],
  agenda: AgendaItem[],
  agendaVisible = true,
) {
  serveMeetingPage({
    meeting: meetingFixture({
      agendaStatus,
      agendaPublishedAt: agendaStatus === 'published' ? MEETING_START : null,
    }),
    agenda,
    agendaVisible,
    canManage: false,
    attendance: attendanceFixture(),
  });
}

describe('Board pack on the meeting page', () => {
  it('downloads the pack with the bearer token and lists the papers that are not in it', async () => {
    meetingPage('published', withPapers);
    let authorization: string | null = null;
    server.use(
      http.get('/api/meetings/7/board-pack', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return new HttpResponse(new Blob(['%PDF-1.7']), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition':
              'attachment; filename="Board pack.pdf"; filename*=UTF-8\'\'Board%20pack%20-%20Spring%20board%20meeting%20-%202030-03-05.pdf',
          },
        });
      }),
    );
    const names: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:pack'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const { user } = renderApp('/meetings/7', { as: 'trustee' });

    const pack = await screen.findByRole('region', { name: 'Board pack' });
    expect(pack).toHaveTextContent('the 2 PDF papers in agenda order, with a bookmark per item.');
    const separate = within(pack).getByRole('list');
    expect(
      within(separate)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Item 2, Budget 2031: Budget figures (figures.xlsx)']);
    expect(pack).toHaveTextContent('Not in the board pack (1 paper is not a PDF file)');
    // The agenda itself says so at the paper.
    expect(
      screen.getByText(/figures\.xlsx, 2 KB; not a PDF: a separate download/),
    ).toBeInTheDocument();

    // The pack and each PDF paper open in the reader; a paper that is not a PDF keeps only its download.
    expect(within(pack).getByRole('link', { name: 'Read board pack' })).toHaveAttribute(
      'href',
      '/meetings/7/pack',
    );
    expect(screen.getByRole('link', { name: 'Read Draft budget' })).toHaveAttribute(
      'href',
      '/meetings/7/papers/11',
    );
    expect(screen.queryByRole('link', { name: 'Read Budget figures' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Budget figures' })).toBeInTheDocument();

    await user.click(within(pack).getByRole('button', { name: 'Download board pack' }));
    await waitFor(() =>
      expect(names).toEqual(['Board pack - Spring board meeting - 2030-03-05.pdf']),
    );
    expect(authorization).toMatch(/^Bearer /);
    click.mockRestore();
  });

  it('offers no pack for an agenda without papers', async () => {
    meetingPage('published', [item(1, 'Welcome and apologies', [])]);
    renderApp('/meetings/7', { as: 'trustee' });
    expect(await screen.findByText('Welcome and apologies')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download board pack' })).not.toBeInTheDocument();
  });

  it('offers no pack while the agenda is not visible (a draft, for a trustee)', async () => {
    meetingPage('draft', [], false);
    renderApp('/meetings/7', { as: 'trustee' });
    expect(await screen.findByText('The agenda has not been published yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download board pack' })).not.toBeInTheDocument();
  });

  it('offers the pack of a draft agenda to a chair, who sees it', async () => {
    meetingPage('draft', withPapers);
    renderApp('/meetings/7', { as: 'chair' });
    expect(await screen.findByRole('button', { name: 'Download board pack' })).toBeEnabled();
  });
});
