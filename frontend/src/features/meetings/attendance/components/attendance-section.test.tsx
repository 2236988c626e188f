import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import type { Attendance, MemberAttendance } from '@/types/api';
import { attendanceFixture, serveMeetingPage } from '@/features/meetings/test-fixtures';

const member = (userId: number, name: string, extra: Partial<MemberAttendance> = {}) =>
  ({
    userId,
    name,
    role: 'trustee',
    response: null,
    reason: null,
    respondedAt: null,
    recorded: null,
    ...extra,
  }) satisfies MemberAttendance;

function sheet(overrides: Parameters<typeof attendanceFixture>[0] = {}): Attendance {
  const tina = member(3, 'Tina Trustee');
  return attendanceFixture({
    canRespond: true,
    mine: tina,
    members: [tina],
    ...overrides,
    summary: { expectedAttending: 2, apologies: 1, noAnswer: 2, ...overrides.summary },
  });
}

// AttendanceSection as mounted on the meeting page.
const renderSection = (role: 'admin' | 'chair' | 'trustee') => {
  serveMeetingPage({ canManage: role !== 'trustee' });
  return renderApp('/meetings/7', { as: role }).user;
};

describe('AttendanceSection', () => {
  it("shows the quorum and saves a trustee's apologies with a reason", async () => {
    let current = sheet();
    let sent: unknown = null;
    server.use(
      http.get('/api/meetings/7/attendance', () => HttpResponse.json(current)),
      http.put('/api/meetings/7/attendance/me', async ({ request }) => {
        sent = await request.json();
        const mine = member(3, 'Tina Trustee', { response: 'apologies', reason: 'Away' });
        current = sheet({ mine, members: [mine] });
        return HttpResponse.json(current);
      }),
    );
    const user = renderSection('trustee');
    const answers = await screen.findByRole('region', { name: 'Answers' });
    expect(answers).toHaveTextContent(
      'Answers: 2 attending, 1 apologies, 0 not sure, 2 not answered.',
    );
    expect(answers).toHaveTextContent('Attendance has not been recorded yet.');
    // The page's one quorum line: two attending and two yet to answer could still make three.
    const line = screen.getByTestId('meeting-quorum');
    expect(line).toHaveTextContent('Quorum 3: Attendance not yet known (3 of 5 answered)');
    expect(within(line).queryByText('Not quorate')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Quorum' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: "Members' attendance" })).not.toBeInTheDocument();

    const answer = screen.getByRole('region', { name: 'Your answer' });
    const save = within(answer).getByRole('button', { name: 'Save answer' });
    expect(save).toBeDisabled();
    await user.click(within(answer).getByRole('radio', { name: 'Apologies' }));
    await user.type(within(answer).getByLabelText('Reason (optional)'), 'Away');
    await user.click(save);
    await waitFor(() => expect(sent).toEqual({ response: 'apologies', reason: 'Away' }));
    expect(await screen.findByText('You answered: Apologies')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Apologies' })).toBeChecked();
  });

  it('lets a chair see every answer, record attendance and add a guest', async () => {
    const tom = member(4, 'Tom Treasurer', { response: 'apologies', reason: 'Holiday' });
    const tina = member(3, 'Tina Trustee', { response: 'attending' });
    let current = sheet({ canRecord: true, mine: null, members: [tina, tom] });
    const recorded: unknown[] = [];
    server.use(
      http.get('/api/meetings/7/attendance', () => HttpResponse.json(current)),
      http.put('/api/meetings/7/attendance/:userId', async ({ params, request }) => {
        recorded.push([params.userId, await request.json()]);
        current = sheet({
          canRecord: true,
          mine: null,
          members: [{ ...tina, recorded: 'present' }, tom],
          summary: { ...current.summary, recordedPresent: 1, recordedQuorate: false },
        });
        return HttpResponse.json(current);
      }),
      http.post('/api/meetings/7/attendance/guests', async ({ request }) => {
        const { name } = (await request.json()) as { name: string };
        current = { ...current, guests: [{ id: 21, userId: null, name }] };
        return HttpResponse.json(current, { status: 201 });
      }),
    );
    const user = renderSection('chair');
    const table = await screen.findByRole('table', { name: "Members' attendance" });
    expect(within(table).getByText('Apologies: Holiday')).toBeInTheDocument();
    expect(within(table).getByText('Attending')).toBeInTheDocument();
    expect(screen.getByText(/not one of this meeting's members/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your answer' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Attendance of Tina Trustee'), 'present');
    await waitFor(() => expect(recorded).toEqual([['3', { status: 'present' }]]));
    await waitFor(() =>
      expect(screen.getByTestId('meeting-quorum')).toHaveTextContent(
        'Quorum 3: 1 recorded presentNot quorate',
      ),
    );
    expect(screen.getByRole('region', { name: 'Answers' })).toHaveTextContent(
      'Recorded: 1 present.',
    );

    expect(screen.getByText('No guests recorded.')).toBeInTheDocument();
    await user.type(screen.getByLabelText("Guest's name"), 'Sam Auditor');
    await user.click(screen.getByRole('button', { name: 'Add guest' }));
    const guests = await screen.findByRole('table', { name: 'Guests' });
    expect(within(guests).getByText('Sam Auditor')).toBeInTheDocument();
    expect(within(guests).getByText('Visitor')).toBeInTheDocument();
    expect(within(guests).getByRole('button', { name: 'Remove Sam Auditor' })).toBeInTheDocument();
  });

  it('says why the attendance did not load', async () => {
    server.use(
      http.get('/api/meetings/7/attendance', () =>
        HttpResponse.json({ message: 'Meeting not found' }, { status: 404 }),
      ),
    );
    renderSection('trustee');
    expect(await screen.findByText(/Meeting not found/)).toBeInTheDocument();
  });
});
