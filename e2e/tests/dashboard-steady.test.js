// The dashboard does not shift as its data arrives (spec §2 On a phone and by keyboard): its loading
// placeholders take the size of what they stand for. Cumulative layout shift measured by the browser (the
// layout-shift entries that Lighthouse sums), on a desktop screen and on a phone, must stay below 0.05.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  adminToken,
  createAction,
  createDocument,
  createNotice,
  createMeeting,
  createUser,
  launch,
  signedInPage,
  unique,
} from './helpers.js';

let browser;
let chair;

before(async () => {
  browser = await launch();
  const token = await adminToken();
  chair = await createUser('chair', unique('Steady Chair'));
  for (let i = 0; i < 3; i += 1) {
    await createDocument(token, { title: unique('Steady Paper'), category: 'finance' });
    await createNotice(token, { title: unique('Steady Notice') });
    await createMeeting(token, { title: unique('Steady Meeting') });
    await createAction(token, { title: unique('Steady Action'), assignedTo: chair.id });
  }
});

after(async () => {
  await browser?.close();
});

/** Loads the dashboard afresh and sums its layout shifts (those not caused by input). */
async function dashboardShift(viewport) {
  const { context, page } = await signedInPage(browser, chair, { viewport });
  await page.reload();
  // `buffered` hands over the shifts recorded since this load began.
  await page.evaluate(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (!entry.hadRecentInput) window.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page
    .getByRole('region', { name: 'Recently Updated Documents' })
    .getByText(/Steady Paper/)
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const shift = await page.evaluate(() => window.__shift);
  await context.close();
  return shift;
}

test('the dashboard holds still while it loads, on a desktop and on a phone', async () => {
  const desktop = await dashboardShift({ width: 1350, height: 940 });
  const phone = await dashboardShift({ width: 360, height: 740 });
  console.log(`dashboard CLS: desktop ${desktop.toFixed(4)}, phone ${phone.toFixed(4)}`);
  assert.ok(desktop < 0.05, `desktop CLS ${desktop}`);
  assert.ok(phone < 0.05, `phone CLS ${phone}`);
});
