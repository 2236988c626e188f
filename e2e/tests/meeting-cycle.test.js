// The whole meeting cycle in the browser (spec §2 Meeting page): the chair builds an agenda from the
// standard items, attaches a PDF paper and publishes; the board pack downloads as a PDF; a trustee sends
// apologies; the chair records attendance, writes minutes with a decision, circulates and approves them at
// the next meeting; the decision appears in the decisions register.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  api,
  assertNoPageErrors,
  createUser,
  dialog,
  fixture,
  launch,
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

/** The first bytes of a download, as text. */
async function headOf(download) {
  const file = await download.path();
  return (await readFile(file)).subarray(0, 5).toString('latin1');
}

/** The board pack, downloaded with the meeting page's "Download board pack" button. */
async function boardPackHead(page) {
  const button = page.getByRole('button', { name: 'Download board pack' });
  await button.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  assert.match(download.suggestedFilename(), /^Board pack - .*\.pdf$/);
  return headOf(download);
}

test('agenda, board pack, apologies, attendance, minutes through approval and the decisions register', async () => {
  const chair = await createUser('chair');
  const trustee = await createUser('trustee');
  const title = unique('Board meeting');
  const nextTitle = unique('Next board meeting');
  const meeting = await api('/api/meetings', {
    token: chair.token,
    method: 'POST',
    body: {
      title,
      meetingDate: '2099-03-05T18:30:00Z',
      location: 'Community Hall',
    },
  });
  await api('/api/meetings', {
    token: chair.token,
    method: 'POST',
    body: { title: nextTitle, meetingDate: '2099-04-02T17:30:00Z' },
  });

  // The chair builds the agenda from the standard items, attaches a PDF paper and publishes.
  const officer = await signedInPage(browser, chair);
  const page = officer.page;
  await page.goto(`/meetings/${meeting.id}`);
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByRole('button', { name: 'Start from the standard items' }).click();
  const agenda = page.getByRole('list', { name: 'Agenda' });
  await agenda.getByRole('listitem', { name: 'Item 6: Date of next meeting' }).waitFor();
  await page.getByRole('button', { name: 'Attach paper to item 4' }).click();
  const attach = dialog(page, 'Attach a paper to item 4');
  await attach.getByLabel(/^File/).setInputFiles(fixture('board-paper.pdf'));
  await attach.getByLabel(/^Title/).fill('Action log');
  await attach.getByRole('button', { name: 'Attach paper' }).click();
  await toast(page, 'Paper attached').waitFor();
  await page.getByRole('button', { name: 'Publish agenda' }).click();
  await toast(page, 'Agenda published').waitFor();

  // The board pack is one PDF.
  assert.equal(await boardPackHead(page), '%PDF-');

  // A trustee sends apologies from the meeting page.
  const member = await signedInPage(browser, trustee);
  await member.page.goto(`/meetings/${meeting.id}`);
  await member.page
    .getByRole('list', { name: 'Agenda' })
    .getByRole('listitem', { name: 'Item 4: Matters arising and action log' })
    .waitFor();
  const answer = member.page.getByRole('region', { name: 'Your answer' });
  await answer.getByRole('radio', { name: 'Apologies' }).check();
  await answer.getByLabel('Reason (optional)').fill('Travelling');
  await answer.getByRole('button', { name: 'Save answer' }).click();
  await toast(member.page, 'Your answer was saved').waitFor();
  await member.page
    .getByRole('region', { name: 'Minutes' })
    .getByText('The minutes of this meeting have not been circulated yet.')
    .waitFor();

  // The chair records attendance.
  await page.reload();
  const attendance = page.getByRole('table', { name: "Members' attendance" });
  await attendance.getByText('Apologies: Travelling').waitFor();
  await page.getByLabel(`Attendance of ${trustee.name}`).selectOption('apologies');
  await page.getByLabel(`Attendance of ${chair.name}`).selectOption('present');
  await page.getByRole('region', { name: 'Answers' }).getByText('Recorded: 1 present.').waitFor();

  // ... writes the minutes with a decision at item 3, circulates and approves them.
  const minutes = page.getByRole('region', { name: 'Minutes' });
  await minutes.getByRole('button', { name: 'Start written minutes' }).click();
  await minutes.getByText('Minutes draft').waitFor();
  const decision = unique('The minutes of the last meeting were approved');
  await minutes.getByRole('button', { name: 'Record at item 3' }).click();
  const record = dialog(page, 'Record at item 3');
  await record.getByLabel(/^Kind/).selectOption('decision');
  await record.getByLabel(/^Text/).fill(decision);
  await record.getByRole('button', { name: 'Record' }).click();
  await toast(page, 'Decision recorded').waitFor();
  await minutes
    .getByRole('region', { name: 'Minutes of 3. Minutes of the last meeting' })
    .getByText(decision)
    .waitFor();
  await minutes.getByRole('button', { name: 'Circulate minutes' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Circulate' }).click();
  await toast(page, 'Minutes circulated').waitFor();
  await minutes.getByRole('button', { name: 'Approve minutes' }).click();
  const approve = dialog(page, 'Approve minutes');
  await approve.getByLabel(/^Date of approval/).fill('2099-04-02');
  await approve
    .getByLabel(/^Approved at the meeting/)
    .selectOption({ label: `${nextTitle} (Apr 2, 2099)` });
  await approve.getByRole('button', { name: 'Approve minutes' }).click();
  await toast(page, 'Minutes approved').waitFor();
  await minutes.getByText('Minutes approved', { exact: true }).waitFor();
  await minutes.getByText(new RegExp(`^Approved as a true record.*${nextTitle}`)).waitFor();
  assert.equal(await minutes.getByRole('button', { name: /^Record at item/ }).count(), 0);
  await screenshot(page, 'meeting-cycle-minutes-approved');

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    minutes.getByRole('button', { name: 'Download minutes (PDF)' }).click(),
  ]);
  assert.equal(await headOf(pdf), '%PDF-');

  // The trustee reads the approved minutes; the decision is in the register.
  await member.page.reload();
  const read = member.page.getByRole('region', { name: 'Minutes' });
  await read.getByText(decision).waitFor();
  assert.equal(await read.getByRole('button', { name: 'Record a correction' }).count(), 0);
  await navigate(member.page, 'Decisions', 'Decisions register');
  await member.page.getByRole('searchbox', { name: 'Search decisions' }).fill(decision);
  await member.page.getByRole('button', { name: 'Search', exact: true }).click();
  const register = member.page.getByRole('table', { name: 'Decisions' });
  const row = register.getByRole('row', { name: new RegExp(decision) });
  await row.getByText('3. Minutes of the last meeting').waitFor();
  await row.getByText('Minutes approved').waitFor();
  await screenshot(member.page, 'meeting-cycle-decisions-register');
  await row.getByRole('link', { name: title }).click();
  await member.page.getByRole('heading', { name: title }).waitFor();

  assertNoPageErrors(page);
  assertNoPageErrors(member.page);
  await officer.context.close();
  await member.context.close();
});
