// The skills matrix (docs/spec.md §18): a trustee whose term ends within a year rates themselves strong in a
// skill the chair added, on a phone; the matrix warns that the skill rests on them alone and scrolls inside
// its box with the page no wider than the phone; the chair downloads the CSV; the directory shows the chip.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  adminToken,
  api,
  assertNoPageErrors,
  createUser,
  launch,
  signedInPage,
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

const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** A day `months` from today, as YYYY-MM-DD (the day of the month kept, as the server's terms do). */
function monthsFromNow(months) {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

test('a skill resting on a trustee leaving within a year is warned of, on a phone and in the CSV', async () => {
  const chair = await createUser('chair');
  const trustee = await createUser('trustee');
  const skill = unique('Estates');
  await api('/api/skills', { token: chair.token, method: 'POST', body: { name: skill } });
  // A three-year term that ends in 11 months.
  const started = monthsFromNow(11 - 36);
  await api('/api/terms', {
    token: await adminToken(),
    method: 'POST',
    body: { userId: trustee.id, startedOn: started, termYears: 3 },
  });

  const { context, page } = await signedInPage(browser, trustee, phone);
  await page.goto('/governance?tab=skills');
  const group = page.getByRole('group', { name: skill });
  await group.getByRole('radio', { name: 'Strong' }).check();
  await page.getByRole('button', { name: 'Save my skills' }).click();
  await toast(page, 'Your skills are saved').waitFor();
  await page
    .getByText(`${skill} rests only on trustees whose terms end within 12 months.`)
    .waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= phone.viewport.width, `the page is ${width}px wide on a 390px phone`);
  assertNoPageErrors(page);
  await context.close();

  const officer = await signedInPage(browser, chair);
  await officer.page.goto('/governance?tab=skills');
  const download = officer.page.waitForEvent('download');
  await officer.page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  assert.equal(file.suggestedFilename(), 'skills-matrix.csv');
  const text = await readFile(await file.path(), 'utf8');
  assert.ok(text.split('\n')[0].endsWith(`,${skill}`), text.split('\n')[0]);
  assert.ok(text.includes(`${trustee.name},`));

  await officer.page.goto('/trustees');
  const card = officer.page.getByRole('article', { name: trustee.name });
  await card.getByRole('list', { name: `${trustee.name}'s strong skills` }).getByText(skill).waitFor();
  assertNoPageErrors(officer.page);
  await officer.context.close();
});
