// Sign-in, the reset-request dialog, the forced password change, sign-out, and a 401 sending the browser
// back to /login.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  TIMEOUT,
  accountMenu,
  adminToken,
  api,
  assertNoPageErrors,
  createUser,
  dialog,
  eventually,
  fillSignIn,
  gone,
  heading,
  launch,
  navigate,
  newContext,
  newPage,
  rawApi,
  screenshot,
  sidebar,
  signIn,
  toast,
  unique,
} from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const token = (page) => page.evaluate(() => window.localStorage.getItem('token'));

test('sign-in fails with a wrong password, then succeeds', async () => {
  const trustee = await createUser('trustee');
  const context = await newContext(browser);
  const page = await newPage(context);

  // Signed out, any path shows the sign-in page.
  await page.goto('/documents');
  await page.getByText('Trustee Portal - Please sign in to continue').waitFor();
  assert.equal(
    await page.getByLabel('Email', { exact: true }).getAttribute('placeholder'),
    'name@organisation.org',
  );
  await page.getByText('Use your organisation e-mail address').waitFor();
  await screenshot(page, 'login');

  // Client-side validation first.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Please enter a valid email address').waitFor();
  await page.getByText('Password is required').waitFor();

  await fillSignIn(page, trustee.email, 'not-the-password');
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.equal((await alert.textContent()).trim(), 'Invalid email or password');
  assert.equal(await token(page), null);
  await screenshot(page, 'login-failed');

  await fillSignIn(page, trustee.email, trustee.password);
  await heading(page, 'Dashboard').waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
  await page.getByText(`Welcome back, ${trustee.name}.`, { exact: false }).waitFor();
  assert.ok(await token(page), 'the session token is stored');

  // A signed-in user on /login is moved to /; an unknown path is the 404 page.
  await page.goto('/login');
  await heading(page, 'Dashboard').waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
  await page.goto('/no-such-page');
  await heading(page, 'Page Not Found').waitFor();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await heading(page, 'Dashboard').waitFor();
  assertNoPageErrors(page);
  await context.close();
});

test('the reset-request dialog sends a request that admins see', async () => {
  const trustee = await createUser('trustee');
  const context = await newContext(browser);
  const page = await newPage(context);
  await page.goto('/login');

  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const reset = dialog(page, 'Reset Password');
  await reset.waitFor();
  await reset
    .getByText('this demo version logs requests for admin review', { exact: false })
    .waitFor();
  await screenshot(page, 'login-reset-dialog');

  // Cancel closes it.
  await reset.getByRole('button', { name: 'Cancel' }).click();
  await gone(reset);

  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await reset.getByRole('button', { name: 'Send Reset' }).click();
  await reset.getByText('Please enter a valid email address').waitFor();
  await reset.getByLabel('Email Address').fill(trustee.email);
  await reset.getByRole('button', { name: 'Send Reset' }).click();
  await toast(page, 'Password Reset Request').waitFor();
  await gone(reset);

  // The request is logged for admin review.
  const requests = await api('/api/auth/reset-requests', { token: await adminToken() });
  assert.ok(
    requests.some((r) => r.email === trustee.email && r.userId === trustee.id),
    'the reset request is listed for admins',
  );
  assertNoPageErrors(page);
  await context.close();
});

test('a new user must change the temporary password before anything else', async () => {
  const trustee = await createUser('trustee');
  const { tempPassword } = await api('/api/auth/admin-reset-password', {
    token: await adminToken(),
    method: 'POST',
    body: { userId: trustee.id },
  });
  const context = await newContext(browser);
  const page = await newPage(context);

  await page.goto('/login');
  await fillSignIn(page, trustee.email, tempPassword);
  await heading(page, 'Change Password').waitFor();
  assert.equal(new URL(page.url()).pathname, '/change-password');
  await page.getByText('You must set a new password before accessing the application.').waitFor();
  await page.getByRole('heading', { name: 'Set New Password' }).waitFor();
  await page.getByText('At least 8 characters.', { exact: false }).first().waitFor();
  await screenshot(page, 'change-password');

  // Every path shows the change-password page.
  await page.goto('/documents');
  await heading(page, 'Change Password').waitFor();
  assert.equal(new URL(page.url()).pathname, '/change-password');

  const newPassword = page.getByLabel(/^New Password/);
  const confirm = page.getByLabel(/^Confirm New Password/);
  const submit = page.getByRole('button', { name: 'Change Password' });

  // The first password typed loads the strength estimator and the first toast loads the toast's code; in
  // the full run on a busy machine the first submit was seen to show no toast at all, so it is tried up
  // to three times, and what the region said instead is reported.
  const region = page.getByRole('region', { name: 'Notifications (F8)' });
  let shown = false;
  for (let attempt = 0; attempt < 3 && !shown; attempt += 1) {
    await newPassword.fill('abc');
    await confirm.fill('abc');
    await eventually(async () => assert.equal(await newPassword.inputValue(), 'abc'));
    await submit.click();
    shown = await toast(page, 'Password Too Short')
      .waitFor({ timeout: TIMEOUT })
      .then(() => true)
      .catch(async () => {
        const said = (await region.count()) > 0 ? await region.innerText() : '(no toast)';
        console.log(`submit ${attempt + 1} showed no "Password Too Short" toast: ${said}`);
        return false;
      });
  }
  assert.ok(shown, 'a too-short password is refused with a toast');

  await newPassword.fill('a-new-password-1');
  await confirm.fill('a-new-password-2');
  await submit.click();
  await toast(page, 'Password Mismatch').waitFor();

  await confirm.fill('a-new-password-1');
  await submit.click();
  await heading(page, 'Dashboard').waitFor();
  assert.equal(new URL(page.url()).pathname, '/');

  // The temporary password is gone; the new one works.
  const old = await rawApi('/api/auth/login', {
    method: 'POST',
    body: { email: trustee.email, password: tempPassword },
  });
  assert.equal(old.status, 401);
  const fresh = await rawApi('/api/auth/login', {
    method: 'POST',
    body: { email: trustee.email, password: 'a-new-password-1' },
  });
  assert.equal(fresh.status, 200);
  assertNoPageErrors(page);
  await context.close();
});

test('sign-out ends the session', async () => {
  const chair = await createUser('chair');
  const context = await newContext(browser);
  const page = await newPage(context);
  await signIn(page, chair);
  const before = await token(page);

  await page.getByText(chair.name, { exact: true }).waitFor();
  await accountMenu(page, 'Sign Out');
  await page.getByText('Trustee Portal - Please sign in to continue').waitFor();
  assert.equal(new URL(page.url()).pathname, '/login');
  assert.equal(await token(page), null);

  // The token was revoked on the server, not only forgotten by the browser (the logout call is sent as
  // the page moves to /login, so wait for the server to have handled it).
  await eventually(async () =>
    assert.equal((await rawApi('/api/auth/me', { token: before })).status, 401),
  );

  // Any path now shows the sign-in page.
  await page.goto('/actions');
  await page.getByText('Trustee Portal - Please sign in to continue').waitFor();
  assertNoPageErrors(page);
  await context.close();
});

test('a 401 from the API sends the browser back to /login', async () => {
  const trustee = await createUser('trustee');
  const context = await newContext(browser);
  const page = await newPage(context);
  await signIn(page, trustee);

  // The session is revoked behind the page's back (as from another device).
  await api('/api/auth/logout', { token: await token(page), method: 'POST' });

  // The next request the page makes answers 401: the user is signed out and sent to /login. (Minutes:
  // a list the dashboard has not loaded; cached lists are never refetched.)
  const unauthorized = page.waitForResponse(
    (r) => r.url().startsWith(`${BASE}/api/minutes`) && r.status() === 401,
  );
  await sidebar(page).getByRole('link', { name: 'Minutes' }).click();
  await unauthorized;
  await page.waitForURL(`${BASE}/login`);
  await page.getByText('Trustee Portal - Please sign in to continue').waitFor();
  assert.equal(await token(page), null);
  assertNoPageErrors(page);
  await context.close();
});

test('a deactivated user is signed out at the next request', async () => {
  const trustee = await createUser('trustee', unique('Leaving Trustee'));
  const context = await newContext(browser);
  const page = await newPage(context);
  await signIn(page, trustee);
  await navigate(page, 'Notices', 'Board Noticeboard');

  await api(`/api/users/${trustee.id}`, {
    token: await adminToken(),
    method: 'PUT',
    body: { name: trustee.name, email: trustee.email, role: 'trustee', active: false },
  });

  await sidebar(page).getByRole('link', { name: 'Trustee Directory' }).click();
  await page.waitForURL(`${BASE}/login`);
  await page.getByText('Trustee Portal - Please sign in to continue').waitFor();

  // And cannot sign in again.
  await fillSignIn(page, trustee.email, trustee.password);
  await page.getByRole('alert').waitFor();
  assertNoPageErrors(page);
  await context.close();
});
