import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { act, renderApp, screen, waitFor, within, currentPath } from '@/testing/test-utils';

const menuButton = () => screen.findByRole('button', { name: /account menu$/ });

describe('account menu', () => {
  beforeEach(() => {
    // The settings page that an entry leads to loads its settings.
    server.use(
      http.get('/api/notification-settings', () =>
        HttpResponse.json({ disabledKinds: [], weeklyDigest: false, followedCategories: [] }),
      ),
    );
  });

  it('opens from the user block with the three account entries, and leads to them', async () => {
    const { user } = renderApp('/', { as: 'trustee' });
    const button = await menuButton();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // The entries live only in the menu, not in the navigation.
    expect(screen.queryByRole('link', { name: 'Account security' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();

    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveAccessibleName(button.getAttribute('aria-label')!);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Account security', 'Notification settings', 'Sign Out']);

    await user.click(within(menu).getByRole('menuitem', { name: 'Notification settings' }));
    await waitFor(() => expect(currentPath()).toBe('/notification-settings'));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(await menuButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Account security' }));
    await waitFor(() => expect(currentPath()).toBe('/account-security'));
  });

  it('signs out from the menu', async () => {
    const { user } = renderApp('/', { as: 'admin' });
    await user.click(await menuButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('works by keyboard: Enter opens it on the first entry, arrows move, Escape closes it', async () => {
    const { user } = renderApp('/', { as: 'trustee' });
    const button = await menuButton();
    act(() => button.focus());
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Account security' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Notification settings' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    // Enter on an entry follows it.
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/notification-settings'));
  });
});
