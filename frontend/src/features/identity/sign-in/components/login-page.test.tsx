import { http, HttpResponse } from 'msw';
import { browser } from '@/lib/browser';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { serverMessages } from '@/testing/mocks/server-messages';

describe('sign-in page', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
  });
  afterEach(() => assign.mockRestore());

  it('shows the validation messages', async () => {
    const { user } = renderApp('/login', { as: null });
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('marks the fields invalid, moves focus to the first one in error and checks on leaving a field', async () => {
    const { user } = renderApp('/login', { as: null });
    const email = await screen.findByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAccessibleDescription('Use your organisation e-mail address');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');

    // Typing alone shows nothing; leaving the field shows its message.
    await user.type(email, 'alice');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    await user.click(password);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(password).not.toHaveAttribute('aria-invalid', 'true');

    // Once shown, the message follows what is typed.
    await user.type(email, '@charity.org');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Use your organisation e-mail address');

    // A submit shows every message and focuses the first field in error; nothing is sent.
    const login = jest.fn();
    server.use(http.post('/api/auth/login', login));
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(email).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Password is required');
    await user.type(email, 'alice@charity.org');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(password).toHaveFocus();
    expect(login).not.toHaveBeenCalled();
  });

  it('sends the e-mail trimmed', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ token: 'token-1', user: { id: 1 } });
      }),
    );
    const { user } = renderApp('/login', { as: null });
    await user.type(await screen.findByLabelText('Email'), '  alice@charity.org ');
    await user.type(screen.getByLabelText('Password'), ' pass ');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(sent).toEqual({ email: 'alice@charity.org', password: ' pass ' });
  });

  it('signs in, keeps the token and does a full load of /', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('/api/auth/login', async () => {
        await gate;
        return HttpResponse.json({ token: 'token-1', user: { id: 1 } });
      }),
    );
    const { user } = renderApp('/login', { as: null });
    await user.type(await screen.findByLabelText('Email'), 'alice@charity.org');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(window.localStorage.getItem('token')).toBe('token-1');
  });

  it('shows the server message when sign-in fails', async () => {
    const { user } = renderApp('/login', { as: null });
    await user.type(await screen.findByLabelText('Email'), 'alice@charity.org');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(assign).not.toHaveBeenCalled();
  });

  it("falls back to 'Login failed'", async () => {
    server.use(http.post('/api/auth/login', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderApp('/login', { as: null });
    await user.type(await screen.findByLabelText('Email'), 'alice@charity.org');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('requests a password reset from the dialog', async () => {
    const { user } = renderApp('/login', { as: null });
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset' }));
    expect(
      await within(dialog).findByText('Please enter a valid email address'),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Email Address'), 'tina@charity.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset' }));
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Password Reset Request');
    expect(toast).toHaveTextContent(serverMessages.forgotPassword);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the reset dialog open and shows an error toast on failure', async () => {
    server.use(
      http.post('/api/auth/forgot-password', () => new HttpResponse(null, { status: 500 })),
    );
    const { user } = renderApp('/login', { as: null });
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    await user.type(within(dialog).getByLabelText('Email Address'), 'tina@charity.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Reset request failed');
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it('uses the default reset message when the server sends none', async () => {
    server.use(http.post('/api/auth/forgot-password', () => HttpResponse.json({})));
    const { user } = renderApp('/login', { as: null });
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    await user.type(within(dialog).getByLabelText('Email Address'), 'x@charity.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account with this email exists, password reset instructions would be sent to that email address.',
    );
  });
});
