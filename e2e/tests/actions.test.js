// Actions: a chair creates one and assigns it to a trustee; the trustee changes its status, and the
// sidebar's pending badge follows.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  adminToken,
  assertNoPageErrors,
  createAction,
  createUser,
  dialog,
  gone,
  launch,
  navigate,
  pendingActionsCount,
  screenshot,
  sidebar,
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

/** The sidebar's red badge: its count, or absent when no action is pending. */
async function expectBadge(page, count) {
  const link = sidebar(page).getByRole('link', { name: /^Actions/ });
  if (count > 0) await link.getByLabel(`${count} pending`, { exact: true }).waitFor();
  else await link.getByLabel(/pending$/).waitFor({ state: 'detached' });
}

/** Waits for the status badge of an action's row (its second cell). */
async function expectStatus(row, label) {
  await row.getByRole('cell').nth(1).getByText(label, { exact: true }).waitFor();
}

const row = (page, title) =>
  page.getByRole('table', { name: 'Actions' }).getByRole('row', { name: new RegExp(title) });

test('create an action, assign it to a trustee, who moves it along; the badge follows', async () => {
  const chair = await createUser('chair');
  const trustee = await createUser('trustee');
  const title = unique('Review the safeguarding policy');
  const description =
    'Read the draft and send comments to the chair before the next board meeting.';

  // The chair creates the action through the dialog.
  const chairSession = await signedInPage(browser, chair);
  const page = chairSession.page;
  await navigate(page, /^Actions/, 'Action Tracker');
  const before = await pendingActionsCount();
  await expectBadge(page, before);

  await page.getByRole('button', { name: 'Create Action', exact: true }).click();
  const form = dialog(page, 'Create Action');
  await form.getByRole('button', { name: 'Create Action' }).click();
  await form.getByText('Title is required').waitFor();
  await form.getByText('Assignee is required').waitFor();
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel('Description').fill(description);
  await form.getByLabel(/^Assign To/).selectOption({ label: trustee.name });
  await form.getByLabel('Due Date').fill('2099-03-05');
  await form.getByLabel('Priority').selectOption('high');
  await form.getByRole('button', { name: 'Create Action' }).click();
  await toast(page, 'Action created successfully').waitFor();
  await gone(form);

  const created = row(page, title);
  await created.getByText(description).waitFor();
  await expectStatus(created, 'Pending');
  await created.getByRole('cell', { name: 'High', exact: true }).waitFor();
  await created.getByText('Mar 5, 2099').waitFor();
  await created.getByText(trustee.name).waitFor();
  await expectBadge(page, before + 1);
  await screenshot(page, 'actions-created');

  // The trustee: no create or delete; the status of their own action only.
  const trusteeSession = await signedInPage(browser, trustee);
  const mine = trusteeSession.page;
  await expectBadge(mine, before + 1);
  await navigate(mine, /^Actions/, 'Action Tracker');
  const own = row(mine, title);
  await own.waitFor();
  assert.equal(await mine.getByRole('button', { name: 'Create Action' }).count(), 0);
  assert.equal(await own.getByRole('button', { name: `Delete ${title}` }).count(), 0);

  // The counter cards filter the list.
  await mine.getByRole('button', { name: /^Pending \d+$/ }).click();
  await mine.getByRole('heading', { name: 'Pending Actions' }).waitFor();
  await own.waitFor();
  await mine.getByRole('button', { name: 'Show All' }).click();
  await mine.getByRole('heading', { name: 'All Actions' }).waitFor();

  const status = mine.getByLabel(`Status of ${title}`);
  await status.selectOption('in-progress');
  await toast(mine, 'Action updated successfully').waitFor();
  await expectStatus(own, 'In Progress');
  await expectBadge(mine, before);
  await screenshot(mine, 'actions-in-progress');

  await status.selectOption('complete');
  await expectStatus(own, 'Complete');
  // A complete action has no selector: there is no way back.
  await gone(mine.getByLabel(`Status of ${title}`));
  await expectBadge(mine, before);

  // The chair sees the change after a reload, and deletes the action.
  await page.reload();
  await expectStatus(row(page, title), 'Complete');
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Action' });
  await confirm
    .getByText('Are you sure you want to delete this action? This cannot be undone.')
    .waitFor();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await toast(page, 'Action deleted successfully').waitFor();
  await gone(row(page, title));

  assertNoPageErrors(page);
  assertNoPageErrors(mine);
  await chairSession.context.close();
  await trusteeSession.context.close();
});

test('setting a pending action back and forth moves the badge both ways', async () => {
  const trustee = await createUser('trustee');
  const title = unique('Book the venue');
  await createAction(await adminToken(), { title, assignedTo: trustee.id });
  const { context, page } = await signedInPage(browser, trustee);
  const pending = await pendingActionsCount();
  await expectBadge(page, pending);

  await navigate(page, /^Actions/, 'Action Tracker');
  const status = page.getByLabel(`Status of ${title}`);
  await status.selectOption('in-progress');
  await expectBadge(page, pending - 1);
  await status.selectOption('pending');
  await expectBadge(page, pending);
  assertNoPageErrors(page);
  await context.close();
});
