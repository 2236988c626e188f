// The sidebar fits (spec §2 "Sidebar"): on a 1280 x 720 screen every entry of the longest list, an
// admin's, is on screen without scrolling the navigation, and the account entries are in the menu opened
// from the user block; on a phone the same menu opens inside the drawer. Lists' titles wrap to two lines
// before they are cut (spec §2 "Lists").
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  ARTIFACTS,
  accountMenuButton,
  adminToken,
  assertAxeClean,
  assertNoPageErrors,
  createNotice,
  createUser,
  heading,
  launch,
  sidebar,
  signedInPage,
  unique,
} from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** What the user sees: the viewport only (the sidebar is fixed, a full-page shot would stretch it). */
async function viewportShot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), animations: 'disabled' });
}

/** The boxes of the element's matches that are not wholly inside the viewport, by name. */
async function outsideViewport(locator, viewport) {
  const outside = [];
  for (const element of await locator.all()) {
    const box = await element.boundingBox();
    const inside =
      box &&
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= viewport.width &&
      box.y + box.height <= viewport.height;
    if (!inside) outside.push(`${(await element.textContent())?.trim()} ${JSON.stringify(box)}`);
  }
  return outside;
}

test('on a 1280 x 720 screen an admin sees every sidebar entry without scrolling', async () => {
  const admin = await createUser('admin');
  const viewport = { width: 1280, height: 720 };
  const { context, page } = await signedInPage(browser, admin, { viewport });
  const nav = sidebar(page);
  const links = nav.getByRole('link');

  assert.deepEqual(
    (await links.allTextContents()).map((text) => text.replace(/\d+$/, '')),
    [
      'Dashboard',
      'Calendar',
      'Documents',
      'Actions',
      'Minutes',
      'Decisions',
      'Governance',
      'Notices',
      'Sub Committees',
      'Trustee Directory',
      'User Management',
      'Mail',
      'Audit log',
    ],
  );
  assert.deepEqual(await outsideViewport(links, viewport), []);
  // The navigation does not scroll, and the user block below it is on screen too.
  const [scrollHeight, clientHeight] = await nav.evaluate((el) => [
    el.scrollHeight,
    el.clientHeight,
  ]);
  assert.ok(
    scrollHeight <= clientHeight,
    `the navigation scrolls (${scrollHeight} > ${clientHeight})`,
  );
  const button = accountMenuButton(page);
  assert.deepEqual(await outsideViewport(button, viewport), []);
  assert.equal(await button.getAttribute('aria-haspopup'), 'menu');
  await viewportShot(page, 'sidebar-1280x720-admin');

  // The account menu opens by keyboard, and its entries are on screen.
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const items = menu.getByRole('menuitem');
  assert.deepEqual(await items.allTextContents(), [
    'Account security',
    'Notification settings',
    'Sign Out',
  ]);
  assert.deepEqual(await outsideViewport(items, viewport), []);
  await viewportShot(page, 'sidebar-1280x720-account-menu');
  await assertAxeClean(page, 'the open account menu');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await heading(page, 'Notification settings').waitFor();
  assertNoPageErrors(page);
  await context.close();
});

test('a long title on the dashboard wraps to two lines, then is cut, and keeps its full text', async () => {
  const title = unique(
    'A notice with a very long title about the annual review of the investment and reserves policies, ' +
      'the risk register, the safeguarding report and the auditors',
  );
  // Pinned, so that it leads Recent Notices whatever other files have posted.
  await createNotice(await adminToken(), { title, pinned: true });
  const trustee = await createUser('trustee');
  const { context, page } = await signedInPage(browser, trustee, {
    viewport: { width: 1280, height: 720 },
  });
  const notices = page.getByRole('region', { name: 'Recent Notices' });
  const shown = notices.getByText(title, { exact: true });
  await shown.waitFor();
  assert.equal(await shown.getAttribute('title'), title);
  const [lines, cut] = await shown.evaluate((el) => {
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
    return [Math.round(el.clientHeight / lineHeight), el.scrollHeight > el.clientHeight];
  });
  assert.equal(lines, 2, 'the title takes two lines');
  assert.ok(cut, 'the rest of the title is cut');
  await shown.scrollIntoViewIfNeeded();
  await viewportShot(page, 'dashboard-clamped-title');
  await context.close();
});

test('on a phone the drawer shows the account menu', async () => {
  const trustee = await createUser('trustee');
  const { context, page } = await signedInPage(browser, trustee, {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await page.getByRole('button', { name: 'Open navigation menu' }).tap();
  await sidebar(page).waitFor();
  await accountMenuButton(page).tap();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  assert.deepEqual(await menu.getByRole('menuitem').allTextContents(), [
    'Account security',
    'Notification settings',
    'Sign Out',
  ]);
  assert.deepEqual(
    await outsideViewport(menu.getByRole('menuitem'), { width: 390, height: 844 }),
    [],
  );
  await viewportShot(page, 'sidebar-phone-account-menu');
  await menu.getByRole('menuitem', { name: 'Account security' }).tap();
  await heading(page, 'Account security').waitFor();
  await sidebar(page).waitFor({ state: 'hidden' });
  assertNoPageErrors(page);
  await context.close();
});
