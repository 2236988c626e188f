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
