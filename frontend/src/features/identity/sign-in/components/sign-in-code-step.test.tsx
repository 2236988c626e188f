import { http, HttpResponse } from 'msw';
import { browser } from '@/lib/browser';
import { server } from '@/testing/mocks/server';
import { TRUSTEE_ID, VALID_TOTP_CODE } from '@/testing/mocks/db';
import { db, renderApp, screen, waitFor } from '@/testing/test-utils';

async function passwordStep() {
  const tina = db.users.find((u) => u.id === TRUSTEE_ID)!;
  tina.mfaEnabled = true;
  tina.recoveryCodes = ['abcde-11111', 'abcde-22222'];
  const view = renderApp('/login', { as: null });
  await view.user.type(await screen.findByLabelText('Email'), 'tina@charity.org');
  await view.user.type(screen.getByLabelText('Password'), 'password1');
  await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Two-factor sign-in' });
  return { ...view, tina };
}

describe('sign-in with two-factor sign-in', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
  });
  afterEach(() => assign.mockRestore());

  it('asks for the code from the app, focused, then signs in', async () => {
    const { user } = await passwordStep();
    expect(
      screen.getByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    const code = screen.getByLabelText('Code');
    expect(code).toHaveFocus();
    await user.type(code, VALID_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(window.localStorage.getItem('token')).toBe(`token-${TRUSTEE_ID}`);
    expect(window.localStorage.getItem('idleMinutes')).toBe('60');
  });

  it('shows a wrong code under the field and keeps the step', async () => {
    const { user } = await passwordStep();
    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'That code is not right. Check the time on your phone, or use a recovery code.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus());
    expect(assign).not.toHaveBeenCalled();
  });

  it('takes a recovery code instead, once', async () => {
    const { user, tina } = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveFocus();
    expect(
      screen.getByText('Enter one of your recovery codes. Each code works once.'),
    ).toBeVisible();
    await user.type(field, 'abcde-22222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(tina.recoveryCodes).toEqual(['abcde-11111']);
  });

  it('checks the format before sending', async () => {
    const { user } = await passwordStep();
    await user.type(screen.getByLabelText('Code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is 6 digits.')).toBeInTheDocument();
  });

  it('goes back to the password step with the message when the step has expired', async () => {
    server.use(
      http.post('/api/auth/mfa/verify', () =>
        HttpResponse.json(
          { message: 'Your sign-in has expired. Please sign in again.' },
          { status: 401 },
        ),
      ),
    );
    const { user } = await passwordStep();
    await user.type(screen.getByLabelText('Code'), VALID_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your sign-in has expired. Please sign in again.',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('tina@charity.org');
  });

  it('Back returns to the password step', async () => {
    const { user } = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
