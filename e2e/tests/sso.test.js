// Single sign-on (docs/spec.md §13 Single sign-on) from the sign-in page through the tests' OpenID
// provider (scripts/ensure-oidc.sh, started by scripts/e2e.sh): a known e-mail signs in and is linked, the
// link shows on Account security and can be removed; an unknown e-mail comes back with a clear message.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertNoPageErrors,
  createUser,
  dialog,
  heading,
  launch,
  newContext,
  newPage,
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

/** From the sign-in page's button through the provider's form, as `email`. */
async function signInWithProvider(page, email) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Local ID' }).click();
  await page.getByRole('heading', { name: 'Local OpenID provider' }).waitFor();
  assert.ok(page.url().startsWith(process.env.E2E_OIDC_ISSUER_URL ?? 'http://127.0.0.1'), page.url());
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a trustee signs in with single sign-on, sees the link and removes it', async () => {
  const trustee = await createUser('trustee');
  const context = await newContext(browser);
  const page = await newPage(context);

  await signInWithProvider(page, trustee.email);
  await heading(page, 'Dashboard').waitFor();
  assert.ok(!page.url().includes('sso_code'), 'the one-time code leaves the address');
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  assert.ok(token, 'the session is kept as after a password sign-in');

  await page.goto('/account-security');
  await heading(page, 'Account security').waitFor();
  const links = page.getByRole('list', { name: 'Single sign-on links' });
  await links.getByText(trustee.email).waitFor();
  await links.getByRole('button', { name: `Remove the link to ${trustee.email}` }).click();
  await dialog(page, 'Remove single sign-on link').getByRole('button', { name: 'Remove' }).click();
  await toast(page, 'Sign-in link removed').waitFor();
  await page.getByText('No identity is linked yet.').waitFor();
  assertNoPageErrors(page);
  await context.close();
});

test('an e-mail with no account comes back to the sign-in page with a clear message', async () => {
  const context = await newContext(browser);
  const page = await newPage(context);
  const email = `${unique('stranger').replace(' ', '.')}@example.org`;
  await signInWithProvider(page, email);
  await page
    .getByRole('alert')
    .getByText(
      'There is no portal account for your e-mail address. Ask an admin of the portal to add you.',
    )
    .waitFor();
  assert.ok(!page.url().includes('sso_error'), page.url());
  assert.equal(await page.evaluate(() => window.localStorage.getItem('token')), null);
  assertNoPageErrors(page);
  await context.close();
});
