import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, within } from '@/testing/test-utils';
import type { NotificationSettings } from '@/types/api';

const defaults: NotificationSettings = {
  disabledKinds: [],
  weeklyDigest: false,
  followedCategories: [
    'governance',
    'finance',
    'safeguarding',
    'risk-register',
    'policies',
    'misc',
  ],
};

describe('notification settings page', () => {
  it('shows every kind on by default and saves what the user changes', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get('/api/notification-settings', () => HttpResponse.json(defaults)),
      http.put('/api/notification-settings', async ({ request }) => {
        const body = (await request.json()) as NotificationSettings;
        saved.push(body);
        return HttpResponse.json(body);
      }),
    );
    const { user } = renderApp('/notification-settings', { as: 'trustee' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notification settings' }),
    ).toBeInTheDocument();
    const kinds = within(screen.getByRole('region', { name: 'E-mails you get' }));
    const switches = kinds.getAllByRole('switch');
    expect(switches).toHaveLength(8);
    switches.forEach((s) => expect(s).toBeChecked());
    expect(screen.getByRole('radio', { name: 'One e-mail for each, as it happens' })).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();

    await user.click(kinds.getByRole('switch', { name: 'A high-priority notice is posted' }));
    await user.click(
      screen.getByRole('radio', { name: 'A weekly digest instead (Monday morning)' }),
    );
    const followed = within(screen.getByRole('region', { name: 'Document categories you follow' }));
    await user.click(followed.getByRole('checkbox', { name: 'Safeguarding' }));
    await user.click(save);

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        disabledKinds: ['notice-high'],
        weeklyDigest: true,
        followedCategories: ['governance', 'finance', 'risk-register', 'policies', 'misc'],
      },
    ]);
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('shows the stored choices and is linked from the account menu', async () => {
    server.use(
      http.get('/api/notification-settings', () =>
        HttpResponse.json({
          disabledKinds: ['committee-unread'],
          weeklyDigest: true,
          followedCategories: [],
        }),
      ),
    );
    const { user } = renderApp('/notification-settings', { as: 'chair' });
    const off = await screen.findByRole('switch', {
      name: 'Committee messages you have not read',
    });
    expect(off).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Meeting reminders' })).toBeChecked();
    expect(
      screen.getByRole('radio', { name: 'A weekly digest instead (Monday morning)' }),
    ).toBeChecked();
    expect(
      screen.getByText('You follow no category: no new-document e-mails.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /account menu$/ }));
    expect(await screen.findByRole('menuitem', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/notification-settings',
    );
  });
});
