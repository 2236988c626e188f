import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { currentPath, db, renderApp, screen, waitFor } from '@/testing/test-utils';
import { CHAIR_ID, TRUSTEE_ID, VALID_TOTP_CODE } from '@/testing/mocks/db';

describe('session routing', () => {
  it('shows the sign-in page at /login and at any other path when signed out', async () => {
    renderApp('/documents', { as: null });
    expect(
      await screen.findByText('Trustee Portal - Please sign in to continue'),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/documents');
  });

  it('shows Loading... until the current user has loaded', async () => {
    renderApp('/', { as: 'admin' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('moves a signed-in user from /login to /', async () => {
    renderApp('/login', { as: 'trustee' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('shows Page Not Found for unknown paths inside the shell', async () => {
    renderApp('/no-such-page', { as: 'trustee' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('shows only the change-password page when a password change is required', async () => {
    db.users.find((u) => u.id === TRUSTEE_ID)!.requirePasswordChange = true;
    renderApp('/documents', { as: 'trustee' });
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(currentPath()).toBe('/change-password');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('signs out when the current-user check fails', async () => {
    server.use(
      http.get('/api/auth/me', () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    renderApp('/actions', { as: 'admin' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it('signs out and goes to /login on any 401', async () => {
    server.use(
      http.get('/api/documents', () => HttpResponse.json({ message: 'expired' }, { status: 401 })),
    );
    renderApp('/documents', { as: 'admin' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('Sign Out (in the account menu) clears the session', async () => {
    const { user } = renderApp('/', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: /account menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('session routing: two-factor set-up required', () => {
  it('shows only the set-up page until the officer has enrolled, then the recovery codes, then the app', async () => {
    const chair = db.users.find((u) => u.id === CHAIR_ID)!;
    chair.mfaEnrolmentRequired = true;
    const { user } = renderApp('/documents', { as: 'chair' });
    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor sign-in' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/two-factor-setup'));
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();

    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('6-digit code'), VALID_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByRole('heading', { name: 'Your recovery codes' })).toBeInTheDocument();
    // The codes stay on screen until the user says they are stored.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('I have stored my recovery codes somewhere safe'));
    await user.click(screen.getByRole('button', { name: 'Continue to the portal' }));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('lets the officer sign out instead', async () => {
    db.users.find((u) => u.id === CHAIR_ID)!.mfaEnrolmentRequired = true;
    const { user } = renderApp('/', { as: 'chair' });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
