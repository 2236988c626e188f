import { http, HttpResponse } from 'msw';
import { browser } from '@/lib/browser';
import { server } from '@/testing/mocks/server';
import { currentUrl, renderApp, screen, waitFor } from '@/testing/test-utils';

// Single sign-on on the sign-in page (docs/spec.md §13 Single sign-on).
describe('sign-in page with single sign-on', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
    server.use(
      http.get('/api/auth/sso', () =>
        HttpResponse.json({ enabled: true, label: 'Contoso', passwordSignIn: true }),
      ),
    );
  });
  afterEach(() => assign.mockRestore());

  it('offers the provider beside the password form', async () => {
    renderApp('/login', { as: null });
    const button = await screen.findByRole('link', { name: 'Sign in with Contoso' });
    expect(button).toHaveAttribute('href', '/api/auth/sso/start');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('says why single sign-on failed and leaves the address clean', async () => {
    renderApp('/login?sso_error=no_account', { as: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no portal account for your e-mail address. Ask an admin of the portal to add you.',
    );
    await waitFor(() => expect(currentUrl()).not.toContain('sso_error'));
  });

  it('exchanges the one-time code for the session, then loads the portal', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/sso/exchange', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          token: 'sso-token',
          idleMinutes: 60,
          user: {
            id: 1,
            name: 'Ada',
            email: 'ada@charity.org',
            role: 'trustee',
            active: true,
            requirePasswordChange: false,
            mfaEnabled: false,
            mfaEnrolmentRequired: false,
            createdAt: '2026-01-01T00:00:00Z',
          },
        });
      }),
    );
    renderApp('/login?sso_code=abc123', { as: null });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(sent).toEqual({ code: 'abc123' });
  });

  it('shows the server refusal of a used code', async () => {
    server.use(
      http.post('/api/auth/sso/exchange', () =>
        HttpResponse.json(
          { message: 'Your sign-in has expired. Please sign in again.' },
          { status: 401 },
        ),
      ),
    );
    renderApp('/login?sso_code=used', { as: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your sign-in has expired. Please sign in again.',
    );
    expect(assign).not.toHaveBeenCalled();
  });
});
