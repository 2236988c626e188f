// Notification settings (spec §11): a trustee opens the page from the account menu, switches a kind off,
// chooses the weekly digest and a category, saves, and finds the choices kept after a reload; the page fits
// a 360 px phone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  accountMenu,
  api,
  assertNoPageErrors,
  createUser,
  heading,
  launch,
  screenshot,
  signedInPage,
  toast,
} from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a trustee chooses their e-mails on Notification settings and the choice is kept', async () => {
  const trustee = await createUser('trustee');
  const { context, page } = await signedInPage(browser, trustee);

  await accountMenu(page, 'Notification settings');
  await heading(page, 'Notification settings').waitFor();
  const highNotice = page.getByRole('switch', {
    name: 'A high-priority notice is posted',
  });
  assert.equal(await highNotice.isChecked(), true);
  await screenshot(page, 'notification-settings-desktop');

  await highNotice.click();
  await page.getByRole('radio', { name: 'A weekly digest instead (Monday morning)' }).check();
  await page.getByRole('checkbox', { name: 'Misc' }).uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await toast(page, 'Notification settings saved').waitFor();

  await page.reload();
  await heading(page, 'Notification settings').waitFor();
  assert.equal(await highNotice.isChecked(), false);
  assert.equal(
    await page.getByRole('radio', { name: 'A weekly digest instead (Monday morning)' }).isChecked(),
    true,
  );
  assert.equal(await page.getByRole('checkbox', { name: 'Misc' }).isChecked(), false);
  const stored = await api('/api/notification-settings', {
    token: trustee.token,
  });
  assert.deepEqual(stored, {
    disabledKinds: ['notice-high'],
    weeklyDigest: true,
    followedCategories: ['governance', 'finance', 'safeguarding', 'risk-register', 'policies'],
  });
  assertNoPageErrors(page);
  await context.close();
});

test('Notification settings fits a 360 px phone', async () => {
  const trustee = await createUser('trustee');
  const { context, page } = await signedInPage(browser, trustee, {
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
  });
  await page.goto('/notification-settings');
  await heading(page, 'Notification settings').waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `the page is ${width}px wide`);
  await screenshot(page, 'notification-settings-phone');
  await context.close();
});
