import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { CHAIR_ID, TRUSTEE_ID } from '@/testing/mocks/db';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import type { ConflictDeclaration, ItemConflicts, MeetingConflicts } from '@/types/api';
import {
  agendaItemFixture,
  attendanceFixture,
  MEETING_START,
  serveMeetingPage,
} from '@/features/meetings/test-fixtures';

const attendance = attendanceFixture({
  canRecord: true,
  members: [
    {
      userId: TRUSTEE_ID,
      name: 'Tina Trustee',
      role: 'trustee',
      response: 'attending',
      reason: null,
      respondedAt: null,
      recorded: null,
    },
  ],
  summary: { expectedAttending: 3, noAnswer: 2, expectedQuorate: true },
});

const declaration = (extra: Partial<ConflictDeclaration> = {}): ConflictDeclaration => ({
  id: 31,
  meetingId: 7,
  agendaItemId: 11,
  userId: TRUSTEE_ID,
  userName: 'Tina Trustee',
  interest: { id: 41, kind: 'directorship', organisation: 'Acme Housing Ltd', nature: 'Director' },
  declaredBy: TRUSTEE_ID,
  declaredAt: MEETING_START,
  handling: null,
  handledAt: null,
  excludedFromDecision: true,
  minutesRecord: '',
  ...extra,
});

const grant = (extra: Partial<ItemConflicts> = {}): ItemConflicts => ({
  agendaItemId: 11,
  number: 2,
  title: 'Grant to Acme Housing',
  declarations: [],
  quorum: {
    basis: 'expected',
    present: 3,
    eligible: 3,
    required: 3,
    quorate: true,
    excludedUserIds: [],
  },
  suggestedConflicts: [],
  ...extra,
});

/** Item 1: nobody conflicted, and (as the server answers before anyone has answered) no quorum. */
const minutesItem: ItemConflicts = {
  agendaItemId: 10,
  number: 1,
  title: 'Minutes of the last meeting',
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
};

const conflicts = (items: ItemConflicts[], canRecord = false): MeetingConflicts => ({
  meetingId: 7,
  canRecord,
  cancelled: false,
  items,
});

const renderPage = (role: 'chair' | 'trustee', current: () => MeetingConflicts) => {
  serveMeetingPage({
    canManage: role !== 'trustee',
    attendance,
    agenda: [
      agendaItemFixture(10, 'Minutes of the last meeting'),
      agendaItemFixture(11, 'Grant to Acme Housing', { number: 2 }),
    ],
  });
  server.use(
    http.get('/api/meetings/7/conflicts', () => HttpResponse.json(current())),
    http.get('/api/meetings/7/resolution-offers', () => HttpResponse.json([])),
    http.get('/api/interests', () =>
      HttpResponse.json([
        {
          id: 41,
          userId: TRUSTEE_ID,
          userName: 'Tina Trustee',
          kind: 'directorship',
          organisation: 'Acme Housing Ltd',
          nature: 'Director',
          startedOn: '2024-01-01',
          endedOn: null,
          current: true,
          updatedAt: MEETING_START,
        },
      ]),
    ),
  );
  return renderApp('/meetings/7', { as: role }).user;
};

describe('Conflicts of interest on the agenda items', () => {
  it('warns of no quorum while nobody has declared anything, and never says "0 of 0"', async () => {
    renderPage('trustee', () => conflicts([minutesItem, grant({ quorum: minutesItem.quorum })]));
    const agenda = await screen.findByRole('region', { name: 'Agenda' });
    const item1 = within(agenda).getByRole('listitem', {
      name: 'Item 1: Minutes of the last meeting',
    });
    expect(
      await within(item1).findByRole('button', { name: 'Declare an interest on item 1' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Not quorate for this item/)).not.toBeInTheDocument();
    expect(screen.queryByText(/0 of 0/)).not.toBeInTheDocument();
    // The separate conflicts section is gone; the guidance is said once, near the agenda.
    expect(screen.queryByRole('region', { name: 'Conflicts of interest' })).not.toBeInTheDocument();
    expect(
      within(agenda).getAllByRole('link', { name: /guidance on conflicts of interest \(CC29\)/ }),
    ).toHaveLength(1);
  });

  it('prompts a trustee whose register names the item, declares, and warns on that item only', async () => {
    const expectedThree = { ...minutesItem.quorum, present: 3, eligible: 3, quorate: true };
    let current = conflicts([
      { ...minutesItem, quorum: expectedThree },
      grant({
        suggestedConflicts: [
          {
            userId: TRUSTEE_ID,
            userName: 'Tina Trustee',
            interestId: 41,
            kind: 'directorship',
            organisation: 'Acme Housing Ltd',
            nature: 'Director',
          },
        ],
      }),
    ]);
    let sent: unknown = null;
    server.use(
      http.post('/api/meetings/7/agenda-items/11/conflicts', async ({ request }) => {
        sent = await request.json();
        current = conflicts([
          { ...minutesItem, quorum: expectedThree },
          grant({
            declarations: [declaration()],
            quorum: {
              ...grant().quorum,
              eligible: 2,
              quorate: false,
              excludedUserIds: [TRUSTEE_ID],
            },
          }),
        ]);
        return HttpResponse.json(declaration(), { status: 201 });
      }),
    );
    const user = renderPage('trustee', () => current);
    const agenda = await screen.findByRole('region', { name: 'Agenda' });
    expect(
      within(agenda).getByRole('link', { name: /guidance on conflicts of interest \(CC29\)/ }),
    ).toHaveAttribute('href', expect.stringContaining('conflicts-of-interest-a-guide'));
    const grantItem = within(agenda).getByRole('listitem', {
      name: 'Item 2: Grant to Acme Housing',
    });
    expect(
      await within(grantItem).findByText(/This item names Acme Housing Ltd, on your register/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/quorate for this item/i)).not.toBeInTheDocument();
    expect(
      within(grantItem).queryByLabelText(/How .* conflict was handled/),
    ).not.toBeInTheDocument();

    await user.click(within(grantItem).getByRole('button', { name: 'Declare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare a conflict of interest' });
    expect(within(dialog).queryByLabelText(/Member/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Declare' }));
    await waitFor(() => expect(sent).toEqual({ userId: null, interestId: 41, newInterest: null }));
    expect(
      await within(grantItem).findByText(
        /Not quorate for this item once conflicted members are left out/,
      ),
    ).toHaveTextContent(
      '2 of 3 members expected can take part in the decision (1 conflicted left out); 3 needed.',
    );
    expect(
      within(grantItem).getByText(/declared an interest \(directorship, Acme Housing Ltd\)/),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/Not quorate for this item/)).toHaveLength(1);
  });

  it('lets the chair record how a conflict was handled', async () => {
    let current = conflicts([minutesItem, grant({ declarations: [declaration()] })], true);
    const recorded: unknown[] = [];
    server.use(
      http.put('/api/meetings/7/agenda-items/11/conflicts/31/handling', async ({ request }) => {
        recorded.push(await request.json());
        const handled = declaration({ handling: 'left', handledAt: MEETING_START });
        current = conflicts([minutesItem, grant({ declarations: [handled] })], true);
        return HttpResponse.json(handled);
      }),
    );
    const user = renderPage('chair', () => current);
    const agenda = await screen.findByRole('region', { name: 'Agenda' });
    expect(await within(agenda).findByText(/Handling not recorded yet/)).toBeInTheDocument();
    expect(
      within(agenda).getByText(/Quorate for this item: 3 of 3 members expected/),
    ).toBeInTheDocument();
    await user.selectOptions(
      within(agenda).getByLabelText("How Tina Trustee's conflict was handled"),
      'left',
    );
    await waitFor(() => expect(recorded).toEqual([{ handling: 'left' }]));
    expect(await within(agenda).findByText(/Left the meeting for this item\./)).toBeInTheDocument();
    expect(CHAIR_ID).not.toBe(TRUSTEE_ID);
  });
});
