import { http, HttpResponse } from 'msw';
import { browser } from '@/lib/browser';
import { server } from '@/testing/mocks/server';
import { TRUSTEE_ID } from '@/testing/mocks/db';
import { db, renderApp, screen, waitFor } from '@/testing/test-utils';

async function setup() {
  db.users.find((u) => u.id === TRUSTEE_ID)!.requirePasswordChange = true;
  const view = renderApp('/', { as: 'trustee' });
  await screen.findByRole('heading', { name: 'Change Password' });
  return view;
}

describe('change password page', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
  });
  afterEach(() => assign.mockRestore());

  it('shows its texts', async () => {
    await setup();
    expect(
      screen.getByText('You must set a new password before accessing the application.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Set New Password' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'At least 8 characters. A few unrelated words make a strong password that is easy to remember.',
      ),
    ).toBeInTheDocument();
  });

  it('warns when the passwords do not match', async () => {
    const { user } = await setup();
    await user.type(screen.getByLabelText(/^New Password/), 'secret123');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'secret124');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Password Mismatch');
    expect(toast).toHaveTextContent('New password and confirmation password do not match.');
  });

  it('warns when the password is too short', async () => {
    const { user } = await setup();
    await user.type(screen.getByLabelText(/^New Password/), 'abc');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Password Too Short');
    expect(toast).toHaveTextContent('Password must be at least 8 characters long.');
  });

  it('stores the fresh token and does a full load of / on success', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/change-password-temp', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'ok', token: 'fresh-token', user: {} });
      }),
    );
    const { user } = await setup();
    await user.type(screen.getByLabelText(/^New Password/), 'secret123');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(sent).toEqual({ newPassword: 'secret123' });
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
    expect(screen.getByRole('status')).toHaveTextContent('Password Changed');
  });

  it('shows the server message in the form and as an error toast when the change fails', async () => {
    server.use(
      http.post('/api/auth/change-password-temp', () =>
        HttpResponse.json({ message: 'Password too common' }, { status: 400 }),
      ),
    );
    const { user } = await setup();
    await user.type(screen.getByLabelText(/^New Password/), 'password');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(2);
    const [inForm, toast] = alerts;
    expect(inForm.closest('form')).not.toBeNull();
    expect(inForm).toHaveTextContent('Password too common');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Password too common');
    expect(assign).not.toHaveBeenCalled();
  });
});
