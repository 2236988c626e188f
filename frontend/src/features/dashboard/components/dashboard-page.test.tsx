import { http, HttpResponse } from 'msw';
import { browser } from '@/lib/browser';
import { server } from '@/testing/mocks/server';
import { db, renderApp, screen, within } from '@/testing/test-utils';

const section = (name: string) => screen.getByRole('region', { name });

describe('dashboard', () => {
  it('shows the figures and the recent lists', async () => {
    renderApp('/', { as: 'trustee' });
    expect(await screen.findByText('Office closed')).toBeInTheDocument();
    expect(await screen.findByText('Spring Board Meeting')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Pending Actions/ })).toHaveAttribute(
      'href',
      '/actions',
    );
    expect(screen.getByRole('link', { name: /Next Meeting/ })).toHaveAttribute(
      'href',
      '/meetings/1',
    );
    expect(screen.getByRole('link', { name: /Active Trustees 4/ })).toHaveAttribute(
      'href',
      '/trustees',
    );
    expect(within(section('Recent Actions')).getByText('No deadline')).toBeInTheDocument();
    expect(within(section('Recently Updated Documents')).getByText('200 KB')).toBeInTheDocument();
    expect(within(section('Recent Notices')).getByText('Posted Jan 5, 2025')).toBeInTheDocument();
  });

  it('shows the empty texts and fallbacks', async () => {
    db.notices = [];
    db.meetings = [];
    db.actions = [];
    db.documents = [];
    server.use(
      http.get('/api/dashboard/stats', () =>
        HttpResponse.json({ pendingActions: 0, documents: 0, nextMeeting: null, trustees: null }),
      ),
    );
    renderApp('/', { as: 'trustee' });
    expect(await screen.findByText('No notices found')).toBeInTheDocument();
    expect(await screen.findByText('No upcoming meetings')).toBeInTheDocument();
    expect(await screen.findByText('No actions found')).toBeInTheDocument();
    expect(await screen.findByText('No documents found')).toBeInTheDocument();
    expect(await screen.findByText('None scheduled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Active Trustees 6/ })).toBeInTheDocument();
  });

  it('offers a trustee no quick action the role may not take', async () => {
    renderApp('/', { as: 'trustee' });
    const quick = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(within(quick).getByRole('link', { name: 'Browse Documents' })).toHaveAttribute(
      'href',
      '/documents',
    );
    expect(within(quick).getByRole('link', { name: 'Read Minutes' })).toBeInTheDocument();
    for (const name of ['Upload Document', 'Create Action', 'Post Notice'])
      expect(within(quick).queryByRole('link', { name })).not.toBeInTheDocument();
  });

  it('offers a chair the writes of the role', async () => {
    renderApp('/', { as: 'chair' });
    const quick = await screen.findByRole('region', { name: 'Quick Actions' });
    for (const name of ['Upload Document', 'Create Action', 'Post Notice', 'View Trustees'])
      expect(within(quick).getByRole('link', { name })).toBeInTheDocument();
  });

  it('holds the place of each list while it loads, then shows the list', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/notices', async () => {
        // Returning nothing lets the store's own handler answer, once released.
        await held;
      }),
    );
    renderApp('/', { as: 'trustee' });
    const notices = await screen.findByRole('region', { name: 'Recent Notices' });
    expect(within(notices).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    release();
    expect(await within(notices).findByText('Office closed')).toBeInTheDocument();
    expect(within(notices).queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('opens the user guide in a new tab', async () => {
    const open = jest.spyOn(browser, 'open').mockImplementation(() => null);
    const { user } = renderApp('/', { as: 'trustee' });
    await user.click(await screen.findByRole('button', { name: 'User Guide' }));
    expect(open).toHaveBeenCalledWith('/api/user-guide', '_blank', 'noopener');
    open.mockRestore();
  });
});

describe('dashboard governance warnings', () => {
  it('warns admins and chairs of long service and flagged declarations, not of what is a task', async () => {
    server.use(
      http.get('/api/terms/warnings', () =>
        HttpResponse.json([
          {
            userId: 7,
            name: 'Lou Long',
            currentTermEndsOn: '2026-12-01',
            serviceYears: 9.5,
            termEndingSoon: true,
            pastNineYears: true,
          },
        ]),
      ),
      http.get('/api/declaration-rounds', () =>
        HttpResponse.json([
          { id: 1, year: 2026, closedAt: null, members: 5, declared: 4, flagged: 1 },
        ]),
      ),
    );
    renderApp('/', { as: 'chair' });
    const alert = await screen.findByLabelText('Governance warnings');
    expect(alert).toHaveTextContent('Lou Long has served 9.5 years, more than nine in total.');
    expect(alert).toHaveTextContent('1 declaration(s) in 2026 say a trustee may be disqualified.');
    // Terms ending and declarations outstanding are tasks in For you, not warnings.
    expect(alert).not.toHaveTextContent('term ends');
    expect(alert).not.toHaveTextContent('have not made');
  });

  it('shows no warnings to a trustee', async () => {
    renderApp('/', { as: 'trustee' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByLabelText('Governance warnings')).not.toBeInTheDocument();
  });
});
