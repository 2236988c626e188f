import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import type { AgendaItem, Meeting } from '@/types/api';
import {
  agendaItemFixture,
  attendanceFixture,
  meetingFixture,
} from '@/features/meetings/test-fixtures';
import type { components } from '@/types/api.generated';

type Resolution = components['schemas']['Resolution'];

const resolution = (id: number, title: string, status: Resolution['status']): Resolution => ({
  id,
  title,
  text: `That the board resolves: ${title}.`,
  status,
  canVote: false,
  closesAt: '2030-02-20T17:00:00.000Z',
  decidedAt: '2030-02-12T09:00:00.000Z',
  decidedEarly: true,
  eligibleCount: 5,
  votedCount: 3,
  myVote: null,
  papers: [],
  proposedAt: '2030-02-10T09:00:00.000Z',
  proposedByName: 'Chris Chair',
  tally:
    status === 'passed'
      ? { for: 3, against: 0, abstain: 0, needed: 3, outstanding: 2 }
      : { for: 0, against: 1, abstain: 0, needed: 5, outstanding: 4 },
  threshold: 'majority',
  thresholdCount: null,
  voters: [],
  votes: [],
});

const reported = agendaItemFixture(31, 'Written resolution: Adopt the reserves policy', {
  number: 1,
  purpose: 'noting',
  durationMinutes: 5,
  description: 'Passed by written resolution on 12 February 2030.',
  resolutionId: 5,
});

function chairsMeetingPage(kind: Meeting['kind'], offers: Resolution[]) {
  let agenda: AgendaItem[] = [];
  let offered = offers;
  const posted: unknown[] = [];
  server.use(
    http.get('/api/meetings/7', () =>
      HttpResponse.json({
        meeting: meetingFixture({ kind, agendaStatus: 'draft', agendaPublishedAt: null }),
        agendaVisible: true,
        agenda,
        canManage: true,
      }),
    ),
    http.get('/api/meetings/7/attendance', () =>
      HttpResponse.json(attendanceFixture({ canRecord: true })),
    ),
    http.get('/api/meetings/7/resolution-offers', () => HttpResponse.json(offered)),
    http.post('/api/meetings/7/agenda-items/from-resolution', async ({ request }) => {
      posted.push(await request.json());
      agenda = [reported];
      offered = offered.filter((r) => r.id !== 5);
      return HttpResponse.json(reported, { status: 201 });
    }),
    http.delete('/api/meetings/7/agenda-items/31', () => {
      agenda = [];
      offered = [resolution(5, 'Adopt the reserves policy', 'passed'), ...offered];
      return HttpResponse.json({ message: 'Agenda item deleted' });
    }),
  );
  return posted;
}

describe('Written resolutions offered to the agenda', () => {
  it('lists the decided resolutions and adds one as an item reporting its result', async () => {
    const posted = chairsMeetingPage('board', [
      resolution(5, 'Adopt the reserves policy', 'passed'),
      resolution(6, 'Close the Tuesday group', 'failed'),
    ]);
    const { user } = renderApp('/meetings/7', { as: 'chair' });

    const offers = await screen.findByRole('region', {
      name: 'Written resolutions decided since the last meeting',
    });
    const rows = within(offers).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Adopt the reserves policy');
    expect(rows[0]).toHaveTextContent('3 for, 0 against, 0 abstained');
    expect(rows[0]).toHaveTextContent('Passed');
    expect(rows[1]).toHaveTextContent('Not passed');

    await user.click(
      within(offers).getByRole('button', { name: 'Add to agenda: Adopt the reserves policy' }),
    );
    await waitFor(() => expect(posted).toEqual([{ resolutionId: 5 }]));
    const agenda = await screen.findByRole('list', { name: 'Agenda' });
    const item = within(agenda).getByRole('listitem', {
      name: 'Item 1: Written resolution: Adopt the reserves policy',
    });
    expect(within(item).getByText('Written resolution')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(offers).queryByRole('button', { name: /Adopt the reserves policy/ }),
      ).not.toBeInTheDocument(),
    );
    expect(
      within(offers).getByRole('button', { name: 'Add to agenda: Close the Tuesday group' }),
    ).toBeEnabled();
    expect(await screen.findByText('Added to the agenda')).toBeInTheDocument();

    // Deleting the item offers the resolution again.
    await user.click(within(item).getByRole('button', { name: 'Delete item 1' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete agenda item' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    expect(
      await within(offers).findByRole('button', {
        name: 'Add to agenda: Adopt the reserves policy',
      }),
    ).toBeEnabled();
  });

  it('shows nothing when no resolution was decided since the last meeting', async () => {
    chairsMeetingPage('board', []);
    renderApp('/meetings/7', { as: 'chair' });
    expect(await screen.findByText('The agenda has no items yet.')).toBeInTheDocument();
    expect(
      screen.queryByText('Written resolutions decided since the last meeting'),
    ).not.toBeInTheDocument();
  });

  it('offers nothing on a meeting that is not a board meeting', async () => {
    chairsMeetingPage('agm', [resolution(5, 'Adopt the reserves policy', 'passed')]);
    renderApp('/meetings/7', { as: 'chair' });
    expect(await screen.findByText('The agenda has no items yet.')).toBeInTheDocument();
    expect(screen.queryByText('Adopt the reserves policy')).not.toBeInTheDocument();
  });
});
