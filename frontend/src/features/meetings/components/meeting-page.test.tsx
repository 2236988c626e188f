import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { TRUSTEE_ID } from '@/testing/mocks/db';
import { withPhoneWidth } from '@/testing/phone-width';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import type { Action, MemberAttendance, SuggestedConflict } from '@/types/api';
import {
  agendaItemFixture,
  attendanceFixture,
  meetingFixture,
  MEETING_START,
  serveMeetingPage,
} from '@/features/meetings/test-fixtures';

const tina = (extra: Partial<MemberAttendance> = {}): MemberAttendance => ({
  userId: TRUSTEE_ID,
  name: 'Tina Trustee',
  role: 'trustee',
  response: null,
  reason: null,
  respondedAt: null,
  recorded: null,
  ...extra,
});

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

// What GET /api/me/tasks answers (wire contract `Task`, spec §2 Dashboard).
const task = (extra: Record<string, unknown>) => ({
  id: 'x',
  kind: 'answer-attendance',
  text: '',
  dueAt: MEETING_START,
  dueDate: null,
  overdue: false,
  meetingId: 7,
  link: '/meetings/7#attendance',
  ...extra,
});

/** The meeting's conflicts: nothing declared, the reader's register naming `suggested` items. */
const serveConflicts = (suggested: Record<number, SuggestedConflict[]> = {}) =>
  server.use(
    http.get('/api/meetings/7/conflicts', () =>
      HttpResponse.json({
        meetingId: 7,
        canRecord: false,
        cancelled: false,
        items: agenda.map((item) => ({
          agendaItemId: item.id,
          number: item.number,
          title: item.title,
          declarations: [],
          quorum: {
            basis: 'expected',
            present: 0,
            eligible: 0,
            required: 3,
            quorate: false,
            excludedUserIds: [],
          },
          suggestedConflicts: suggested[item.id] ?? [],
        })),
      }),
    ),
  );

const HELD = { meetingDate: '2020-03-05T18:30:00.000Z', plannedEnd: '2020-03-05T20:30:00.000Z' };

const sectionOrder = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent)
    .filter((t) => ['Agenda', 'Attendance', 'Minutes'].includes(t ?? ''));

describe('MeetingPage', () => {
  it('says "Attendance not yet known" while fewer members than the quorum have answered', async () => {
    serveMeetingPage({
      canManage: false,
      agenda,
      attendance: attendanceFixture({
        canRespond: true,
        mine: tina(),
        members: [tina()],
        summary: { expectedAttending: 1, apologies: 1, noAnswer: 3 },
      }),
    });
    renderApp('/meetings/7', { as: 'trustee' });
    const line = await screen.findByTestId('meeting-quorum');
    expect(line).toHaveTextContent('Quorum 3: Attendance not yet known (2 of 5 answered)');
    expect(within(line).queryByText('Not quorate')).not.toBeInTheDocument();
    expect(screen.queryByText(/0 of 0/)).not.toBeInTheDocument();
  });

  it('shows the quorum against the expected attendance once enough have answered', async () => {
    serveMeetingPage({
      canManage: false,
      attendance: attendanceFixture({
        summary: { expectedAttending: 4, apologies: 1, noAnswer: 0, expectedQuorate: true },
      }),
    });
    renderApp('/meetings/7', { as: 'trustee' });
    const line = await screen.findByTestId('meeting-quorum');
    expect(line).toHaveTextContent('Quorum 3: 4 expected to attend');
    expect(within(line).queryByText('Not quorate')).not.toBeInTheDocument();
  });

  it("puts the reader's next steps first: answer in two taps, read the papers, tasks", async () => {
    let sent: unknown = null;
    const sheet = (mine: MemberAttendance) =>
      attendanceFixture({ canRespond: true, mine, members: [mine] });
    serveMeetingPage({ canManage: false, agenda, attendance: sheet(tina()) });
    serveConflicts();
    server.use(
      http.put('/api/meetings/7/attendance/me', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(sheet(tina({ response: 'attending' })));
      }),
      http.get('/api/me/tasks', () =>
        HttpResponse.json([
          task({ id: 'answer-attendance:7', text: 'Answer whether you are coming' }),
          task({
            id: 'read-papers:7',
            kind: 'read-papers',
            text: 'Read 1 paper for Spring board meeting',
            link: '/meetings/7#papers',
          }),
          task({
            id: 'read-minutes:7',
            kind: 'read-minutes',
            text: 'Read the circulated minutes',
            link: '/meetings/7#minutes',
          }),
          task({ id: 'action:9', kind: 'do-action', meetingId: 8, text: 'Not this meeting' }),
        ]),
      ),
    );
    const { user } = renderApp('/meetings/7', { as: 'trustee' });
    const steps = await screen.findByRole('region', { name: 'Your next steps' });
    expect(
      await within(steps).findByRole('link', { name: 'Read 1 paper for Spring board meeting' }),
    ).toHaveAttribute('href', '/meetings/7#papers');
    expect(
      within(steps).getByRole('link', { name: 'Read the circulated minutes' }),
    ).toHaveAttribute('href', '/meetings/7#minutes');
    expect(within(steps).queryByText('Not this meeting')).not.toBeInTheDocument();
    expect(within(steps).getByRole('button', { name: 'Declare an interest' })).toBeInTheDocument();
    expect(within(steps).queryByText(/Nothing for you to do/)).not.toBeInTheDocument();

    await user.click(within(steps).getByRole('radio', { name: 'Attending' }));
    await user.click(within(steps).getByRole('button', { name: 'Save answer' }));
    await waitFor(() => expect(sent).toEqual({ response: 'attending', reason: null }));
    expect(await within(steps).findByText('You answered: Attending')).toBeInTheDocument();
  });

  it('offers the answer from the attendance sheet when there are no tasks', async () => {
    serveMeetingPage({
      canManage: false,
      attendance: attendanceFixture({ canRespond: true, mine: tina(), members: [tina()] }),
    });
    server.use(http.get('/api/me/tasks', () => HttpResponse.json({}, { status: 404 })));
    renderApp('/meetings/7', { as: 'trustee' });
    const steps = await screen.findByRole('region', { name: 'Your next steps' });
    expect(await within(steps).findByRole('radio', { name: 'Not sure' })).toBeInTheDocument();
  });

  it('puts attendance and minutes before the agenda once the meeting is held', async () => {
    serveMeetingPage({
      canManage: false,
      agenda,
      meeting: meetingFixture(HELD),
      attendance: attendanceFixture(),
    });
    renderApp('/meetings/7', { as: 'trustee' });
    expect(await screen.findByText('Held')).toBeInTheDocument();
    expect(sectionOrder()).toEqual(['Attendance', 'Minutes', 'Agenda']);
  });

  it('keeps the agenda before attendance and minutes for a meeting to come', async () => {
    serveMeetingPage({ canManage: false, agenda, attendance: attendanceFixture() });
    renderApp('/meetings/7', { as: 'trustee' });
    expect(await screen.findByText('Agenda published')).toBeInTheDocument();
    expect(sectionOrder()).toEqual(['Agenda', 'Attendance', 'Minutes']);
  });

  it('stays calm while the members yet to answer could still make the quorum', async () => {
    // Nine members, three needed: three answered, two attending, six not answered yet.
    serveMeetingPage({
      canManage: false,
      attendance: attendanceFixture({
        summary: { serving: 9, expectedAttending: 2, apologies: 1, noAnswer: 6 },
      }),
    });
    renderApp('/meetings/7', { as: 'trustee' });
    const line = await screen.findByTestId('meeting-quorum');
    expect(line).toHaveTextContent('Quorum 3: Attendance not yet known (3 of 9 answered)');
    expect(screen.queryByText('Not quorate')).not.toBeInTheDocument();
  });

  it('warns "Not quorate" once too few members can still attend', async () => {
    // Five members, three needed: one attending, three apologies, one not answered.
    serveMeetingPage({
      canManage: false,
      attendance: attendanceFixture({
        summary: { expectedAttending: 1, apologies: 3, noAnswer: 1 },
      }),
    });
    renderApp('/meetings/7', { as: 'trustee' });
    const line = await screen.findByTestId('meeting-quorum');
    expect(line).toHaveTextContent('Quorum 3: at most 2 can attend');
    expect(within(line).getByText('Not quorate')).toBeInTheDocument();
  });

  it('after the meeting, judges the quorum by the record only, not by the answers', async () => {
    // Answers that forecast too few, and nothing recorded yet: nothing to warn of until it is.
    serveMeetingPage({
      canManage: false,
      meeting: meetingFixture(HELD),
      attendance: attendanceFixture({
        summary: { expectedAttending: 1, apologies: 3, noAnswer: 1 },
      }),
    });
    renderApp('/meetings/7', { as: 'trustee' });
    const line = await screen.findByTestId('meeting-quorum');
    expect(line).toHaveTextContent('Quorum 3: attendance not recorded yet');
    expect(screen.queryByText('Not quorate')).not.toBeInTheDocument();
  });

  it('says "No members invited yet" for a meeting nobody is invited to, never "0 of 0"', async () => {
    serveMeetingPage({
      canManage: false,
      attendance: attendanceFixture({ summary: { serving: 0, required: 3, noAnswer: 0 } }),
    });
    renderApp('/meetings/7', { as: 'trustee' });
    const line = await screen.findByTestId('meeting-quorum');
    expect(line).toHaveTextContent(/^No members invited yet$/);
    expect(within(line).queryByText('Not quorate')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Answers' })).toHaveTextContent(
      'No members invited yet.',
    );
    expect(screen.queryByText(/0 of 0/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Answers:/)).not.toBeInTheDocument();
  });

  it('has nothing to do for a reader who answered, with no tasks, though declaring stays offered', async () => {
    const answeredSheet = attendanceFixture({
      canRespond: true,
      mine: tina({ response: 'attending' }),
      members: [tina({ response: 'attending' })],
    });
    serveMeetingPage({ canManage: false, agenda, attendance: answeredSheet });
    serveConflicts();
    server.use(http.get('/api/me/tasks', () => HttpResponse.json([])));
    renderApp('/meetings/7', { as: 'trustee' });
    const steps = await screen.findByRole('region', { name: 'Your next steps' });
    expect(
      await within(steps).findByRole('button', { name: 'Declare an interest' }),
    ).toBeInTheDocument();
    expect(within(steps).getByText('Nothing for you to do for this meeting.')).toBeVisible();
    expect(within(steps).getByText('You answered: Attending')).toBeInTheDocument();
    expect(within(steps).getByRole('link', { name: 'Read the papers (1 paper)' })).toHaveAttribute(
      'href',
      '/meetings/7#papers',
    );
  });

  it('prompts a register-of-interests match as a next step', async () => {
    serveMeetingPage({ canManage: false, agenda, attendance: attendanceFixture() });
    serveConflicts({
      2: [
        {
          userId: TRUSTEE_ID,
          userName: 'Tina Trustee',
          interestId: 41,
          kind: 'directorship',
          organisation: 'Acme Housing Ltd',
          nature: 'Director',
        },
      ],
    });
    server.use(http.get('/api/me/tasks', () => HttpResponse.json([])));
    renderApp('/meetings/7', { as: 'trustee' });
    const steps = await screen.findByRole('region', { name: 'Your next steps' });
    expect(
      await within(steps).findByRole('button', {
        name: 'Declare an interest: Acme Housing Ltd (item 2)',
      }),
    ).toBeInTheDocument();
    expect(within(steps).queryByText(/Nothing for you to do/)).not.toBeInTheDocument();
  });

  it('is not held while in progress: the agenda stays first until the planned end', async () => {
    const start = new Date(Date.now() - 30 * 60_000).toISOString();
    const end = new Date(Date.now() + 90 * 60_000).toISOString();
    serveMeetingPage({
      canManage: false,
      agenda,
      meeting: meetingFixture({ meetingDate: start, plannedEnd: end }),
      attendance: attendanceFixture(),
    });
    renderApp('/meetings/7', { as: 'trustee' });
    expect(await screen.findByText('Agenda published')).toBeInTheDocument();
    expect(screen.queryByText('Held')).not.toBeInTheDocument();
    expect(sectionOrder()).toEqual(['Agenda', 'Attendance', 'Minutes']);
  });

  it('after the meeting keeps only its minutes steps and lists the actions arising', async () => {
    const action = (id: number, extra: Partial<Action>): Action => ({
      id,
      title: `Action ${id}`,
      description: '',
      assignedTo: TRUSTEE_ID,
      assignedToName: 'Tina Trustee',
      dueDate: null,
      priority: 'medium',
      status: 'pending',
      createdAt: MEETING_START,
      updatedAt: MEETING_START,
      meetingId: 7,
      ...extra,
    });
    serveMeetingPage({
      canManage: false,
      agenda,
      meeting: meetingFixture(HELD),
      attendance: attendanceFixture({ summary: { recordedPresent: 4, recordedQuorate: true } }),
    });
    serveConflicts();
    server.use(
      http.get('/api/me/tasks', () =>
        HttpResponse.json([
          task({
            id: 'read-minutes:7',
            kind: 'read-minutes',
            text: 'Read the circulated minutes',
            link: '/meetings/7#minutes',
          }),
        ]),
      ),
      http.get('/api/actions', () =>
        HttpResponse.json([
          action(1, { title: 'Renew the insurance', dueDate: '2030-04-01', status: 'overdue' }),
          action(2, { title: 'Draft the budget', assignedTo: null, assignedToName: null }),
          action(3, { title: 'Another meeting', meetingId: 8 }),
        ]),
      ),
    );
    renderApp('/meetings/7', { as: 'trustee' });
    const steps = await screen.findByRole('region', { name: 'Your next steps' });
    expect(await within(steps).findByText('This meeting has been held.')).toBeInTheDocument();
    expect(
      await within(steps).findByRole('link', { name: 'Read the circulated minutes' }),
    ).toHaveAttribute('href', '/meetings/7#minutes');
    expect(within(steps).queryByRole('button', { name: /Declare an interest/ })).toBeNull();
    expect(within(steps).queryByText(/Read the papers/)).not.toBeInTheDocument();
    expect(within(steps).queryByText(/Nothing for you to do/)).not.toBeInTheDocument();
    expect(screen.getByTestId('meeting-quorum')).toHaveTextContent('Quorum 3: 4 recorded present');

    const arising = await screen.findByRole('list', { name: 'Actions arising' });
    const rows = within(arising).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Renew the insurance');
    expect(rows[0]).toHaveTextContent('Tina Trustee · Due Apr 1, 2030');
    expect(within(rows[0]).getByText('Overdue')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Draft the budgetUnassigned · No deadline');
    expect(within(rows[1]).getByText('Pending')).toBeInTheDocument();
    expect(within(arising).queryByText('Another meeting')).not.toBeInTheDocument();
  });

  describe('on a phone', () => {
    withPhoneWidth();

    it('folds the sections, and unfolds the one the address names', async () => {
      serveMeetingPage({ canManage: false, agenda, attendance: attendanceFixture() });
      const { user } = renderApp('/meetings/7#papers', { as: 'trustee' });
      const agendaButton = await screen.findByRole('button', { name: 'Agenda' });
      expect(agendaButton).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('button', { name: 'Attendance' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      expect(screen.getByRole('button', { name: 'Minutes' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      expect(screen.getByRole('button', { name: 'Download board pack' })).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Attendance' }));
      expect(screen.getByRole('button', { name: 'Attendance' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    });
  });
});
