// A guest's portal (spec §6 Guests): the sidebar and the routes follow the pass, "My access" is the home,
// and the pages a guest opens ask the server for nothing it refuses guests. Every request is recorded and
// checked against what the server serves guests (the mock refuses the rest with 403, as the server does).
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { formatDay } from '@/lib/format';
import { db } from '@/testing/mocks/db';
import { GUEST_ID, addGuest, endOfDay, guestMayCall } from '@/testing/mocks/guests';
import { pdfjsMock } from '@/testing/pdfjs-mock';
import { server } from '@/testing/mocks/server';
import { currentPath, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import type { MemberAttendance } from '@/types/api';
import {
  agendaItemFixture,
  attendanceFixture,
  MEETING_START,
  serveMeetingPage,
} from '@/features/meetings/test-fixtures';

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const navLinks = () =>
  within(nav())
    .getAllByRole('link')
    .map((a) => a.textContent);

/** Every request the app makes in the test, as `METHOD /path`. */
let asked: string[] = [];
const record = ({ request }: { request: Request }) => {
  asked.push(`${request.method} ${new URL(request.url).pathname}`);
};
beforeEach(() => {
  asked = [];
  server.events.on('request:start', record);
});
afterEach(() => server.events.removeAllListeners());

/** Fails on any request the server would refuse a guest (`auditor`: the pass has an audit period). */
const expectOnlyWhatGuestsMayCall = (auditor = false) =>
  expect(
    asked.filter((r) => {
      const [method, path] = r.split(' ');
      return !guestMayCall(method, path, auditor);
    }),
  ).toEqual([]);

const springMeeting = () => {
  const m = db.meetings.find((x) => x.id === 1)!;
  return { id: m.id, title: m.title, meetingDate: m.meetingDate };
};

describe("a guest's sidebar and routes", () => {
  it('shows an observer My access and Meetings only, no search box and no notification settings', async () => {
    addGuest({ meetings: [springMeeting()] });
    const { user } = renderApp('/', { as: GUEST_ID });
    expect(await screen.findByRole('heading', { level: 1, name: 'My access' })).toBeVisible();
    expect(navLinks()).toEqual(['My access', 'Meetings']);
    expect(within(nav()).getByRole('link', { name: 'Meetings' })).toHaveAttribute(
      'href',
      '/calendar',
    );
    expect(screen.queryByRole('combobox', { name: 'Search the portal' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Gina Guest, Guest: account menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Account security', 'Sign Out']);
    expectOnlyWhatGuestsMayCall();
  });

  it('shows an auditor Documents, Minutes, Decisions and Interests beside My access', async () => {
    addGuest({ auditFrom: '2025-04-01', auditTo: '2026-03-31' });
    renderApp('/', { as: GUEST_ID });
    await screen.findByRole('heading', { level: 1, name: 'My access' });
    expect(navLinks()).toEqual(['My access', 'Documents', 'Minutes', 'Decisions', 'Interests']);
    expectOnlyWhatGuestsMayCall(true);
  });

  it('answers a path the pass does not open with the not-found page, asking nothing refused', async () => {
    addGuest({ meetings: [springMeeting()] });
    for (const path of ['/actions', '/documents', '/notification-settings', '/search', '/users']) {
      const view = renderApp(path, { as: GUEST_ID });
      expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Back to My access' })).toHaveAttribute('href', '/');
      view.unmount();
    }
    expectOnlyWhatGuestsMayCall();
  });

  it('keeps Account security to the password and the sessions', async () => {
    addGuest({ meetings: [springMeeting()] });
    renderApp('/account-security', { as: GUEST_ID });
    expect(await screen.findByRole('region', { name: 'Change password' })).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Where you are signed in' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Two-factor sign-in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Single sign-on' })).not.toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('GET /api/auth/sessions'));
    expectOnlyWhatGuestsMayCall();
  });

  it('lists the meetings of the pass, without the calendar feed', async () => {
    addGuest({ meetings: [springMeeting()] });
    renderApp('/calendar', { as: GUEST_ID });
    expect(await screen.findByRole('heading', { level: 1, name: 'Meetings' })).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Spring Board Meeting' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    expectOnlyWhatGuestsMayCall();
  });
});

describe('My access', () => {
  it('says who invited the guest and why, until when, and leads to what the pass names', async () => {
    const lastDay = dayjs().add(45, 'day').format('YYYY-MM-DD');
    addGuest({
      purpose: 'External auditor for 2025-26',
      endsAt: endOfDay(lastDay),
      meetings: [springMeeting()],
      documents: [{ id: 1, title: 'Annual Accounts 2024' }],
      auditFrom: '2025-04-01',
      auditTo: '2026-03-31',
    });
    const { user } = renderApp('/', { as: GUEST_ID });
    const pass = await screen.findByRole('region', { name: 'Your guest pass' });
    expect(pass).toHaveTextContent(
      'Alice Admin invited you for this purpose: External auditor for 2025-26',
    );
    expect(within(pass).getByText(`Your access ends on ${formatDay(lastDay)}.`)).toBeVisible();

    const meetings = screen.getByRole('region', { name: 'Meetings' });
    expect(within(meetings).getByRole('link', { name: 'Spring Board Meeting' })).toHaveAttribute(
      'href',
      '/meetings/1',
    );

    // The documents open as the library opens them: a PDF in the reader.
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(
      await within(documents).findByRole('button', { name: 'Download Annual Accounts 2024' }),
    ).toBeVisible();
    await user.click(within(documents).getByRole('button', { name: 'Read Annual Accounts 2024' }));
    await waitFor(() => expect(currentPath()).toBe('/read/documents/1'));
    expectOnlyWhatGuestsMayCall(true);
  });

  it("gives an auditor the period and the way to the period's records", async () => {
    addGuest({ auditFrom: '2025-04-01', auditTo: '2026-03-31' });
    renderApp('/', { as: GUEST_ID });
    const audit = await screen.findByRole('region', { name: 'Audit' });
    expect(audit).toHaveTextContent('Audit period 1 Apr 2025 to 31 Mar 2026.');
    expect(within(audit).getByRole('link', { name: 'Minutes' })).toHaveAttribute(
      'href',
      '/minutes',
    );
    expect(within(audit).getByRole('link', { name: 'Decisions register' })).toHaveAttribute(
      'href',
      '/decisions',
    );
    expect(screen.queryByRole('region', { name: 'Meetings' })).not.toBeInTheDocument();
    expectOnlyWhatGuestsMayCall(true);
  });
});

describe("an auditor's records", () => {
  beforeEach(() => addGuest({ auditFrom: '2025-04-01', auditTo: '2026-03-31' }));

  it('offers the written minutes as PDFs, not as meeting pages', async () => {
    server.use(
      http.get('/api/written-minutes', () =>
        HttpResponse.json([
          {
            meetingId: 2,
            meetingTitle: 'Winter Board Meeting',
            meetingDate: '2025-12-01T18:00:00Z',
            status: 'approved',
            version: 1,
            approvedOn: '2026-01-10',
          },
        ]),
      ),
      http.get('/api/meetings/2/written-minutes/pdf', () =>
        HttpResponse.arrayBuffer(new ArrayBuffer(8), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="minutes.pdf"',
          },
        }),
      ),
    );
    const names: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:pdf'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const { user } = renderApp('/minutes', { as: GUEST_ID });
    const written = await screen.findByRole('region', { name: 'Written minutes' });
    expect(within(written).queryByRole('link')).not.toBeInTheDocument();
    await user.click(
      within(written).getByRole('button', {
        name: 'Download PDF of the minutes of Winter Board Meeting',
      }),
    );
    await waitFor(() => expect(names).toEqual(['minutes.pdf']));
    click.mockRestore();
    expect(screen.queryByRole('button', { name: 'Upload Minutes' })).not.toBeInTheDocument();
    expectOnlyWhatGuestsMayCall(true);
  });

  it('shows the decisions register of the period, with its CSV export', async () => {
    renderApp('/decisions', { as: GUEST_ID });
    expect(await screen.findByRole('heading', { name: 'Decisions register' })).toBeVisible();
    expect(await screen.findByText('No decisions recorded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    expectOnlyWhatGuestsMayCall(true);
  });

  it('shows the register of interests of the period, read-only', async () => {
    renderApp('/register-of-interests', { as: GUEST_ID });
    expect(await screen.findByRole('heading', { name: 'Register of interests' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add interest' })).not.toBeInTheDocument();
    expectOnlyWhatGuestsMayCall(true);
  });
});

describe("a guest's meeting", () => {
  const paper = {
    id: 5,
    title: 'Budget 2030',
    fileName: 'budget.pdf',
    mimeType: 'application/pdf',
    fileSize: 2048,
    libraryDocumentId: null,
    addedAt: MEETING_START,
    itemId: 2,
  };
  const agenda = [
    agendaItemFixture(1, 'Apologies'),
    agendaItemFixture(2, 'Budget', { papers: [paper] }),
  ];
  const gina = (extra: Partial<MemberAttendance> = {}): MemberAttendance => ({
    userId: GUEST_ID,
    name: 'Gina Guest',
    role: 'guest',
    response: null,
    reason: null,
    respondedAt: null,
    recorded: null,
    ...extra,
  });

  beforeEach(() => {
    addGuest({
      meetings: [{ id: 7, title: 'Spring board meeting', meetingDate: MEETING_START }],
    });
    serveMeetingPage({
      canManage: false,
      agenda,
      attendance: attendanceFixture({ canRespond: true, mine: gina(), members: [gina()] }),
    });
  });

  it('shows the agenda and papers, takes their answer, and asks for nothing guests are refused', async () => {
    const answers: unknown[] = [];
    server.use(
      http.put('/api/meetings/7/attendance/me', async ({ request }) => {
        const body = (await request.json()) as { response: 'attending' };
        answers.push(body);
        const mine = gina({ response: body.response, respondedAt: MEETING_START });
        return HttpResponse.json(attendanceFixture({ canRespond: true, mine, members: [mine] }));
      }),
    );
    const { user } = renderApp('/meetings/7', { as: GUEST_ID });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spring board meeting' }),
    ).toBeVisible();
    // The page leads back to their meetings, not to the board's calendar.
    expect(
      screen.getAllByRole('link', { name: 'Meetings' }).map((a) => a.getAttribute('href')),
    ).toEqual(['/calendar', '/calendar']);
    expect(await screen.findByRole('list', { name: 'Papers for item 2' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Board pack' })).toBeVisible();

    // Their own answer, as a trustee gives it.
    const steps = await screen.findByRole('region', { name: 'Your next steps' });
    await user.click(await within(steps).findByRole('radio', { name: 'Attending' }));
    await user.click(within(steps).getByRole('button', { name: 'Save answer' }));
    expect(await within(steps).findByText('You answered: Attending')).toBeVisible();
    expect(answers).toEqual([{ response: 'attending', reason: null }]);

    // Nothing the board keeps for itself: attendance, minutes, conflicts, the quorum, reading records.
    expect(screen.getByRole('region', { name: 'Agenda' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Attendance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Minutes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Declare an interest/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Quorum/)).not.toBeInTheDocument();
    expect(screen.queryByText(/You have read/)).not.toBeInTheDocument();

    expect(asked).toContain('GET /api/meetings/7');
    expect(asked).toContain('GET /api/meetings/7/attendance');
    expectOnlyWhatGuestsMayCall();
  });

  it('opens the board pack in the reader without notes or reading records', async () => {
    pdfjsMock.pageTexts = ['Cover', 'Agenda', 'Budget'];
    pdfjsMock.opened = [];
    pdfjsMock.fail = null;
    window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
    server.use(
      http.get('/api/meetings/7/board-pack/layout', () =>
        HttpResponse.json({
          fingerprint: 'f1',
          pageCount: 3,
          frontPages: 2,
          papers: [
            {
              paper: { kind: 'agendaPaper', id: 5 },
              title: 'Budget 2030',
              fileName: 'budget.pdf',
              itemNumber: 2,
              itemTitle: 'Budget',
              firstPage: 3,
              pageCount: 1,
            },
          ],
        }),
      ),
    );
    renderApp('/meetings/7/pack', { as: GUEST_ID });
    await screen.findByRole('region', { name: 'Page 3' });
    expect(pdfjsMock.opened[0]).toMatchObject({ url: '/api/meetings/7/board-pack' });
    expect(screen.queryByRole('button', { name: 'Pin a note' })).not.toBeInTheDocument();
    expectOnlyWhatGuestsMayCall();
  });
});
