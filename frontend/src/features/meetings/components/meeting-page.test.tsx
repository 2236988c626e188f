import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { TRUSTEE_ID } from '@/testing/mocks/db';
import { withPhoneWidth } from '@/testing/phone-width';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import type { MemberAttendance } from '@/types/api';
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
    server.use(
      http.put('/api/meetings/7/attendance/me', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(sheet(tina({ response: 'attending' })));
      }),
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
            suggestedConflicts: [],
          })),
        }),
      ),
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
      meeting: meetingFixture({
        meetingDate: '2020-03-05T18:30:00.000Z',
        plannedEnd: '2020-03-05T20:30:00.000Z',
      }),
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
