// Attendance and calendar feeds (spec §2 Attendance section, Calendar feed): a trustee sends apologies from
// the calendar, the chair sees them and records attendance against the quorum; the trustee subscribes to
// their private feed, which calendar apps fetch without signing in, and downloads one meeting's .ics.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  api,
  assertNoPageErrors,
  BASE,
  createUser,
  launch,
  dialog,
  navigate,
  screenshot,
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

test('a trustee sends apologies, the chair records attendance, and the feed holds the meeting', async () => {
  const chair = await createUser('chair');
  const trustee = await createUser('trustee');
  const title = unique('Board meeting');
  const meeting = await api('/api/meetings', {
    token: chair.token,
    method: 'POST',
    body: { title, meetingDate: '2099-06-04T17:30:00Z', location: 'Community Hall' },
  });

  // The trustee answers from the calendar.
  const { context, page } = await signedInPage(browser, trustee);
  await navigate(page, 'Calendar', 'Board Calendar');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('link', { name: `Attendance of ${title}` }).click();
  const answer = page.getByRole('region', { name: 'Your answer' });
  await answer.getByRole('radio', { name: 'Apologies' }).check();
  await answer.getByLabel('Reason (optional)').fill('Away that week');
  await answer.getByRole('button', { name: 'Save answer' }).click();
  await toast(page, 'Your answer was saved').waitFor();
  await page.getByText('You answered: Apologies').waitFor();
  assert.equal(await page.getByRole('table', { name: "Members' attendance" }).count(), 0);

  // The private feed: shown in the Subscribe dialog, fetched without signing in.
  await navigate(page, 'Calendar', 'Board Calendar');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const subscribe = dialog(page, 'Subscribe to the calendar');
  const address = await subscribe.getByLabel('Your private feed address').inputValue();
  assert.match(address, /\/api\/calendar\/feed\/[0-9a-f]{64}\.ics$/);
  const feed = await fetch(`${BASE}${new URL(address).pathname}`);
  assert.equal(feed.status, 200);
  const text = await feed.text();
  assert.match(text, /BEGIN:VTIMEZONE\r\nTZID:Europe\/London\r\n/);
  assert.ok(text.includes(`UID:meeting-${meeting.id}@`), text);
  assert.ok(text.includes('DTSTART;TZID=Europe/London:20990604T183000'), text);
  await subscribe.getByRole('button', { name: 'Close' }).click();

  // One meeting as an .ics file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('article', { name: title })
      .getByRole('button', { name: `Add to calendar: ${title}` })
      .click(),
  ]);
  assert.equal(download.suggestedFilename(), `meeting-${meeting.id}.ics`);
  assertNoPageErrors(page);
  await context.close();

  // The chair sees the apologies and records attendance.
  const officer = await signedInPage(browser, chair);
  await officer.page.goto(`/meetings/${meeting.id}`);
  const table = officer.page.getByRole('table', { name: "Members' attendance" });
  await table.getByText('Apologies: Away that week').waitFor();
  await officer.page.getByLabel(`Attendance of ${trustee.name}`).selectOption('apologies');
  await officer.page.getByLabel(`Attendance of ${chair.name}`).selectOption('present');
  // The meeting page's one quorum line (spec §2 Meeting page) and the section's counts.
  await officer.page
    .getByRole('region', { name: 'Answers' })
    .getByText('Recorded: 1 present.')
    .waitFor();
  const quorum = officer.page.getByTestId('meeting-quorum');
  await quorum.getByText(/^Quorum \d+: 1 recorded present$/).waitFor();
  await quorum.getByText('Not quorate').waitFor();
  await screenshot(officer.page, 'attendance-chair');
  assertNoPageErrors(officer.page);
  await officer.context.close();
});
