import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen } from '@/testing/test-utils';

const log = {
  smtpConfigured: true,
  messages: [
    {
      id: 2,
      kind: 'test',
      recipient: 'admin@example.org',
      subject: 'Test message from Hope Trust',
      status: 'queued',
      attempts: 1,
      lastError: 'SMTP: Connection refused',
      createdAt: '2026-11-24T01:00:00Z',
      sentAt: null,
    },
  ],
};

describe('mail page', () => {
  it('shows the delivery log and queues a test e-mail', async () => {
    let tests = 0;
    server.use(
      http.get('/api/mail/outbox', () => HttpResponse.json(log)),
      http.post('/api/mail/test', () => {
        tests += 1;
        return HttpResponse.json(
          { id: 3, message: 'A test e-mail to admin@example.org is queued.' },
          { status: 202 },
        );
      }),
    );
    const { user } = renderApp('/mail', { as: 'admin' });
    expect(await screen.findByText('Test message from Hope Trust')).toBeInTheDocument();
    expect(screen.getByText('SMTP: Connection refused')).toBeInTheDocument();
    expect(screen.getByText('queued')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mail' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test e-mail' }));
    expect(
      await screen.findByText('A test e-mail to admin@example.org is queued.'),
    ).toBeInTheDocument();
    expect(tests).toBe(1);
  });

  it('is in the sidebar for admins only', async () => {
    server.use(http.get('/api/mail/outbox', () => HttpResponse.json(log)));
    renderApp('/', { as: 'chair' });
    await screen.findByRole('link', { name: 'User Management' });
    expect(screen.queryByRole('link', { name: 'Mail' })).not.toBeInTheDocument();
  });
});
