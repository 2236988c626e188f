import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor } from '@/testing/test-utils';

describe('reset password page', () => {
  it('sends the token and the new password, then offers to sign in', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          message: 'Your password has been changed. Sign in with your new password.',
        });
      }),
    );
    const { user } = renderApp('/reset-password?token=abc123', { as: null });
    await screen.findByRole('heading', { name: 'Reset Password' });
    await user.type(screen.getByLabelText(/^New Password/), 'a brand new password');
    // The shared strength meter of the password forms.
    await waitFor(() =>
      expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
        'aria-valuetext',
        'Strong',
      ),
    );
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(
      await screen.findByText('Your password has been changed. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(sent).toEqual({ token: 'abc123', newPassword: 'a brand new password' });
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("shows the server's message for a used link", async () => {
    server.use(
      http.post('/api/auth/reset-password', () =>
        HttpResponse.json(
          {
            message:
              'This reset link has already been used. Ask for a new one from the sign-in page.',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/reset-password?token=used', { as: null });
    await user.type(await screen.findByLabelText(/^New Password/), 'a brand new password');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(
      await screen.findByText(
        'This reset link has already been used. Ask for a new one from the sign-in page.',
      ),
    ).toBeInTheDocument();
  });

  it('says so when the link has no token', async () => {
    renderApp('/reset-password', { as: null });
    expect(
      await screen.findByText(
        'This reset link is not valid. Ask for a new one from the sign-in page.',
      ),
    ).toBeInTheDocument();
  });
});

describe('accept invitation page', () => {
  it('lets an invited user choose a password with the meter and rules, then sign in', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/accept-invitation', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          message: 'Your password is set. Sign in with your e-mail address and your new password.',
        });
      }),
    );
    const { user } = renderApp('/accept-invitation?token=inv123', { as: null });
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(
      screen.getByText(
        'You have been invited to the portal. Choose your password to accept the invitation.',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New Password/), 'lantern harbour quietly');
    await waitFor(() =>
      expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
        'aria-valuetext',
        'Strong',
      ),
    );
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'lantern harbour quietly');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(
      await screen.findByText(
        'Your password is set. Sign in with your e-mail address and your new password.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual({ token: 'inv123', newPassword: 'lantern harbour quietly' });
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("shows the server's message for an expired invitation and a link without a token", async () => {
    const expired =
      'This invitation link has expired or a newer one was sent. Use the newest invitation e-mail, or ask an admin to send a new one.';
    server.use(
      http.post('/api/auth/accept-invitation', () =>
        HttpResponse.json({ message: expired }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/accept-invitation?token=old', { as: null });
    await user.type(await screen.findByLabelText(/^New Password/), 'lantern harbour quietly');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'lantern harbour quietly');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText(expired)).toBeInTheDocument();
  });

  it('says so when the invitation link has no token', async () => {
    renderApp('/accept-invitation', { as: null });
    expect(
      await screen.findByText(
        'This invitation link is not valid. Ask an admin of the portal to send you a new invitation.',
      ),
    ).toBeInTheDocument();
  });
});
