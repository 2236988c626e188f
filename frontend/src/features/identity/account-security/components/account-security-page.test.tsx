import { ADMIN_ID, TRUSTEE_ID, VALID_TOTP_CODE } from '@/testing/mocks/db';
import {
  currentPath,
  db,
  expectToast,
  renderApp,
  screen,
  waitFor,
  within,
} from '@/testing/test-utils';

const section = (name: string) => screen.getByRole('region', { name });

async function open(as: 'trustee' | 'admin' = 'trustee') {
  const view = renderApp('/account-security', { as });
  await screen.findByRole('heading', { name: 'Account security' });
  return view;
}

describe('account security page', () => {
  it('is linked from the account menu', async () => {
    const { user } = renderApp('/', { as: 'trustee' });
    await user.click(await screen.findByRole('button', { name: /account menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account security' }));
    expect(await screen.findByRole('heading', { name: 'Account security' })).toBeInTheDocument();
    expect(currentPath()).toBe('/account-security');
  });

  it('shows a strength meter that updates while typing', async () => {
    const { user } = await open();
    const field = screen.getByLabelText(/^New password/);
    await user.type(field, 'abc');
    const meter = await screen.findByRole('meter', { name: 'Password strength' });
    await waitFor(() => expect(meter).toHaveAttribute('aria-valuetext', 'Very weak'));
    expect(screen.getByText(/Use at least 8 characters\./)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'violet kettle harbour 93');
    await waitFor(() =>
      expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
        'aria-valuetext',
        'Strong',
      ),
    );
    expect(field.getAttribute('aria-describedby')).toContain(
      screen.getByTestId('password-strength').id,
    );
  });

  it('changes the password: a fresh token, other sessions signed out', async () => {
    const { user } = await open();
    const form = section('Change password');
    await screen.findByText('Safari on iPhone');
    await user.type(within(form).getByLabelText(/^Current password/), 'password1');
    await user.type(within(form).getByLabelText(/^New password/), 'violet kettle harbour 93');
    await user.type(
      within(form).getByLabelText(/^Confirm new password/),
      'violet kettle harbour 93',
    );
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await expectToast('Password changed', 'Your other sessions have been signed out.');
    expect(window.localStorage.getItem('token')).not.toBe(`token-${TRUSTEE_ID}`);
    expect(db.users.find((u) => u.id === TRUSTEE_ID)!.password).toBe('violet kettle harbour 93');
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(within(form).getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('shows the server refusals under their fields', async () => {
    const { user } = await open();
    const form = section('Change password');
    await user.type(within(form).getByLabelText(/^Current password/), 'not-it');
    await user.type(within(form).getByLabelText(/^New password/), 'violet kettle harbour 93');
    await user.type(
      within(form).getByLabelText(/^Confirm new password/),
      'violet kettle harbour 93',
    );
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Current password is incorrect')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText(/^Current password/)).toHaveFocus());

    await user.clear(within(form).getByLabelText(/^Current password/));
    await user.type(within(form).getByLabelText(/^Current password/), 'password1');
    await user.clear(within(form).getByLabelText(/^New password/));
    await user.type(within(form).getByLabelText(/^New password/), 'password123');
    await user.clear(within(form).getByLabelText(/^Confirm new password/));
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'password123');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(
      await within(form).findByText('This password is too common. Choose a less predictable one.'),
    ).toBeInTheDocument();
  });

  it('checks length and confirmation before sending', async () => {
    const { user } = await open();
    const form = section('Change password');
    await user.type(within(form).getByLabelText(/^New password/), 'short');
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'other');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(
      await within(form).findByText('Password must be at least 8 characters long.'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('New password and confirmation password do not match.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Enter your current password')).toBeInTheDocument();
  });

  it('sets up two-factor sign-in: QR code, key, code, then the recovery codes once', async () => {
    const { user } = await open();
    const box = section('Two-factor sign-in');
    expect(within(box).getByText('Off')).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(
      await within(box).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(within(box).getByLabelText('Set-up key')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    await user.type(within(box).getByLabelText('6-digit code'), '000000');
    await user.click(within(box).getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(
      await within(box).findByText(
        'That code is not right. Check the time on your phone, or use a recovery code.',
      ),
    ).toBeInTheDocument();

    await user.clear(within(box).getByLabelText('6-digit code'));
    await user.type(within(box).getByLabelText('6-digit code'), VALID_TOTP_CODE);
    await user.click(within(box).getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const codes = await within(box).findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(within(box).getByText('Store these recovery codes now')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Download (.txt)' })).toBeInTheDocument();
    const done = within(box).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(within(box).getByLabelText('I have stored my recovery codes somewhere safe'));
    await user.click(done);
    expect(await within(box).findByText('On')).toBeInTheDocument();
    expect(within(box).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
  });

  it('asks for the password first when this session has not given it recently', async () => {
    db.sessions.find((s) => s.token === `token-${TRUSTEE_ID}`)!.unconfirmed = true;
    const { user } = await open();
    const box = section('Two-factor sign-in');
    await user.click(within(box).getByRole('button', { name: 'Set up two-factor sign-in' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(confirm).getByText('Confirm your password to continue.')).toBeInTheDocument();
    expect(within(box).queryByLabelText('Set-up key')).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(confirm).findByText('Password is required')).toBeInTheDocument();
    await user.type(within(confirm).getByLabelText(/^Password/), 'wrong-password');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(confirm).findByText('Current password is incorrect')).toBeInTheDocument();
    await user.clear(within(confirm).getByLabelText(/^Password/));
    await user.type(within(confirm).getByLabelText(/^Password/), 'password1');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(box).findByLabelText('Set-up key')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument(),
    );
    await user.type(within(box).getByLabelText('6-digit code'), VALID_TOTP_CODE);
    await user.click(within(box).getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await within(box).findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
  });

  it('shows the refusal with Try again when the password is not confirmed', async () => {
    db.sessions.find((s) => s.token === `token-${TRUSTEE_ID}`)!.unconfirmed = true;
    const { user } = await open();
    const box = section('Two-factor sign-in');
    await user.click(within(box).getByRole('button', { name: 'Set up two-factor sign-in' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await within(box).findByText('Confirm your password to continue.')).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm it is you' })).toBeInTheDocument();
  });

  it('makes new recovery codes and turns two-factor sign-in off, each with a code', async () => {
    const tina = db.users.find((u) => u.id === TRUSTEE_ID)!;
    tina.mfaEnabled = true;
    tina.recoveryCodes = ['old01-00000'];
    const { user } = await open();
    const box = section('Two-factor sign-in');
    await user.click(within(box).getByRole('button', { name: 'New recovery codes' }));
    let dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.type(within(dialog).getByLabelText('6-digit code'), VALID_TOTP_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    const codes = await within(box).findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(tina.recoveryCodes).not.toContain('old01-00000');
    await user.click(within(box).getByLabelText('I have stored my recovery codes somewhere safe'));
    await user.click(within(box).getByRole('button', { name: 'Done' }));

    await user.click(within(box).getByRole('button', { name: 'Turn off' }));
    dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await user.type(within(dialog).getByLabelText('6-digit code'), VALID_TOTP_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await expectToast('Two-factor sign-in is off.');
    expect(await within(box).findByText('Off')).toBeInTheDocument();
  });

  it('shows why an officer cannot turn it off', async () => {
    const admin = db.users.find((u) => u.id === ADMIN_ID)!;
    admin.mfaEnabled = true;
    db.securitySettings.requireMfaForOfficers = true;
    const { user } = await open('admin');
    const box = section('Two-factor sign-in');
    await user.click(within(box).getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await user.type(within(dialog).getByLabelText('6-digit code'), VALID_TOTP_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(
      await within(dialog).findByText('Two-factor sign-in is required for your role.'),
    ).toBeInTheDocument();
    expect(admin.mfaEnabled).toBe(true);
  });

  it('lists the sessions and signs out one, then all the others', async () => {
    db.sessions.push({
      id: 999,
      userId: TRUSTEE_ID,
      token: 'token-3-tablet',
      device: 'Chrome on Android',
      address: '203.0.113.9',
      signedInAt: '2025-01-03T08:00:00Z',
      lastActiveAt: '2025-01-03T09:00:00Z',
    });
    const { user } = await open();
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual([
      'Firefox on Windows',
      'Safari on iPhone',
      'Chrome on Android',
    ]);
    expect(within(rows[0]).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button', { name: /^Sign out/ })).toBeNull();
    expect(within(rows[1]).getByText(/192\.0\.2\.10|198\.51\.100\.7/)).toBeInTheDocument();

    await user.click(within(rows[1]).getByRole('button', { name: /^Sign out Safari on iPhone/ }));
    await expectToast('Session signed out');
    await waitFor(() =>
      expect(within(list).queryByText('Safari on iPhone')).not.toBeInTheDocument(),
    );
    expect(db.sessions.some((s) => s.token === 'token-3-phone')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions' });
    expect(dialog).toHaveTextContent('Sign out 1 other session?');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    await expectToast('Other sessions signed out', '1 session signed out.');
    await waitFor(() =>
      expect(within(list).queryByText('Chrome on Android')).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
  });

  it('does not show the portal rule to trustees', async () => {
    await open('trustee');
    expect(screen.queryByRole('region', { name: 'Portal security (admins)' })).toBeNull();
  });

  it('lets an admin require two-factor sign-in for admins and chairs', async () => {
    const { user } = await open('admin');
    const rule = await screen.findByRole('switch', {
      name: 'Require two-factor sign-in for admins and chairs',
    });
    expect(rule).not.toBeChecked();
    await user.click(rule);
    await expectToast('Security settings saved');
    expect(db.securitySettings.requireMfaForOfficers).toBe(true);
    // This admin has no second factor: the portal now opens only the set-up page.
    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor sign-in' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/two-factor-setup'));
  });
});
