import { renderApp, screen, waitFor, within, currentPath, db } from '@/testing/test-utils';

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('sidebar', () => {
  it('shows every entry, the pending badge and the admin label for an admin', async () => {
    renderApp('/', { as: 'admin' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    const links = within(nav())
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual([
      'Dashboard',
      'Calendar',
      'Documents',
      expect.stringMatching(/^Actions/),
      'Minutes',
      'Decisions',
      'Governance',
      'Notices',
      'Sub Committees',
      'Trustee Directory',
      'User Management',
      'Mail',
      'Audit log',
    ]);
    expect(await within(nav()).findByLabelText('1 pending')).toHaveTextContent('1');
    expect(screen.getByText('Trustee Portal', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Alice Admin')).toBeInTheDocument();
    expect(screen.getByText('Admin', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('AA')).toBeInTheDocument();
    expect(within(nav()).getByTestId('notices-dot')).toBeInTheDocument();
  });

  it('shows User Management to a chair, labelled with the real role Chair', async () => {
    renderApp('/', { as: 'chair' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(within(nav()).getByRole('link', { name: 'User Management' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Charlie Chair, Chair: account menu$/ }),
    ).toBeVisible();
    expect(screen.getByText('Chair', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByText('Trustee', { selector: 'span' })).not.toBeInTheDocument();
  });

  it('hides User Management from a trustee and the badge when nothing is pending', async () => {
    db.actions = db.actions.filter((a) => a.status !== 'pending');
    renderApp('/', { as: 'trustee' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() =>
      expect(screen.getByText('Pending Actions').nextSibling).toHaveTextContent('0'),
    );
    expect(within(nav()).queryByRole('link', { name: 'User Management' })).not.toBeInTheDocument();
    expect(within(nav()).queryByLabelText(/pending/)).not.toBeInTheDocument();
    expect(screen.getByText('TT')).toBeInTheDocument();
  });

  it('toggles the theme and keeps it under the theme key', async () => {
    const { user } = renderApp('/', { as: 'trustee' });
    await user.click(await screen.findByRole('button', { name: 'Switch to dark mode' }));
    expect(window.localStorage.getItem('theme')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it('opens on small screens by the menu button and closes on route change', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: false,
    })) as typeof window.matchMedia;
    try {
      const { user } = renderApp('/', { as: 'trustee' });
      await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
      await user.click(within(nav()).getByRole('link', { name: 'Documents' }));
      await waitFor(() => expect(currentPath()).toBe('/documents'));
      await waitFor(() =>
        expect(
          screen.queryByRole('navigation', { name: 'Main navigation' }),
        ).not.toBeInTheDocument(),
      );
    } finally {
      window.matchMedia = original;
    }
  });
});
