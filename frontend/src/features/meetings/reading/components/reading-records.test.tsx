// Reading records on the meeting page (spec §2 Pack reader, Reading records): the reader's own record in
// the board pack box and beside each PDF paper, and who has read the papers for admins and chairs.
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { ADMIN_ID, CHAIR_ID, OTHER_TRUSTEE_ID, TRUSTEE_ID, db } from '@/testing/mocks/db';
import { markRead } from '@/testing/mocks/reading-records';
import { withPhoneWidth } from '@/testing/phone-width';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import type { AgendaPaper } from '@/types/api';
import {
  agendaItemFixture,
  meetingFixture,
  MEETING_START,
  serveMeetingPage,
} from '@/features/meetings/test-fixtures';

const agendaPaper = (id: number, title: string, mimeType = 'application/pdf'): AgendaPaper => ({
  id,
  title,
  fileName: `${title.toLowerCase().replace(/ /g, '-')}.pdf`,
  mimeType,
  fileSize: 2048,
  libraryDocumentId: null,
  addedAt: MEETING_START,
  itemId: 2,
});

const budget = agendaPaper(5, 'Budget 2030');
const risks = agendaPaper(6, 'Risk register');
const notes = agendaPaper(8, 'Speaker notes', 'application/vnd.ms-powerpoint');

const agenda = [
  agendaItemFixture(1, 'Apologies'),
  agendaItemFixture(2, 'Finance', { papers: [budget, risks, notes] }),
];

/** Meeting 7's PDF papers: the budget of 12 pages, the risk register of 18 (30 in all). */
function givenPdfPapers() {
  db.reading.papers = [
    { meetingId: 7, paper: { kind: 'agendaPaper', id: 5 }, title: 'Budget 2030', pageCount: 12 },
    { meetingId: 7, paper: { kind: 'agendaPaper', id: 6 }, title: 'Risk register', pageCount: 18 },
  ];
}

const BUDGET = { kind: 'agendaPaper', id: 5 } as const;

/** The paths the mock server has answered in this test: a "shows nothing" waits for its answer. */
let answered: string[] = [];
const noteAnswer = ({ request }: { request: Request }) => {
  answered.push(new URL(request.url).pathname);
};
beforeEach(() => {
  answered = [];
  server.events.on('response:mocked', noteAnswer);
});
afterEach(() => server.events.removeListener('response:mocked', noteAnswer));
const RISKS = { kind: 'agendaPaper', id: 6 } as const;

describe("the reader's own record", () => {
  it('shows a trustee the pages read of the meeting and of each PDF paper', async () => {
    givenPdfPapers();
    markRead(db.reading, TRUSTEE_ID, BUDGET, 5);
    markRead(db.reading, OTHER_TRUSTEE_ID, RISKS, 18);
    serveMeetingPage({ canManage: false, agenda });
    renderApp('/meetings/7', { as: 'trustee' });

    const pack = await screen.findByRole('region', { name: 'Board pack' });
    await waitFor(() =>
      expect(pack).toHaveTextContent(
        "You have read 5 of 30 pages of the papers in the portal's reader.",
      ),
    );
    expect(await screen.findByTestId('paper-reading-5')).toHaveTextContent('Read 5 of 12 pages');
    expect(screen.getByTestId('paper-reading-6')).toHaveTextContent('Not opened');
    // A paper that is not a PDF has no record.
    expect(screen.queryByTestId('paper-reading-8')).not.toBeInTheDocument();
    // Only admins and chairs see who has read the papers.
    expect(
      screen.queryByRole('region', { name: 'Who has read the papers' }),
    ).not.toBeInTheDocument();
  });

  it('says nothing about reading when the board has switched records off', async () => {
    givenPdfPapers();
    db.reading.enabled = false;
    let summaryAsked = false;
    server.use(
      http.get('/api/meetings/7/reading-summary', () => {
        summaryAsked = true;
        return HttpResponse.json({ enabled: false, papers: [], people: [], line: null });
      }),
    );
    serveMeetingPage({ canManage: false, agenda });
    renderApp('/meetings/7', { as: 'trustee' });

    const pack = await screen.findByRole('region', { name: 'Board pack' });
    await screen.findByRole('list', { name: 'Papers for item 2' });
    await waitFor(() => expect(answered).toContain('/api/meetings/7/reading'));
    expect(pack).not.toHaveTextContent('You have read');
    expect(screen.queryByText('Not opened')).not.toBeInTheDocument();
    expect(screen.queryByText(/Read \d+ of/)).not.toBeInTheDocument();
    expect(screen.queryByText(/switched off/)).not.toBeInTheDocument();
    expect(summaryAsked).toBe(false);
  });

  it('says nothing when the meeting has no PDF papers', async () => {
    serveMeetingPage({
      canManage: true,
      agenda: [agendaItemFixture(2, 'Finance', { papers: [notes] })],
    });
    renderApp('/meetings/7', { as: 'chair' });
    await screen.findByRole('region', { name: 'Board pack' });
    // The builder numbers the items as they stand: the one item is item 1.
    await screen.findByRole('list', { name: 'Papers for item 1' });
    await waitFor(() => expect(answered).toContain('/api/meetings/7/reading'));
    await waitFor(() => expect(answered).toContain('/api/meetings/7/reading-summary'));
    expect(screen.queryByText(/You have read/)).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Who has read the papers' }),
    ).not.toBeInTheDocument();
  });
});

describe('who has read the papers', () => {
  it('shows a chair each person and paper (not opened, started, read) and the minutes line', async () => {
    givenPdfPapers();
    // Tina has read everything, Tom has started the budget, the chair and the admin opened nothing.
    markRead(db.reading, TRUSTEE_ID, BUDGET, 12);
    markRead(db.reading, TRUSTEE_ID, RISKS, 18);
    markRead(db.reading, OTHER_TRUSTEE_ID, BUDGET, 3);
    serveMeetingPage({ canManage: true, agenda });
    renderApp('/meetings/7', { as: 'chair' });

    const region = await screen.findByRole('region', { name: 'Who has read the papers' });
    const active = db.users.filter((u) => u.active).length;
    await waitFor(() =>
      expect(region).toHaveTextContent(
        `The papers were taken as read (1 of ${active} trustees had read all papers).`,
      ),
    );
    const perPaper = within(region).getByRole('list', { name: 'Per paper' });
    expect(perPaper).toHaveTextContent(
      `Budget 2030 (12 pages): 1 read, 1 started, ${active - 2} not opened.`,
    );
    expect(perPaper).toHaveTextContent(
      `Risk register (18 pages): 1 read, 0 started, ${active - 1} not opened.`,
    );

    const table = within(region).getByRole('table', {
      name: 'Who has read the papers, per person and paper',
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Budget 2030', 'Risk register']);
    const row = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByText(name) !== null) as HTMLElement;
    expect(row('Tina Trustee')).toHaveTextContent('Read all papers');
    expect(within(row('Tina Trustee')).getAllByText('Read')).toHaveLength(2);
    const tom = db.users.find((u) => u.id === OTHER_TRUSTEE_ID)?.name as string;
    expect(row(tom)).toHaveTextContent('Started (3 of 12 pages)');
    expect(row(tom)).toHaveTextContent('Not opened');
    expect(row(tom)).not.toHaveTextContent('Read all papers');
    const chair = db.users.find((u) => u.id === CHAIR_ID)?.name as string;
    expect(within(row(chair)).getAllByText('Not opened')).toHaveLength(2);
  });

  it('shows an admin after the meeting too', async () => {
    givenPdfPapers();
    markRead(db.reading, ADMIN_ID, BUDGET, 12);
    serveMeetingPage({
      canManage: true,
      agenda,
      meeting: meetingFixture({
        meetingDate: '2020-03-05T18:30:00.000Z',
        plannedEnd: '2020-03-05T20:30:00.000Z',
      }),
    });
    renderApp('/meetings/7', { as: 'admin' });
    const region = await screen.findByRole('region', { name: 'Who has read the papers' });
    await waitFor(() => expect(region).toHaveTextContent('The papers were taken as read (0 of'));
    const admin = db.users.find((u) => u.id === ADMIN_ID)?.name as string;
    const row = within(region)
      .getAllByRole('row')
      .find((r) => within(r).queryByText(admin) !== null) as HTMLElement;
    expect(row).toHaveTextContent('Read');
    expect(row).toHaveTextContent('Not opened');
    // Their own record, in the board pack box and beside the paper.
    expect(screen.getByRole('region', { name: 'Board pack' })).toHaveTextContent(
      'You have read 12 of 30 pages',
    );
    expect(await screen.findByTestId('paper-reading-5')).toHaveTextContent('Read 12 of 12 pages');
  });

  it('tells admins and chairs when the board has switched records off', async () => {
    givenPdfPapers();
    db.reading.enabled = false;
    serveMeetingPage({ canManage: true, agenda });
    renderApp('/meetings/7', { as: 'admin' });
    const region = await screen.findByRole('region', { name: 'Who has read the papers' });
    expect(region).toHaveTextContent('Reading records are switched off for this board.');
    expect(within(region).queryByRole('table')).not.toBeInTheDocument();
  });

  describe('on a phone', () => {
    withPhoneWidth();

    it('lists each person as a card with every paper labelled, no table', async () => {
      givenPdfPapers();
      markRead(db.reading, OTHER_TRUSTEE_ID, BUDGET, 3);
      serveMeetingPage({ canManage: true, agenda });
      // On a phone the agenda folds; `#agenda` unfolds it.
      renderApp('/meetings/7#agenda', { as: 'chair' });
      const region = await screen.findByRole('region', { name: 'Who has read the papers' });
      const cards = await within(region).findByRole('list', {
        name: 'Who has read the papers, per person and paper',
      });
      expect(within(region).queryByRole('table')).not.toBeInTheDocument();
      const tom = db.users.find((u) => u.id === OTHER_TRUSTEE_ID)?.name as string;
      const card = within(cards)
        .getAllByRole('listitem')
        .find((li) => within(li).queryByText(tom) !== null) as HTMLElement;
      // Each state is labelled with its paper's title (a term and its definition), not a column.
      const terms = within(card)
        .getAllByRole('term')
        .map((t) => t.textContent);
      expect(terms).toEqual(['Budget 2030', 'Risk register']);
      const states = within(card)
        .getAllByRole('definition')
        .map((d) => d.textContent);
      expect(states).toEqual(['Started (3 of 12 pages)', 'Not opened']);
    });
  });
});
