// The board's calendar, noticeboard and minutes: schedule a meeting, post a pinned notice with an expiry,
// upload minutes as a PDF and as a link, and search for them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  adminToken,
  assertNoPageErrors,
  createMeeting,
  createNotice,
  createUser,
  daysFromNow,
  dialog,
  fixture,
  gone,
  heading,
  launch,
  localInput,
  navigate,
  screenshot,
  signedInPage,
  sql,
  toast,
  unique,
  opensInReader,
} from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const longDate = (input) =>
  new Date(`${input}:00`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

test('schedule a meeting: upcoming on the calendar and on the dashboard', async () => {
  const chair = await createUser('chair');
  const { context, page } = await signedInPage(browser, chair);
  const title = unique('Annual General Meeting');
  // Sooner than any meeting other tests schedule (those are 30 days out), so it leads the dashboard.
  const when = localInput(1, 18, 30);

  await navigate(page, 'Calendar', 'Board Calendar');
  await page.getByRole('button', { name: 'Schedule Meeting', exact: true }).click();
  const form = dialog(page, 'Schedule Meeting');
  await form.getByRole('button', { name: 'Schedule Meeting' }).click();
  await form.getByText('Title is required').waitFor();
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel('Description').fill('Accounts, elections and the year ahead.');
  await form.getByLabel(/^Date and Time/).fill(when);
  await form.getByLabel('Location').fill('Community Hall, Room 2');
  await form.getByLabel('Meeting Link').fill('https://meet.example.org/agm');
  await form.getByLabel('Agenda Link').fill('https://docs.example.org/agm-agenda');
  await form.getByRole('button', { name: 'Schedule Meeting' }).click();
  await toast(page, 'Meeting created successfully').waitFor();
  await gone(form);

  const card = page.getByRole('article', { name: title });
  await card.getByText('Upcoming', { exact: true }).waitFor();
  await card.getByText('Board Meeting', { exact: true }).waitFor();
  await card.getByText('Accounts, elections and the year ahead.').waitFor();
  await card.getByText(longDate(when)).waitFor();
  await card.getByText('6:30 PM').waitFor();
  await card.getByText('Community Hall, Room 2').waitFor();
  await card.getByRole('button', { name: 'Agenda' }).waitFor();
  await screenshot(page, 'calendar-scheduled');

  // Join Meeting opens the link in a new tab (answered here, nothing leaves the machine).
  await context.route('https://meet.example.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Meeting room</title>' }),
  );
  const [room] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('button', { name: 'Join Meeting' }).click(),
  ]);
  await room.waitForURL('https://meet.example.org/agm');
  await room.close();

  // Not a past event.
  await page.getByRole('tab', { name: 'Past Events' }).click();
  await page.getByRole('tab', { name: 'Past Events', selected: true }).waitFor();
  await page.getByText('No past meetings').or(page.getByRole('article').first()).waitFor();
  assert.equal(await page.getByRole('article', { name: title }).count(), 0);

  // The dashboard: next meeting and the upcoming list.
  await navigate(page, 'Dashboard', 'Dashboard');
  const upcoming = page.getByRole('region', { name: 'Upcoming Meetings' });
  await upcoming.getByText(title).waitFor();
  const dayMonth = new Date(`${when}:00`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  await page.getByRole('link', { name: `Next Meeting ${dayMonth}` }).waitFor();
  await upcoming.getByText(`${dayMonth} • 6:30 PM`).waitFor();
  assertNoPageErrors(page);
  await context.close();
});

test('post a pinned notice with an expiry; it leaves the board when it expires', async () => {
  const admin = await createUser('admin');
  const trustee = await createUser('trustee');
  // An older, unpinned notice: the pinned one must come before it.
  await createNotice(await adminToken(), { title: unique('Ordinary Notice') });
  const title = unique('Office closed');
  const content = 'The office is closed for the bank holiday. Urgent matters: call the chair.';
  const expiry = localInput(7, 9, 0);

  const adminSession = await signedInPage(browser, admin);
  const page = adminSession.page;
  await navigate(page, 'Notices', 'Board Noticeboard');
  await page.getByRole('button', { name: 'Post Notice', exact: true }).click();
  const form = dialog(page, 'Post Notice');
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel(/^Content/).fill(content);
  await form.getByLabel('Priority').selectOption('high');
  await form.getByLabel('Pin this notice to the top').check();
  await form.getByLabel('Expires').fill(expiry);
  await form.getByRole('button', { name: 'Post Notice' }).click();
  await toast(page, 'Notice created successfully').waitFor();
  await gone(form);

  const expiryText = new Date(`${expiry}:00`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  const card = page.getByRole('article', { name: title });
  await card.getByText('Pinned', { exact: true }).waitFor();
  await card.getByText('High Priority', { exact: true }).waitFor();
  await card.getByText(content).waitFor();
  await card.getByText(`Expires ${expiryText}`).waitFor();
  // Pinned notices come first.
  assert.equal(await page.getByRole('article').first().getAttribute('aria-label'), title);
  await screenshot(page, 'notices-posted');

  // A trustee reads it, first on the board and on the dashboard, without post or delete controls.
  const trusteeSession = await signedInPage(browser, trustee);
  const reader = trusteeSession.page;
  await reader.getByRole('region', { name: 'Recent Notices' }).getByText(title).waitFor();
  await navigate(reader, 'Notices', 'Board Noticeboard');
  await reader.getByRole('article', { name: title }).waitFor();
  assert.equal(await reader.getByRole('article').first().getAttribute('aria-label'), title);
  assert.equal(await reader.getByRole('button', { name: 'Post Notice' }).count(), 0);
  assert.equal(await reader.getByRole('button', { name: `Delete ${title}` }).count(), 0);

  // Time passes (the API only accepts a future expiry, so move it into the past in the database).
  sql(
    `update notices set expires_at = now() - interval '1 hour' where title = '${title.replaceAll("'", "''")}'`,
  );
  await reader.reload();
  await heading(reader, 'Board Noticeboard').waitFor();
  await reader
    .getByRole('status')
    .filter({ hasText: /notices?$/ })
    .waitFor();
  await reader.getByRole('article').first().waitFor();
  assert.equal(
    await reader.getByRole('article', { name: title }).count(),
    0,
    'an expired notice is hidden',
  );
  await reader.getByLabel('Show expired notices').check();
  const expired = reader.getByRole('article', { name: title });
  await expired.getByText('Expired', { exact: true }).waitFor();
  await expired.getByText(/^Expired \w{3} \d+, \d{4}$/).waitFor();
  await screenshot(reader, 'notices-expired');

  // The admin deletes it.
  await page.getByLabel('Show expired notices').check();
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Notice' });
  await confirm.getByText('Are you sure you want to delete this notice?').waitFor();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await toast(page, 'Notice deleted successfully').waitFor();
  await gone(page.getByRole('article', { name: title }));

  assertNoPageErrors(page);
  assertNoPageErrors(reader);
  await adminSession.context.close();
  await trusteeSession.context.close();
});

test('upload minutes as a PDF and as a link, search for them and open them', async () => {
  const chair = await createUser('chair');
  const trustee = await createUser('trustee');
  const term = unique('Quarterly').split(' ')[1];
  const pdfTitle = `Finance Committee ${term} minutes`;
  const linkTitle = `Board ${term} minutes`;
  const meeting = await createMeeting(await adminToken(), {
    title: unique('Past Board Meeting'),
    meetingDate: daysFromNow(-14),
  });

  const chairSession = await signedInPage(browser, chair);
  const page = chairSession.page;
  await navigate(page, 'Minutes', 'Minutes Archive');

  // As a PDF, linked to a past meeting.
  await page.getByRole('button', { name: 'Upload Minutes', exact: true }).click();
  let form = dialog(page, 'Upload Minutes');
  await form.getByLabel(/^Meeting Title/).fill(pdfTitle);
  await form.getByLabel(/^Meeting Date and Time/).fill(localInput(-14, 18, 30));
  await form.getByLabel('Meeting ID').fill(String(meeting.id));
  await form.getByLabel('Upload PDF').check();
  await form.getByLabel('PDF File').setInputFiles(fixture('minutes.pdf'));
  await form.getByRole('button', { name: 'Upload', exact: true }).click();
  await toast(page, 'Minutes uploaded successfully').waitFor();
  await gone(form);

  // As a link.
  await page.getByRole('button', { name: 'Upload Minutes', exact: true }).click();
  form = dialog(page, 'Upload Minutes');
  await form.getByLabel(/^Meeting Title/).fill(linkTitle);
  await form.getByLabel(/^Meeting Date and Time/).fill(localInput(-7, 19, 0));
  await form.getByLabel('External Link').check();
  await form
    .getByLabel('External Link', { exact: true })
    .and(form.getByRole('textbox'))
    .fill('https://minutes.example.org/board');
  await form.getByRole('button', { name: 'Upload', exact: true }).click();
  await toast(page, 'Minutes uploaded successfully').waitFor();
  await gone(form);

  const table = page.getByRole('table', { name: 'Minutes' });
  await table
    .getByRole('row', { name: new RegExp(pdfTitle) })
    .getByText('PDF File')
    .waitFor();
  await table
    .getByRole('row', { name: new RegExp(linkTitle) })
    .getByText('External Link')
    .waitFor();
  await screenshot(page, 'minutes-uploaded');
  await chairSession.context.close();

  // A trustee searches for them.
  const { context, page: reader } = await signedInPage(browser, trustee);
  await navigate(reader, 'Minutes', 'Minutes Archive');
  assert.equal(await reader.getByRole('button', { name: 'Upload Minutes' }).count(), 0);
  const search = reader.getByRole('searchbox', { name: 'Search minutes' });
  await search.fill(term.toUpperCase());
  await reader.getByRole('button', { name: 'Search', exact: true }).click();
  await reader.getByText(`Showing results for "${term.toUpperCase()}"`).waitFor();
  const results = reader.getByRole('table', { name: 'Minutes' });
  // Newest meeting first.
  await results.getByRole('row').nth(2).waitFor();
  const titles = await results.locator('tbody tr td:first-child').allTextContents();
  assert.deepEqual(titles, [linkTitle, pdfTitle]);
  await screenshot(reader, 'minutes-search');

  // The link opens in a new tab; the PDF through a view ticket.
  await context.route('https://minutes.example.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Minutes</title>' }),
  );
  const [external] = await Promise.all([
    context.waitForEvent('page'),
    reader.getByRole('button', { name: `Open ${linkTitle}` }).click(),
  ]);
  await external.waitForURL('https://minutes.example.org/board');
  await external.close();

  // A PDF opens in the portal's reader; back to the archive.
  const response = await opensInReader(
    reader,
    reader.getByRole('link', { name: `Read ${pdfTitle}` }),
    /^\/api\/minutes\/\d+\/download$/,
  );
  assert.equal((await response.allHeaders())['content-type'], 'application/pdf');
  await reader.goBack();

  // A search without results, and back to all.
  await search.fill(`nothing-${term}`);
  await search.press('Enter');
  await reader.getByText(`No minutes found matching "nothing-${term}"`).waitFor();
  await reader.getByRole('button', { name: 'View all minutes' }).click();
  await results.getByText(pdfTitle).waitFor();
  assert.equal(await search.inputValue(), '');

  // The linked meeting, now past, offers its minutes.
  await navigate(reader, 'Calendar', 'Board Calendar');
  await reader.getByRole('tab', { name: 'Past Events' }).click();
  const past = reader.getByRole('article', { name: meeting.title });
  await past.getByText('Completed', { exact: true }).waitFor();
  await past.getByRole('button', { name: 'Minutes' }).waitFor();
  assertNoPageErrors(reader);
  await context.close();
});
