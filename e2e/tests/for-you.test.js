// For you (spec §2 Dashboard): on a 390 x 844 phone a trustee finds their tasks on the dashboard's first
// screen, and answers attendance, opens a paper and votes on a written resolution, each in at most three
// taps from the dashboard; each task then leaves the list. The dashboard and the meeting page are also
// photographed for the user guide (test-results/guide/, copied into docs/guide-images by
// `make guide-images`).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  ARTIFACTS,
  api,
  assertNoPageErrors,
  createUser,
  daysFromNow,
  fixtureBytes,
  gone,
  heading,
  launch,
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

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A picture for the user guide: the phone's first screen, as a trustee sees it. */
async function guideImage(page, name) {
  const folder = path.join(ARTIFACTS, 'guide');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), animations: 'disabled' });
}

/** Counts the taps a task takes: every tap goes through here. */
function tapCounter(page) {
  let taps = 0;
  return {
    async tap(locator) {
      taps += 1;
      await locator.tap();
    },
    get taps() {
      return taps;
    },
    reset() {
      taps = 0;
    },
    page,
  };
}

test('a trustee on a phone answers attendance, opens a paper and votes from For you', async () => {
  const chair = await createUser('chair');
  // Plain names, as a board would have them: the pictures go into the user guide. This file runs once
  // per database, and no other file uses these names.
  const trustee = await createUser('trustee', 'Sam Patel');
  // Sooner than any other file's meeting, so that it is the trustee's next meeting (its papers are the
  // ones For you asks to read).
  const title = 'Quarterly board meeting';
  const meeting = await api('/api/meetings', {
    token: chair.token,
    method: 'POST',
    body: { title, meetingDate: daysFromNow(0.25), location: 'Community Hall' },
  });
  const item = await api(`/api/meetings/${meeting.id}/agenda-items`, {
    token: chair.token,
    method: 'POST',
    body: { title: 'Finance report', purpose: 'information', durationMinutes: 15 },
  });
  const paperTitle = 'Quarterly accounts';
  const paper = new FormData();
  paper.append('title', paperTitle);
  paper.append('file', new Blob([fixtureBytes('board-paper.pdf')]), 'accounts.pdf');
  await api(`/api/meetings/${meeting.id}/agenda-items/${item.id}/papers`, {
    token: chair.token,
    method: 'POST',
    form: paper,
  });
  await api(`/api/meetings/${meeting.id}/publish`, { token: chair.token, method: 'POST' });
  const resolution = 'Adopt the volunteer expenses policy';
  await api('/api/resolutions', {
    token: chair.token,
    method: 'POST',
    body: {
      title: resolution,
      text: 'That the board adopts the volunteer expenses policy.',
      closesAt: daysFromNow(14),
      threshold: 'majority',
    },
  });

  const { context, page } = await signedInPage(browser, trustee, PHONE);
  const forYou = page.getByRole('region', { name: /^For you/ });
  const task = (text) => forYou.getByRole('link', { name: text });
  const answerTask = task(new RegExp(`^Are you coming to ${title}\\?`));
  const papersTask = task(new RegExp(`^Read 1 paper for ${title}`));
  const voteTask = task(new RegExp(`^Vote on the written resolution: ${resolution}`));
  await answerTask.waitFor();
  await papersTask.waitFor();
  await voteTask.waitFor();

  // The list is on the first screen: its heading and first task inside the 844 px viewport.
  const box = await forYou.getByRole('heading', { name: /^For you/ }).boundingBox();
  assert.ok(box && box.y + box.height <= 844, `For you starts at ${box?.y}px`);
  const first = await forYou.getByRole('link').first().boundingBox();
  assert.ok(first && first.y + first.height <= 844, 'the first task is on the first screen');
  await guideImage(page, 'for-you-phone');

  const user = tapCounter(page);
  const backToDashboard = async () => {
    await page.goto('/');
    await heading(page, 'Dashboard').waitFor();
  };

  // Answer attendance: the task, "Attending", "Save answer".
  await user.tap(answerTask);
  const answer = page.getByRole('region', { name: 'Your answer' });
  await user.tap(answer.getByLabel('Attending'));
  await user.tap(answer.getByRole('button', { name: 'Save answer' }));
  const saved = toast(page, 'Your answer was saved');
  await saved.waitFor();
  assert.ok(user.taps <= 3, `answering took ${user.taps} taps`);
  // The picture without the toast over it.
  await page
    .getByRole('region', { name: 'Notifications (F8)' })
    .getByRole('button', { name: 'Dismiss notification' })
    .click();
  await gone(saved);
  await guideImage(page, 'meeting-next-steps-phone');
  await backToDashboard();
  await papersTask.waitFor();
  await gone(answerTask);

  // Open the paper: the task, then the paper's download on its agenda item.
  user.reset();
  await user.tap(papersTask);
  const download = page.waitForEvent('download');
  await user.tap(page.getByRole('button', { name: `Download ${paperTitle}` }));
  await download;
  assert.ok(user.taps <= 3, `opening the paper took ${user.taps} taps`);
  await backToDashboard();
  await voteTask.waitFor();
  await gone(papersTask);

  // Vote: the task, then "Vote for" on the resolution's card.
  user.reset();
  await user.tap(voteTask);
  const card = page.getByRole('article', { name: resolution, exact: true });
  await user.tap(card.getByRole('button', { name: 'Vote for' }));
  await toast(page, 'Vote recorded').waitFor();
  assert.ok(user.taps <= 3, `voting took ${user.taps} taps`);
  await backToDashboard();
  await forYou.getByRole('heading', { name: /^For you/ }).waitFor();
  await gone(voteTask);

  // What the server says agrees with the screen.
  const left = await api('/api/me/tasks', { token: trustee.token });
  for (const done of [`answer-attendance:${meeting.id}`, `read-papers:${meeting.id}`])
    assert.ok(!left.some((t) => t.id === done), `${done} is still listed`);
  assert.ok(!left.some((t) => t.kind === 'vote-resolution' && t.text.includes(resolution)));
  assertNoPageErrors(page);
  await context.close();
});
