import { http, HttpResponse } from 'msw';
import { api } from '@/lib/api-client';
import { server } from '@/testing/mocks/server';
import { db, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import type { Task } from '@/types/api';

const task = (fields: Partial<Task> & Pick<Task, 'id' | 'kind' | 'text' | 'link'>): Task => ({
  dueAt: null,
  dueDate: null,
  overdue: false,
  meetingId: null,
  ...fields,
});

const forYou = () => screen.findByRole('region', { name: /For you/ });

describe('For you', () => {
  it('lists the tasks in the order given, each a link to what does it, with its date', async () => {
    db.tasks = [
      task({
        id: 'action:3',
        kind: 'do-action',
        text: 'Your action: Renew the insurance',
        link: '/actions',
        dueDate: '2026-11-20',
        overdue: true,
      }),
      task({
        id: 'answer-attendance:1',
        kind: 'answer-attendance',
        text: 'Are you coming to Board meeting?',
        link: '/meetings/1#attendance',
        dueAt: '2026-12-03T18:00:00Z',
        meetingId: 1,
      }),
    ];
    renderApp('/', { as: 'trustee' });
    const region = await forYou();
    const links = await within(region).findAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/actions',
      '/meetings/1#attendance',
    ]);
    expect(links[0]).toHaveTextContent('Your action: Renew the insurance');
    expect(links[0]).toHaveTextContent('Overdue: was due Nov 20, 2026');
    expect(links[1]).toHaveTextContent('Are you coming to Board meeting?');
    expect(within(region).getByRole('heading', { name: 'For you (2)' })).toBeInTheDocument();
  });

  it('says so when there is nothing to do', async () => {
    renderApp('/', { as: 'trustee' });
    expect(await within(await forYou()).findByText('Nothing for you to do.')).toBeInTheDocument();
  });

  it('comes before the board figures', async () => {
    renderApp('/', { as: 'trustee' });
    const region = await forYou();
    const figures = await screen.findByRole('link', { name: /Pending Actions/ });
    expect(region.compareDocumentPosition(figures) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is read again after a write, so that a done task leaves the list', async () => {
    db.tasks = [
      task({
        id: 'vote-resolution:4',
        kind: 'vote-resolution',
        text: 'Vote on the written resolution: Adopt the reserves policy',
        link: '/governance',
      }),
    ];
    server.use(http.post('/api/resolutions/4/vote', () => HttpResponse.json({})));
    renderApp('/', { as: 'trustee' });
    const region = await forYou();
    expect(await within(region).findByText(/Adopt the reserves policy/)).toBeInTheDocument();
    db.tasks = [];
    await api.post('/api/resolutions/4/vote', { vote: 'for' });
    await waitFor(() =>
      expect(within(region).getByText('Nothing for you to do.')).toBeInTheDocument(),
    );
  });
});

describe('For you with many tasks', () => {
  it('shows the first five, and all of them on request', async () => {
    db.tasks = Array.from({ length: 7 }, (_, i) =>
      task({
        id: `action:${i}`,
        kind: 'do-action',
        text: `Your action: Task ${i + 1}`,
        link: '/actions',
      }),
    );
    const { user } = renderApp('/', { as: 'trustee' });
    const region = await forYou();
    await within(region).findByText('Your action: Task 5');
    expect(within(region).getAllByRole('link')).toHaveLength(5);
    expect(within(region).queryByText('Your action: Task 6')).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Show all 7' }));
    expect(within(region).getAllByRole('link')).toHaveLength(7);
    expect(within(region).getByText('Your action: Task 7')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Show fewer' }));
    expect(within(region).getAllByRole('link')).toHaveLength(5);
  });
});
