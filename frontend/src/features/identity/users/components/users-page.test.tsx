import { ADMIN_ID, isoDaysFromNow } from '@/testing/mocks/db';
import { db, expectToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const row = (name: string) =>
  screen.getByText(name, { selector: 'tr p' }).closest('tr') as HTMLElement;
const controls = (name: string) =>
  within(row(name))
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label')?.replace(` ${name}`, '').replace(' for', ''));

/** An admin who must first confirm it is them (spec §13) changes their own e-mail and saves. */
async function changeOwnEmail() {
  db.sessions.find((s) => s.token === `token-${ADMIN_ID}`)!.unconfirmed = true;
  const { user } = renderApp('/users', { as: 'admin' });
  await user.click(await screen.findByRole('button', { name: 'Edit Alice Admin' }));
  const form = await screen.findByRole('dialog', { name: 'Edit User' });
  await user.clear(within(form).getByLabelText(/^Email/));
  await user.type(within(form).getByLabelText(/^Email/), 'alice.new@charity.org');
  await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
  return { user, form };
}

describe('users page', () => {
  it('denies a trustee with their role', async () => {
    renderApp('/users', { as: 'trustee' });
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(
      screen.getByText(/Only Admins and Chairs can access User Management./),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your current role: Trustee/)).toBeInTheDocument();
  });

  it('gives an admin every control except deleting themself or resetting their own password', async () => {
    renderApp('/users', { as: 'admin' });
    await screen.findByText('Oscar Other', { selector: 'tr p' });
    expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument();
    expect(controls('Alice Admin')).toEqual(['Edit']);
    expect(controls('Charlie Chair')).toEqual(['Edit', 'Reset password', 'Delete']);
    expect(controls('Tina Trustee')).toEqual(['Edit', 'Reset password', 'Delete']);
  });

  it('gives a chair controls on trustees only and no Add User', async () => {
    renderApp('/users', { as: 'chair' });
    await screen.findByText('Oscar Other', { selector: 'tr p' });
    expect(screen.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
    expect(controls('Alice Admin')).toEqual([]);
    expect(controls('Charlie Chair')).toEqual([]);
    expect(controls('Tina Trustee')).toEqual(['Edit', 'Reset password', 'Delete']);
  });

  it('offers a chair the roles chair and trustee when editing', async () => {
    const { user } = renderApp('/users', { as: 'chair' });
    await user.click(await screen.findByRole('button', { name: 'Edit Tina Trustee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    const options = within(within(dialog).getByLabelText(/^Role/)).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Chair', 'Trustee']);
  });

  it('validates the create form and creates a user with a phone', async () => {
    const { user } = renderApp('/users', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.click(within(dialog).getByRole('radio', { name: 'Set a temporary password' }));
    const options = within(within(dialog).getByLabelText(/^Role/)).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Select a role',
      'Admin',
      'Chair',
      'Trustee',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Name/), 'Nina New');
    await user.type(within(dialog).getByLabelText(/^Email/), 'nina@charity.org');
    await user.type(within(dialog).getByLabelText(/^Phone/), '07000 000000');
    await user.type(
      within(dialog).getByLabelText(/^Temporary password/, { selector: 'input[type=password]' }),
      'secret123',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await expectToast(
      'User created successfully',
      'Nina New must choose their own password at their first sign-in.',
    );
    expect(await screen.findByText('Nina New', { selector: 'tr p' })).toBeInTheDocument();
    // The admin's password is a temporary one: replaced at the first sign-in.
    expect(db.users.at(-1)).toMatchObject({
      role: 'trustee',
      phone: '07000 000000',
      requirePasswordChange: true,
    });
  });

  it('validates the edit form and saves', async () => {
    const { user } = renderApp('/users', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Edit Tina Trustee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.clear(within(dialog).getByLabelText(/^Name/));
    await user.clear(within(dialog).getByLabelText(/^Email/));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Tina T');
    await user.type(within(dialog).getByLabelText(/^Email/), 'tina@charity.org');
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expectToast('User updated successfully');
    expect(await screen.findByText('Tina T', { selector: 'tr p' })).toBeInTheDocument();
    expect(within(row('Tina T')).getByText('Inactive')).toBeInTheDocument();
  });

  it('asks for the password before an admin changes their own e-mail, then saves', async () => {
    const { user } = await changeOwnEmail();
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(confirm).getByText('Confirm your password to continue.')).toBeInTheDocument();
    await user.type(within(confirm).getByLabelText(/^Password/), 'not-my-password');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(confirm).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(db.users.find((u) => u.id === ADMIN_ID)!.email).toBe('alice@charity.org');

    await user.clear(within(confirm).getByLabelText(/^Password/));
    await user.type(within(confirm).getByLabelText(/^Password/), 'password1');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await expectToast('User updated successfully');
    expect(db.users.find((u) => u.id === ADMIN_ID)!.email).toBe('alice.new@charity.org');
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument();
  });

  it('keeps the e-mail when the password is not confirmed', async () => {
    const { user, form } = await changeOwnEmail();
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await within(form).findByText('Confirm your password to continue.')).toBeInTheDocument();
    expect(db.users.find((u) => u.id === ADMIN_ID)!.email).toBe('alice@charity.org');
  });

  it('asks before deleting a user', async () => {
    const { user } = renderApp('/users', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Delete Oscar Other' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete Oscar Other? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('User deleted successfully');
    await waitFor(() =>
      expect(screen.queryByText('Oscar Other', { selector: 'tr p' })).not.toBeInTheDocument(),
    );
  });

  it('lists reset requests and shows the temporary password once with a copy button', async () => {
    const { user } = renderApp('/users', { as: 'admin' });
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const requests = await screen.findByRole('region', { name: 'Password Reset Requests' });
    expect(
      await within(requests).findByText('Oscar Other (oscar@charity.org)'),
    ).toBeInTheDocument();
    await user.click(
      await within(requests).findByRole('button', { name: 'Reset password for Oscar Other' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset Password' }),
    );
    await expectToast('Password Reset Successful');
    const shown = await screen.findByRole('dialog', { name: 'Temporary Password' });
    expect(within(shown).getByLabelText('Temporary password')).toHaveValue('Temp-Pass-1234');
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Temp-Pass-1234');
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Temp-Pass-1234')).not.toBeInTheDocument());
    expect(await screen.findByText('No pending reset requests')).toBeInTheDocument();
    expect(db.users.find((u) => u.id === ADMIN_ID)?.requirePasswordChange).toBe(false);
  });
});

describe('users page: two-factor sign-in', () => {
  it('shows 2FA and lets an admin reset it after confirming', async () => {
    const tina = db.users.find((u) => u.name === 'Tina Trustee')!;
    tina.mfaEnabled = true;
    const { user } = renderApp('/users', { as: 'admin' });
    await screen.findByText('Tina Trustee', { selector: 'tr p' });
    expect(within(row('Tina Trustee')).getByLabelText('Two-factor sign-in on')).toBeInTheDocument();
    expect(within(row('Oscar Other')).queryByLabelText('Two-factor sign-in on')).toBeNull();
    expect(controls('Tina Trustee')).toEqual([
      'Edit',
      'Reset password',
      'Reset two-factor sign-in',
      'Delete',
    ]);

    await user.click(
      within(row('Tina Trustee')).getByRole('button', {
        name: 'Reset two-factor sign-in for Tina Trustee',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    await expectToast(
      'Two-factor sign-in reset',
      'Two-factor sign-in reset. They will set it up again at their next sign-in.',
    );
    expect(tina.mfaEnabled).toBe(false);
    await waitFor(() =>
      expect(within(row('Tina Trustee')).queryByLabelText('Two-factor sign-in on')).toBeNull(),
    );
  });

  it('gives a chair no reset of two-factor sign-in', async () => {
    db.users.find((u) => u.name === 'Tina Trustee')!.mfaEnabled = true;
    renderApp('/users', { as: 'chair' });
    await screen.findByText('Tina Trustee', { selector: 'tr p' });
    expect(controls('Tina Trustee')).toEqual(['Edit', 'Reset password', 'Delete']);
  });
});

describe('users page: invitations', () => {
  const openCreate = async () => {
    const rendered = renderApp('/users', { as: 'admin' });
    await screen.findByText('Oscar Other', { selector: 'tr p' });
    await rendered.user.click(screen.getByRole('button', { name: 'Add User' }));
    return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Add User' }) };
  };

  it('invites by default when mail is configured, and shows the new user as Invited', async () => {
    const { user, dialog } = await openCreate();
    await waitFor(() =>
      expect(within(dialog).getByRole('radio', { name: 'Send an invitation' })).toBeChecked(),
    );
    expect(within(dialog).queryByLabelText(/^Password/, { selector: 'input' })).toBeNull();
    expect(within(dialog).getByText(/The link works once, for 7/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/No mail server is configured/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Ivy Invited');
    await user.type(within(dialog).getByLabelText(/^Email/), 'ivy@charity.org');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await expectToast('User created successfully', 'An invitation to ivy@charity.org is queued.');
    const created = db.users.at(-1)!;
    expect(created).toMatchObject({ email: 'ivy@charity.org', password: '!invited' });
    expect(db.invitationsSent).toEqual([created.id]);
    expect(await within(row('Ivy Invited')).findByText('Invited')).toBeInTheDocument();
  });

  it('sets a temporary password by default without a mail server, and warns if an invitation is chosen', async () => {
    db.smtpConfigured = false;
    const { user, dialog } = await openCreate();
    expect(within(dialog).getByRole('radio', { name: 'Set a temporary password' })).toBeChecked();
    expect(
      within(dialog).getByLabelText(/^Temporary password/, { selector: 'input[type=password]' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Send an invitation' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'No mail server is configured: the invitation is only written to a file on the server.',
    );
  });

  it('shows Invited or Invitation expired and lets an admin resend, but not a chair', async () => {
    const tina = db.users.find((u) => u.name === 'Tina Trustee')!;
    tina.invitation = { expiresAt: '2020-01-01T00:00:00Z', expired: true };
    const { user } = renderApp('/users', { as: 'admin' });
    await screen.findByText('Tina Trustee', { selector: 'tr p' });
    expect(within(row('Tina Trustee')).getByText('Invitation expired')).toBeInTheDocument();
    expect(within(row('Oscar Other')).queryByText(/Invit/)).toBeNull();
    expect(controls('Tina Trustee')).toEqual([
      'Edit',
      'Reset password',
      'Resend the invitation to',
      'Delete',
    ]);
    await user.click(
      within(row('Tina Trustee')).getByRole('button', {
        name: 'Resend the invitation to Tina Trustee',
      }),
    );
    await expectToast('Invitation sent', `A new invitation to ${tina.email} is queued.`);
    expect(db.invitationsSent).toEqual([tina.id]);
    expect(await within(row('Tina Trustee')).findByText('Invited')).toBeInTheDocument();
  });

  it('gives a chair no resend', async () => {
    db.users.find((u) => u.name === 'Tina Trustee')!.invitation = {
      expiresAt: isoDaysFromNow(3),
      expired: false,
    };
    renderApp('/users', { as: 'chair' });
    await screen.findByText('Tina Trustee', { selector: 'tr p' });
    expect(within(row('Tina Trustee')).getByText('Invited')).toBeInTheDocument();
    expect(controls('Tina Trustee')).toEqual(['Edit', 'Reset password', 'Delete']);
  });
});
