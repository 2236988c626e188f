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
    expect(screen.getByRole('link', { name: /Next Meeting/ })).toHaveAttribute('href', '/calendar');
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

  it('opens the user guide in a new tab', async () => {
    const open = jest.spyOn(browser, 'open').mockImplementation(() => null);
    const { user } = renderApp('/', { as: 'trustee' });
    await user.click(await screen.findByRole('button', { name: 'User Guide' }));
    expect(open).toHaveBeenCalledWith('/api/user-guide', '_blank', 'noopener');
    open.mockRestore();
  });
});
