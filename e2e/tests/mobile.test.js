// A phone-sized viewport: sign-in, the dashboard, and the mobile sidebar (opened by the menu button, closed
// by a route change and by an outside click).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  accountMenu,
  accountMenuButton,
  adminToken,
  assertNoPageErrors,
  createDocument,
  createUser,
  fillSignIn,
  gone,
  heading,
  launch,
  newContext,
  newPage,
  screenshot,
  sidebar,
  unique,
} from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** The page is laid out at the phone's width: nothing widens it (a phone would zoom out or scroll sideways). */
async function assertFitsWidth(page, what) {
  const [layout, content] = await page.evaluate(() => [
    window.innerWidth,
    document.documentElement.scrollWidth,
  ]);
  const width = phone.viewport.width;
  assert.ok(
    layout <= width && content <= width,
    `${what} is ${Math.max(layout, content)}px wide on a ${width}px screen`,
  );
}

test('sign in, the dashboard and the mobile sidebar on a phone', async () => {
  const trustee = await createUser('trustee');
  const document = await createDocument(await adminToken(), {
    title: unique('Pocket Paper'),
    category: 'policies',
  });
  const context = await newContext(browser, phone);
  const page = await newPage(context);

  await page.goto('/login');
  await page.getByText('Trustee Portal - Please sign in to continue').waitFor();
  await assertFitsWidth(page, 'the sign-in page');
  await screenshot(page, 'mobile-login');
  await fillSignIn(page, trustee.email, trustee.password);

  await heading(page, 'Dashboard').waitFor();
  await page.getByRole('link', { name: /Pending Actions/ }).waitFor();
  await page.getByRole('region', { name: 'Recently Updated Documents' }).waitFor();
  await assertFitsWidth(page, 'the dashboard');
  await screenshot(page, 'mobile-dashboard');

  // The sidebar is hidden behind the menu button.
  const menu = page.getByRole('button', { name: 'Open navigation menu' });
  assert.equal(await menu.getAttribute('aria-expanded'), 'false');
  assert.equal(await sidebar(page).count(), 0);

  await menu.tap();
  const nav = sidebar(page);
  await nav.waitFor();
  // (The open drawer hides the rest of the page from assistive technology, the menu button included.)
  assert.equal(
    await page.locator('button[aria-label="Open navigation menu"]').getAttribute('aria-expanded'),
    'true',
  );
  await page.getByText(trustee.name, { exact: true }).waitFor();
  assert.equal(await nav.getByRole('link', { name: 'User Management' }).count(), 0);
  await screenshot(page, 'mobile-sidebar');
  // The account menu opens inside the drawer, over it, and Escape closes only the menu.
  await accountMenuButton(page).tap();
  await page.getByRole('menuitem', { name: 'Account security' }).waitFor();
  await page.getByRole('menuitem', { name: 'Notification settings' }).waitFor();
  await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
  await screenshot(page, 'mobile-account-menu');
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
  await nav.waitFor();

  // A route change closes it.
  await nav.getByRole('link', { name: 'Documents' }).tap();
  await heading(page, 'Document Library').waitFor();
  await nav.waitFor({ state: 'hidden' });
  await assertFitsWidth(page, 'the documents page');
  await screenshot(page, 'mobile-documents');
  // Its wide table scrolls sideways within the page, and its buttons can be reached.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${document.title}` }).tap(),
  ]);
  assert.equal(download.suggestedFilename(), 'board-paper.pdf');

  // An outside click closes it.
  await menu.tap();
  await nav.waitFor();
  // (The drawer is at most 320 px wide: tap the backdrop beside it.)
  await page.touchscreen.tap(phone.viewport.width - 10, 400);
  await nav.waitFor({ state: 'hidden' });
  await heading(page, 'Document Library').waitFor();

  // The other pages with tables fit the screen too.
  for (const [entry, title] of [
    [/^Actions/, 'Action Tracker'],
    ['Minutes', 'Minutes Archive'],
  ]) {
    await menu.tap();
    await nav.getByRole('link', { name: entry }).tap();
    await heading(page, title).waitFor();
    await gone(page.getByRole('progressbar'));
    await assertFitsWidth(page, title);
  }

  // Escape closes it too, and the theme toggle works from it.
  await menu.tap();
  await nav.waitFor();
  await page.getByRole('button', { name: 'Switch to dark mode' }).tap();
  await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
  assert.equal(await page.evaluate(() => window.localStorage.getItem('theme')), 'dark');
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'hidden' });
  await screenshot(page, 'mobile-minutes-dark');

  // Sign out from the account menu in the mobile sidebar.
  await menu.tap();
  await accountMenu(page, 'Sign Out', { tap: true });
  await page.getByText('Trustee Portal - Please sign in to continue').waitFor();
  assertNoPageErrors(page);
  await context.close();
});
