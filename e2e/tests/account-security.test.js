// Account security (spec §13): a trustee turns on two-factor sign-in, signs in with a code from the app
// and with a recovery code, then signs out another session of theirs from Account security.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  accountMenu,
  api,
  assertNoPageErrors,
  authenticator,
  createUser,
  eventually,
  fillSignIn,
  heading,
  launch,
  newContext,
  newPage,
  screenshot,
  signOut,
} from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const token = (page) => page.evaluate(() => window.localStorage.getItem('token'));

async function openAccountSecurity(page) {
  await accountMenu(page, 'Account security');
  await heading(page, 'Account security').waitFor();
}

test('two-factor sign-in: enrol, sign in with a code and a recovery code, sign out another session', async () => {
  const trustee = await createUser('trustee');
  const context = await newContext(browser);
  const page = await newPage(context);

  await page.goto('/login');
  await fillSignIn(page, trustee.email, trustee.password);
  await heading(page, 'Dashboard').waitFor();
  await openAccountSecurity(page);

  // Set-up: QR code, the typed key, a code from the app.
  const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
  await twoFactor.getByText('Off', { exact: true }).waitFor();
  await twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await twoFactor.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await twoFactor.getByTestId('mfa-secret').textContent()).replace(/\s+/g, '');
  assert.match(secret, /^[A-Z2-7]+=*$/);
  const app = authenticator(secret);
  await screenshot(page, 'account-security-set-up');
  await twoFactor.getByLabel('6-digit code').fill(await app.code());
  await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();

  // The recovery codes, shown once.
  const list = twoFactor.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  assert.equal(recoveryCodes.length, 10);
  await twoFactor.getByText('Store these recovery codes now').waitFor();
  const download = page.waitForEvent('download');
  await twoFactor.getByRole('button', { name: 'Download (.txt)' }).click();
  assert.equal((await download).suggestedFilename(), 'trustee-portal-recovery-codes.txt');
  await twoFactor.getByLabel('I have stored my recovery codes somewhere safe').check();
  await twoFactor.getByRole('button', { name: 'Done' }).click();
  await twoFactor.getByText('On', { exact: true }).waitFor();

  // Sign-in now takes a code from the app.
  await signOut(page);
  await fillSignIn(page, trustee.email, trustee.password);
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
  assert.equal(await token(page), null, 'the password step alone opens nothing');
  await page.getByLabel('Code', { exact: true }).fill(await app.code());
  await page.getByRole('button', { name: 'Verify' }).click();
  await heading(page, 'Dashboard').waitFor();

  // Or a recovery code.
  await signOut(page);
  await fillSignIn(page, trustee.email, trustee.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await heading(page, 'Dashboard').waitFor();

  // A second browser signed in as the same user (with another recovery code).
  const challenge = await api('/api/auth/login', {
    method: 'POST',
    body: { email: trustee.email, password: trustee.password },
  });
  assert.equal(challenge.mfaRequired, true);
  const other = await api('/api/auth/mfa/verify', {
    method: 'POST',
    body: { mfaToken: challenge.mfaToken, code: recoveryCodes[1] },
  });
  const otherContext = await newContext(browser);
  const otherPage = await newPage(otherContext);
  await otherPage.goto('/favicon.svg');
  await otherPage.evaluate((t) => window.localStorage.setItem('token', t), other.token);
  await otherPage.goto('/');
  await heading(otherPage, 'Dashboard').waitFor();
  const otherSession = (await api('/api/auth/sessions', { token: other.token })).find(
    (s) => s.current,
  );
  assert.ok(otherSession, 'the second browser has a session');

  // Signed out from the first browser's Account security page...
  await openAccountSecurity(page);
  const row = page.locator(`li[data-session-id="${otherSession.id}"]`);
  await row.waitFor();
  await page.locator('li').filter({ hasText: 'This device' }).first().waitFor();
  await row.getByRole('button', { name: /^Sign out/ }).click();
  await row.waitFor({ state: 'detached' });

  // ...the second browser is sent to the sign-in page at its next request.
  await otherPage.reload();
  await otherPage.getByRole('button', { name: 'Sign In' }).waitFor();
  assert.equal(await token(otherPage), null);
  // The first browser is still signed in.
  await page.reload();
  await heading(page, 'Account security').waitFor();

  assertNoPageErrors(page);
  assertNoPageErrors(otherPage);
  await otherContext.close();
  await context.close();
});
