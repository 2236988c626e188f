import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import type { AgendaItem, MinuteEntry, WrittenMinutes } from '@/types/api';
import {
  agendaItemFixture,
  MEETING_START,
  meetingFixture,
  serveMeetingPage,
} from '@/features/meetings/test-fixtures';

const start = MEETING_START;
const meeting = (id: number, title: string, date: string) =>
  meetingFixture({ id, title, meetingDate: date, plannedEnd: date });

const item = (id: number, number: number, title: string) =>
  agendaItemFixture(id, title, { number, durationMinutes: 10 });

const agenda = [item(11, 1, 'Welcome and apologies'), item(12, 2, 'Budget 2031')];
const spring = meeting(7, 'Spring board meeting', start);
const summer = meeting(8, 'Summer board meeting', '2030-06-05T18:30:00.000Z');

const minutes = (overrides: Partial<WrittenMinutes> = {}): WrittenMinutes => ({
  id: 1,
  meetingId: 7,
  version: 1,
  status: 'draft',
  correctionReason: null,
  supersededAt: null,
  circulatedAt: null,
  approvedOn: null,
  approvedAtMeetingId: null,
  approvedAtMeetingTitle: null,
  lockedAt: null,
  approvalLine: 'Not yet approved.',
  createdAt: start,
  updatedAt: start,
  entries: [],
  ...overrides,
});

const entry = (id: number, kind: string, text: string, at: AgendaItem | null): MinuteEntry => ({
  id,
  agendaItemId: at?.id ?? null,
  itemNumber: at?.number ?? null,
  itemTitle: at?.title ?? null,
  kind,
  text,
  actionId: kind === 'action' ? 90 + id : null,
  createdAt: start,
});

const base = '/api/meetings/7/written-minutes';

const renderPage = (role: 'admin' | 'chair' | 'trustee') => {
  serveMeetingPage({ meeting: spring, agenda, canManage: role !== 'trustee' });
  server.use(
    http.get('/api/meetings/7/attendance', () =>
      HttpResponse.json({ message: 'Meeting not found' }, { status: 404 }),
    ),
  );
  return renderApp('/meetings/7', { as: role }).user;
};

const section = () => screen.getByRole('region', { name: 'Minutes' });
const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

/** A stateful server for the written-minutes calls; `sent` lists each write and its body. */
function workflow(initial: WrittenMinutes | null) {
  const state = { current: initial, older: [] as WrittenMinutes[] };
  const sent: [string, unknown][] = [];
  let nextEntry = 100;
  server.use(
    http.get('/api/meetings', () => HttpResponse.json([spring, summer])),
    http.get(base, () =>
      state.current
        ? HttpResponse.json(state.current)
        : HttpResponse.json({ message: 'Written minutes not found' }, { status: 404 }),
    ),
    http.get(`${base}/versions`, () => HttpResponse.json([state.current, ...state.older])),
    http.post(base, () => {
      sent.push(['start', null]);
      state.current = minutes();
      return HttpResponse.json(state.current, { status: 201 });
    }),
    http.post(`${base}/entries`, async ({ request }) => {
      const body = (await request.json()) as { kind: string; text: string; agendaItemId: number };
      sent.push(['entry', body]);
      const at = agenda.find((i) => i.id === body.agendaItemId) ?? null;
      const created = entry(nextEntry++, body.kind, body.text, at);
      state.current = { ...state.current!, entries: [...state.current!.entries, created] };
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post(`${base}/circulate`, () => {
      sent.push(['circulate', null]);
      state.current = { ...state.current!, status: 'circulated', circulatedAt: start };
      return HttpResponse.json(state.current);
    }),
    http.post(`${base}/approve`, async ({ request }) => {
      sent.push(['approve', await request.json()]);
      state.current = { ...state.current!, ...approved };
      return HttpResponse.json(state.current);
    }),
    http.post(`${base}/corrections`, async ({ request }) => {
      const body = (await request.json()) as { reason: string };
      sent.push(['correct', body]);
      state.older = [{ ...state.current!, supersededAt: '2030-06-10T10:00:00.000Z' }];
      state.current = minutes({
        id: 2,
        version: 2,
        correctionReason: body.reason,
        entries: state.current!.entries,
      });
      return HttpResponse.json(state.current, { status: 201 });
    }),
  );
  return sent;
}

const approvalLine =
  'Approved as a true record on 5 June 2030 at the meeting Summer board meeting.';
const approved: Partial<WrittenMinutes> = {
  status: 'approved',
  circulatedAt: start,
  approvedOn: '2030-06-05',
  approvedAtMeetingId: 8,
  approvedAtMeetingTitle: 'Summer board meeting',
  approvalLine,
};
const decided = entry(1, 'decision', 'The budget was approved.', agenda[1]);

describe('MinutesSection', () => {
  it('lets a chair start the minutes and record a decision and an action at an item', async () => {
    const sent = workflow(null);
    const user = renderPage('chair');

    expect(
      await screen.findByText(/No minutes have been written for this meeting yet/),
    ).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Start written minutes' }));
    expect(await within(section()).findByText('Minutes draft')).toBeInTheDocument();
    expect(within(section()).getByText('Version 1')).toBeInTheDocument();

    await user.click(within(section()).getByRole('button', { name: 'Record at item 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Record at item 2' });
    await user.selectOptions(within(dialog).getByLabelText(/^Kind/), 'decision');
    await user.type(within(dialog).getByLabelText(/^Text/), 'Budget approved.');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    const budget = await screen.findByRole('region', { name: 'Minutes of 2. Budget 2031' });
    expect(await within(budget).findByText('Budget approved.')).toBeInTheDocument();
    expect(within(budget).getByText('Decision')).toBeInTheDocument();

    await user.click(within(section()).getByRole('button', { name: 'Record at item 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Record at item 2' });
    await user.selectOptions(within(dialog).getByLabelText(/^Kind/), 'action');
    await user.type(within(dialog).getByLabelText(/^Text/), 'Tell the bank');
    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Assigned to' }),
      await within(dialog).findByRole('option', { name: 'Tina Trustee' }),
    );
    await user.type(within(dialog).getByLabelText('Due date'), '2030-04-01');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(budget).findByText('Tell the bank')).toBeInTheDocument();
    expect(within(budget).getByText('(in the action tracker)')).toBeInTheDocument();

    expect(sent).toEqual([
      ['start', null],
      [
        'entry',
        {
          agendaItemId: 12,
          kind: 'decision',
          text: 'Budget approved.',
          assignedTo: null,
          dueDate: null,
        },
      ],
      [
        'entry',
        {
          agendaItemId: 12,
          kind: 'action',
          text: 'Tell the bank',
          assignedTo: 3,
          dueDate: '2030-04-01',
        },
      ],
    ]);
  }, 60_000);

  it('circulates, then approves at a later meeting; approved minutes lose their editing controls', async () => {
    const sent = workflow(minutes({ entries: [decided] }));
    const user = renderPage('admin');

    await user.click(
      await within(await screen.findByRole('region', { name: 'Minutes' })).findByRole('button', {
        name: 'Circulate minutes',
      }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Circulate' }));
    await dialogClosed();
    expect(await within(section()).findByText('Minutes circulated')).toBeInTheDocument();

    await user.click(within(section()).getByRole('button', { name: 'Approve minutes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve minutes' });
    await user.clear(within(dialog).getByLabelText(/^Date of approval/));
    await user.type(within(dialog).getByLabelText(/^Date of approval/), '2030-06-05');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /Approved at the meeting/ }),
      await within(dialog).findByRole('option', { name: /^Summer board meeting/ }),
    );
    expect(within(dialog).queryByRole('option', { name: /^Spring/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve minutes' }));
    await dialogClosed();
    expect(await within(section()).findByText('Minutes approved')).toBeInTheDocument();
    expect(within(section()).getByText(approvalLine)).toBeInTheDocument();
    expect(within(section()).getByText('The budget was approved.')).toBeInTheDocument();
    for (const name of [/^Record at/, /^Edit /, /^Remove /, 'Circulate minutes', 'Approve minutes'])
      expect(within(section()).queryByRole('button', { name })).toBeNull();
    expect(
      within(section()).getByRole('button', { name: 'Record a correction' }),
    ).toBeInTheDocument();

    expect(sent).toEqual([
      ['circulate', null],
      ['approve', { approvedOn: '2030-06-05', approvedAtMeetingId: 8 }],
    ]);
  });

  it('records a correction of approved minutes as a new version; the old one stays readable', async () => {
    const sent = workflow(minutes({ ...approved, entries: [decided] }));
    const user = renderPage('chair');

    await user.click(
      await within(await screen.findByRole('region', { name: 'Minutes' })).findByRole('button', {
        name: 'Record a correction',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record a correction' });
    await user.click(within(dialog).getByRole('button', { name: 'Start correction' }));
    expect(
      await within(dialog).findByText('Say why the minutes are corrected'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Wrong date.');
    await user.click(within(dialog).getByRole('button', { name: 'Start correction' }));
    expect(await within(section()).findByText('Version 2')).toBeInTheDocument();
    expect(within(section()).getByText('Minutes draft')).toBeInTheDocument();
    expect(within(section()).getByText('Correction of version 1: Wrong date.')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Record at item 2' })).toBeInTheDocument();

    const earlier = await within(section()).findByRole('region', { name: 'Earlier versions' });
    expect(earlier).toHaveTextContent('Version 1 (approved), replaced');
    await user.click(within(earlier).getByRole('button', { name: 'Read version 1' }));
    expect(within(earlier).getByText(approvalLine)).toBeInTheDocument();
    expect(within(earlier).getByText('The budget was approved.')).toBeInTheDocument();
    expect(sent).toEqual([['correct', { reason: 'Wrong date.' }]]);
  });

  it('shows a trustee circulated minutes read-only, with the PDF download', async () => {
    const requested: string[] = [];
    server.use(
      http.get(base, () =>
        HttpResponse.json(
          minutes({
            status: 'circulated',
            circulatedAt: start,
            entries: [
              entry(1, 'note', 'Apologies were received from Oscar.', agenda[0]),
              entry(2, 'decision', 'The budget was approved.', agenda[1]),
            ],
          }),
        ),
      ),
      http.get(`${base}/pdf`, () => {
        requested.push('pdf');
        return new HttpResponse('%PDF-1.7', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="Minutes - Spring board meeting - v1.pdf"',
          },
        });
      }),
    );
    const names: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:pdf'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const user = renderPage('trustee');
    expect(await screen.findByText('Minutes circulated')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Minutes of 1. Welcome and apologies' })).getByText(
        'Apologies were received from Oscar.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The budget was approved.')).toBeInTheDocument();
    for (const name of [/^Record/, /^Edit /, /^Remove /, 'Circulate minutes', 'Approve minutes'])
      expect(within(section()).queryByRole('button', { name })).toBeNull();
    await user.click(within(section()).getByRole('button', { name: 'Download minutes (PDF)' }));
    await waitFor(() => expect(names).toEqual(['Minutes - Spring board meeting - v1.pdf']));
    expect(requested).toEqual(['pdf']);
    click.mockRestore();
  });

  it('tells a trustee when nothing has been circulated, without a way to start', async () => {
    renderPage('trustee');
    expect(
      await screen.findByText('The minutes of this meeting have not been circulated yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start written minutes' })).toBeNull();
  });
});
