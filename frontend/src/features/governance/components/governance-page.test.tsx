import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { TRUSTEE_ID } from '@/testing/mocks/db';
import { expectToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import type { Interest, Resolution } from '@/features/governance/types';

const interest = (over: Partial<Interest>): Interest => ({
  id: 1,
  userId: TRUSTEE_ID,
  userName: 'Tina Trustee',
  kind: 'directorship',
  organisation: 'Acme Housing Ltd',
  nature: 'Non-executive director',
  startedOn: '2023-04-01',
  endedOn: null,
  current: true,
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

function registerHandlers(entries: Interest[], posted: unknown[]) {
  server.use(
    http.get('/api/interests', () => HttpResponse.json(entries)),
    http.get('/api/governance/settings', () =>
      HttpResponse.json({ registerVisibility: 'members' }),
    ),
    http.get('/api/terms', () => HttpResponse.json([])),
    http.post('/api/interests', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      const created = interest({ id: 9, organisation: String(body.organisation) });
      entries.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
  );
}

describe('governance page', () => {
  it('lists current and past interests and lets a trustee add and edit only their own', async () => {
    const posted: unknown[] = [];
    registerHandlers(
      [
        interest({}),
        interest({ id: 2, userId: 99, userName: 'Olly Other', organisation: 'Other Trust' }),
        interest({ id: 3, organisation: 'Old Co', endedOn: '2024-01-31', current: false }),
      ],
      posted,
    );
    const { user } = renderApp('/governance', { as: 'trustee' });
    const current = await screen.findByRole('table', { name: 'Current interests' });
    expect(within(current).getByText('Acme Housing Ltd')).toBeInTheDocument();
    expect(
      within(current).getByRole('button', { name: 'Edit Acme Housing Ltd' }),
    ).toBeInTheDocument();
    expect(
      within(current).queryByRole('button', { name: 'Edit Other Trust' }),
    ).not.toBeInTheDocument();
    const past = screen.getByRole('table', { name: 'Past interests' });
    expect(within(past).getByText('Old Co')).toBeInTheDocument();
    expect(within(past).getByText('Apr 1, 2023 – Jan 31, 2024')).toBeInTheDocument();
    expect(
      screen.queryByLabelText('Only admins and chairs read the whole register'),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add interest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add interest' });
    await user.type(within(dialog).getByLabelText(/Organisation or person/), 'Food Bank');
    await user.type(within(dialog).getByLabelText(/Nature of the interest/), 'Volunteer');
    await user.type(within(dialog).getByLabelText(/Since/), '2025-02-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('Interest added');
    expect(posted).toEqual([
      {
        userId: TRUSTEE_ID,
        kind: 'employment',
        organisation: 'Food Bank',
        nature: 'Volunteer',
        startedOn: '2025-02-01',
        endedOn: null,
      },
    ]);
  });

  it('hides the tally until the trustee has voted, then shows it', async () => {
    const open: Resolution = {
      id: 5,
      title: 'Adopt the reserves policy',
      text: 'That the board adopts it.',
      closesAt: '2099-01-01T12:00:00Z',
      threshold: 'majority',
      thresholdCount: null,
      proposedByName: 'Chris Chair',
      proposedAt: '2026-01-01T12:00:00Z',
      status: 'open',
      decidedAt: null,
      decidedEarly: false,
      papers: [],
      voters: [],
      eligibleCount: 5,
      votedCount: 1,
      canVote: true,
      myVote: null,
      tally: null,
      votes: null,
    };
    let current = open;
    const votes: unknown[] = [];
    server.use(
      http.get('/api/resolutions', () => HttpResponse.json([current])),
      http.post('/api/resolutions/5/votes', async ({ request }) => {
        votes.push(await request.json());
        current = {
          ...open,
          canVote: false,
          myVote: 'for',
          votedCount: 2,
          tally: { for: 2, against: 0, abstain: 0, outstanding: 3, needed: 3 },
          votes: [],
        };
        return HttpResponse.json(current, { status: 201 });
      }),
    );
    const { user } = renderApp('/governance?tab=resolutions', { as: 'trustee' });
    const card = await screen.findByRole('article', { name: 'Adopt the reserves policy' });
    expect(
      within(card).getByText('The tally is shown once you have voted or voting has closed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose a resolution' })).not.toBeInTheDocument();
    await user.type(within(card).getByLabelText('Comment (optional)'), 'Agreed');
    await user.click(within(card).getByRole('button', { name: 'Vote for' }));
    await expectToast('Vote recorded');
    expect(votes).toEqual([{ vote: 'for', comment: 'Agreed' }]);
    await waitFor(() => expect(within(card).getByText(/For 2 · Against 0/)).toBeInTheDocument());
  });

  it('lets a chair propose a resolution with papers and a conflicted trustee', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get('/api/resolutions', () => HttpResponse.json([])),
      http.get('/api/terms', () =>
        HttpResponse.json([
          { userId: TRUSTEE_ID, name: 'Tina Trustee', currentTermEndsOn: null },
          { userId: 99, name: 'Olly Other', currentTermEndsOn: null },
        ]),
      ),
      http.post('/api/resolutions', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = renderApp('/governance?tab=resolutions', { as: 'chair' });
    await user.click(await screen.findByRole('button', { name: 'Propose a resolution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a written resolution' });
    await user.type(within(dialog).getByLabelText(/^Title/), 'Adopt the reserves policy');
    await user.type(within(dialog).getByLabelText(/^Resolution text/), 'That the board adopts it.');
    await user.type(within(dialog).getByLabelText(/^Voting closes/), '2099-01-31T17:00');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Olly Other' }));
    const papers = within(dialog).getByRole('group', { name: 'Supporting papers' });
    const firstPaper = within(papers).getAllByRole('checkbox')[0];
    await user.click(firstPaper);
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    await expectToast('Resolution proposed');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      title: 'Adopt the reserves policy',
      threshold: 'majority',
      thresholdCount: null,
      conflictedUserIds: [99],
    });
    expect((posted[0] as { paperDocumentIds: number[] }).paperDocumentIds).toHaveLength(1);
  });

  it('lets a chair record that a trustee left before the end of their term', async () => {
    const put: unknown[] = [];
    server.use(
      http.get('/api/terms', () =>
        HttpResponse.json([
          {
            userId: TRUSTEE_ID,
            name: 'Tina Trustee',
            email: 'tina@charity.org',
            role: 'trustee',
            terms: [
              {
                id: 7,
                userId: TRUSTEE_ID,
                startedOn: '2024-01-01',
                termYears: 3,
                reappointment: false,
                endedOn: null,
                endsOn: '2027-01-01',
              },
            ],
            currentTermEndsOn: '2027-01-01',
            serviceDays: 700,
            serviceYears: 1.9,
            termEndingSoon: false,
            pastNineYears: false,
          },
        ]),
      ),
      http.put('/api/terms/7', async ({ request }) => {
        put.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/governance?tab=terms', { as: 'chair' });
    await user.click(
      await screen.findByRole('button', {
        name: 'Change the term of Tina Trustee from Jan 1, 2024',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change a term' });
    await user.type(within(dialog).getByLabelText(/^Left on/), '2025-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('Term updated');
    expect(put).toEqual([
      { startedOn: '2024-01-01', termYears: 3, reappointment: false, endedOn: '2025-06-30' },
    ]);
  });

  it('shows the quorum rule and lets a chair change it', async () => {
    const puts: unknown[] = [];
    let settings = {
      registerVisibility: 'members',
      quorumRule: 'count',
      quorumMinimum: 3,
      quorumNumerator: 1,
      quorumDenominator: 3,
    };
    server.use(
      http.get('/api/terms', () => HttpResponse.json([])),
      http.get('/api/terms/warnings', () => HttpResponse.json([])),
      http.get('/api/governance/settings', () => HttpResponse.json(settings)),
      http.put('/api/governance/settings', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        settings = { ...settings, ...body };
        return HttpResponse.json(settings);
      }),
    );
    const { user } = renderApp('/governance?tab=terms', { as: 'chair' });
    const quorum = await screen.findByRole('region', { name: 'Quorum' });
    expect(quorum).toHaveTextContent('at least 3 trustees are present');
    await user.click(within(quorum).getByRole('button', { name: 'Change the quorum rule' }));
    await user.selectOptions(within(quorum).getByLabelText('Quorum rule'), 'fraction');
    await user.clear(within(quorum).getByLabelText('At least'));
    await user.type(within(quorum).getByLabelText('At least'), '4');
    await user.clear(within(quorum).getByLabelText('Numerator'));
    await user.type(within(quorum).getByLabelText('Numerator'), '1');
    await user.clear(within(quorum).getByLabelText('Denominator'));
    await user.type(within(quorum).getByLabelText('Denominator'), '2');
    await user.click(within(quorum).getByRole('button', { name: 'Save quorum rule' }));
    await expectToast('Quorum rule saved');
    expect(puts).toEqual([
      { quorumRule: 'fraction', quorumMinimum: 4, quorumNumerator: 1, quorumDenominator: 2 },
    ]);
    await waitFor(() =>
      expect(quorum).toHaveTextContent('1/2 of the serving trustees, and at least 4'),
    );
  });

  it('shows a trustee the quorum rule without a way to change it', async () => {
    server.use(
      http.get('/api/terms', () => HttpResponse.json([])),
      http.get('/api/governance/settings', () =>
        HttpResponse.json({
          registerVisibility: 'members',
          quorumRule: 'count',
          quorumMinimum: 3,
          quorumNumerator: 1,
          quorumDenominator: 3,
        }),
      ),
    );
    renderApp('/governance?tab=terms', { as: 'trustee' });
    const quorum = await screen.findByRole('region', { name: 'Quorum' });
    expect(quorum).toHaveTextContent('at least 3 trustees are present');
    expect(
      within(quorum).queryByRole('button', { name: 'Change the quorum rule' }),
    ).not.toBeInTheDocument();
  });
});
