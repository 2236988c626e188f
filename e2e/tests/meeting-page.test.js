// The meeting page as one designed whole (spec §2 Meeting page): on a 390 x 844 phone a trustee opens a
// board meeting with a published nine-item agenda: no quorum warning before anyone has declared (the
// meeting's quorum line says 'Attendance not yet known' while enough may still come), no sideways
// scroll, the folded page short; answers attendance from the top in two taps; declares an
// interest on one item, which (with exactly a quorum expected) leaves that item, and only that item,
// without a quorum. Screenshots at 390 x 844 and 1280 x 800.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  adminToken,
  api,
  assertNoPageErrors,
  createMeeting,
  createUser,
  daysFromNow,
  dialog,
  fixtureBytes,
  gone,
  launch,
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

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};
const DESKTOP = { viewport: { width: 1280, height: 800 } };

const ITEMS = [
  'Welcome and apologies',
  'Declarations of interest',
  'Minutes of the last meeting',
  'Matters arising and action log',
  'Grant to Riverside Housing',
  'Finance report and management accounts',
  'Safeguarding annual review',
  'Any other business',
  'Date of next meeting',
];

/** How far the page scrolls sideways (with what runs past the screen), and how tall it is. */
const extent = (page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      // Fixed bars and toasts follow the viewport: what widens the page is in its flow.
      .filter(
        (el) =>
          ![...document.querySelectorAll('.mui-fixed, .MuiSnackbar-root')].some((f) =>
            f.contains(el),
          ),
      )
      .slice(-6)
      .map((el) => `${el.tagName}.${el.className} "${(el.textContent ?? '').slice(0, 40)}"`);
    const spilling = [...document.querySelectorAll('body *')]
      .filter(
        (el) =>
          el.scrollWidth > el.clientWidth + 1 &&
          el.clientWidth > 0 &&
          getComputedStyle(el).overflowX === 'visible',
      )
      .slice(-6)
      .map(
        (el) =>
          `${el.tagName}.${el.className} ${el.scrollWidth}>${el.clientWidth} "${(el.textContent ?? '').slice(0, 40)}"`,
      );
    past.push('spilling:', ...spilling);
    return {
      sideways: document.documentElement.scrollWidth - width,
      height: document.documentElement.scrollHeight,
      past,
    };
  });

/** Asserts that nothing runs past the screen sideways. */
async function assertFits(page, what) {
  const { sideways, past } = await extent(page);
  assert.equal(sideways, 0, `${what} scrolls sideways by ${sideways} px: ${past.join('; ')}`);
}

test('a trustee reads, answers and declares on a board meeting on a phone', async () => {
  const admin = { token: await adminToken() };
  const trustee = await createUser('trustee');
  const others = [];
  for (let i = 0; i < 3; i += 1) others.push(await createUser('trustee'));
  const title = unique('Board meeting');
  const meeting = await createMeeting(admin.token, {
    title,
    meetingDate: daysFromNow(10),
    location: 'Community Hall, 12 High Street, Riverside',
  });
  const items = [];
  for (const [index, itemTitle] of ITEMS.entries()) {
    items.push(
      await api(`/api/meetings/${meeting.id}/agenda-items`, {
        token: admin.token,
        method: 'POST',
        body: {
          title: itemTitle,
          purpose: index === 4 ? 'decision' : 'discussion',
          durationMinutes: 10,
        },
      }),
    );
  }
  const form = new FormData();
  form.append('title', 'Finance report');
  form.append(
    'file',
    new Blob([fixtureBytes('board-paper.pdf')], { type: 'application/pdf' }),
    'finance-report.pdf',
  );
  await api(`/api/meetings/${meeting.id}/agenda-items/${items[5].id}/papers`, {
    token: admin.token,
    method: 'POST',
    form,
  });
  await api(`/api/meetings/${meeting.id}/publish`, {
    token: admin.token,
    method: 'POST',
  });

  // Exactly a quorum is expected once the trustee answers: enough other members say they attend.
  let summary = (await api(`/api/meetings/${meeting.id}/attendance`, { token: admin.token }))
    .summary;
  while (others.length < summary.required - 1) {
    others.push(await createUser('trustee'));
    summary = (
      await api(`/api/meetings/${meeting.id}/attendance`, {
        token: admin.token,
      })
    ).summary;
  }
  for (const member of others.slice(0, summary.required - 1)) {
    await api(`/api/meetings/${meeting.id}/attendance/me`, {
      token: member.token,
      method: 'PUT',
      body: { response: 'attending' },
    });
  }

  const { context, page } = await signedInPage(browser, trustee, PHONE);
  await page.goto(`/meetings/${meeting.id}`);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  const steps = page.getByRole('region', { name: 'Your next steps' });
  await steps.getByRole('radio', { name: 'Attending' }).waitFor();

  // Before anyone has declared: no quorum warning anywhere, no "0 of 0", nothing sideways. The
  // meeting's quorum line is calm: one short of the quorum attending, and enough may still come.
  const quorumLine = page.getByTestId('meeting-quorum');
  await quorumLine
    .getByText(/^Quorum \d+: Attendance not yet known \(\d+ of \d+ answered\)$/)
    .waitFor();
  assert.equal(await page.getByText('Not quorate', { exact: true }).count(), 0);
  assert.equal(await page.getByText(/Not quorate for this item/).count(), 0);
  assert.equal(await page.getByText(/0 of 0/).count(), 0);
  await page.getByRole('button', { name: 'Agenda', expanded: false }).waitFor();
  const folded = await extent(page);
  console.log(`meeting page at 390 x 844, sections folded: ${folded.height} px tall`);
  await assertFits(page, 'the folded page');
  assert.ok(folded.height <= 2815, `folded page ${folded.height} px tall`);
  await screenshot(page, 'meeting-page-phone-folded');

  // Attendance from the top: one tap on the choice, one on Save.
  await steps.getByRole('radio', { name: 'Attending' }).tap();
  await steps.getByRole('button', { name: 'Save answer' }).tap();
  await toast(page, 'Your answer was saved').waitFor();
  await steps.getByText('You answered: Attending').waitFor();
  const sheet = await api(`/api/meetings/${meeting.id}/attendance`, {
    token: trustee.token,
  });
  assert.equal(sheet.mine.response, 'attending');
  // Exactly a quorum now expected: said calmly, still no meeting-level warning.
  await quorumLine
    .getByText(`Quorum ${summary.required}: ${summary.required} expected to attend`)
    .waitFor();
  assert.equal(await page.getByText('Not quorate', { exact: true }).count(), 0);

  // The agenda unfolds; every item is there, still without a warning and without sideways scroll.
  await page.getByRole('button', { name: 'Agenda' }).tap();
  const agenda = page.getByRole('list', { name: 'Agenda' });
  await agenda.getByRole('listitem', { name: 'Item 9: Date of next meeting' }).waitFor();
  await page.getByRole('button', { name: 'Declare an interest on item 5' }).waitFor();
  assert.equal(await page.getByText(/Not quorate for this item/).count(), 0);
  await gone(page.getByText('Your answer was saved'));
  await screenshot(page, 'meeting-page-phone-agenda');
  await assertFits(page, 'the unfolded agenda');

  // The trustee declares an interest on item 5: with exactly a quorum expected, it is now inquorate.
  await page.getByRole('button', { name: 'Declare an interest on item 5' }).tap();
  const declare = dialog(page, 'Declare a conflict of interest');
  await declare.getByLabel(/^Interest/).selectOption('new');
  await declare.getByLabel(/^Kind/).selectOption('directorship');
  await declare.getByLabel(/^Organisation or person/).fill(unique('Riverside Housing'));
  await declare.getByLabel(/^Nature of the interest/).fill('Non-executive director');
  await declare.getByLabel(/^Since/).fill('2024-05-01');
  await declare.getByRole('button', { name: 'Declare' }).tap();
  await toast(page, 'Conflict declared').waitFor();
  const item5 = agenda.getByRole('listitem', {
    name: 'Item 5: Grant to Riverside Housing',
  });
  await item5.getByText(/Not quorate for this item once conflicted members are left out/).waitFor();
  assert.equal(await page.getByText(/Not quorate for this item/).count(), 1);
  await assertFits(page, 'the page after declaring');
  await item5.scrollIntoViewIfNeeded();
  await screenshot(page, 'meeting-page-phone-declared');

  // Task links open the page at a section: #attendance unfolds it.
  await page.goto(`/meetings/${meeting.id}#attendance`);
  await page.getByRole('button', { name: 'Attendance', expanded: true }).waitFor();
  await page.getByRole('button', { name: 'Minutes', expanded: false }).waitFor();
  assertNoPageErrors(page);
  await context.close();

  // The same page on a desktop: every section open.
  const wide = await signedInPage(browser, trustee, DESKTOP);
  await wide.page.goto(`/meetings/${meeting.id}`);
  await wide.page.getByRole('button', { name: 'Agenda', expanded: true }).waitFor();
  await wide.page
    .getByRole('list', { name: 'Agenda' })
    .getByText(/Not quorate for this item/)
    .waitFor();
  await assertFits(wide.page, 'the desktop page');
  await screenshot(wide.page, 'meeting-page-desktop');
  assertNoPageErrors(wide.page);
  await wide.context.close();
});

test('an admin manages the same page on a phone without sideways scroll', async () => {
  const admin = await createUser('admin');
  const trustee = await createUser('trustee');
  const meeting = await createMeeting(admin.token, {
    title: unique('Board meeting'),
    meetingDate: daysFromNow(12),
  });
  for (const itemTitle of ITEMS.slice(0, 4)) {
    await api(`/api/meetings/${meeting.id}/agenda-items`, {
      token: admin.token,
      method: 'POST',
      body: { title: itemTitle, purpose: 'decision', durationMinutes: 10 },
    });
  }
  await api(`/api/meetings/${meeting.id}/publish`, { token: admin.token, method: 'POST' });
  await api(`/api/meetings/${meeting.id}/attendance/me`, {
    token: trustee.token,
    method: 'PUT',
    body: { response: 'apologies', reason: 'Travelling abroad for work that week' },
  });

  const { context, page } = await signedInPage(browser, admin, PHONE);
  await page.goto(`/meetings/${meeting.id}#attendance`);
  await page.getByRole('button', { name: 'Attendance', expanded: true }).waitFor();
  await page.getByLabel(`Attendance of ${trustee.name}`).waitFor();
  await page.getByRole('button', { name: 'Agenda', expanded: false }).tap();
  await page.getByRole('button', { name: 'Declare an interest on item 4' }).waitFor();
  await page.getByRole('button', { name: 'Minutes', expanded: false }).tap();
  await page.getByRole('button', { name: 'Minutes', expanded: true }).waitFor();
  await assertFits(page, "the admin's unfolded page");
  await screenshot(page, 'meeting-page-phone-admin');
  assertNoPageErrors(page);
  await context.close();
});
