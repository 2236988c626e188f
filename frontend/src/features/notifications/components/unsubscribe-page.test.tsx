import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen } from '@/testing/test-utils';

describe('unsubscribe page', () => {
  it('asks, then turns the kind of e-mail off with the link token, without signing in', async () => {
    let token: string | null = null;
    server.use(
      http.post('/api/mail/unsubscribe', ({ request }) => {
        token = new URL(request.url).searchParams.get('token');
        return HttpResponse.json({
          message:
            'You will no longer receive e-mails about high-priority notices. You can turn them back on under Notification settings when you sign in.',
        });
      }),
    );
    const { user } = renderApp('/unsubscribe?token=7.notice-high.abc', { as: null });
    await screen.findByRole('heading', { name: 'Unsubscribe' });
    await user.click(screen.getByRole('button', { name: 'Turn these e-mails off' }));
    expect(
      await screen.findByText(/You will no longer receive e-mails about high-priority notices./),
    ).toBeInTheDocument();
    expect(token).toBe('7.notice-high.abc');
    // The switch is the Notification settings page's: the page leads there.
    expect(screen.getByRole('link', { name: 'Open Notification settings' })).toHaveAttribute(
      'href',
      '/notification-settings',
    );
  });

  it("shows the server's message for a bad link", async () => {
    server.use(
      http.post('/api/mail/unsubscribe', () =>
        HttpResponse.json(
          {
            message:
              'This unsubscribe link is not valid. Sign in to the portal to change which e-mails you receive.',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/unsubscribe?token=forged', { as: null });
    await user.click(await screen.findByRole('button', { name: 'Turn these e-mails off' }));
    expect(await screen.findByText(/This unsubscribe link is not valid./)).toBeInTheDocument();
  });
});
