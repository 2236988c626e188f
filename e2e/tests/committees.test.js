// Sub-committees: two browser contexts in one committee chat with each other (a message appears for the
// other within the poll interval); archiving makes the chat read-only. (Committee documents are not
// covered here yet.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertNoPageErrors,
  createUser,
  dialog,
  gone,
  launch,
  navigate,
  screenshot,
  signedInPage,
  toast,
  unique,
} from './helpers.js';

/** The chat's refresh interval (spec §9), and what one poll may take on a busy machine. */
const POLL_MS = 3000;
const SLACK_MS = 4000;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const committeeButton = (page, name) => page.getByRole('button', { name: new RegExp(`^${name}`) });
const chatLog = (page) => page.getByRole('log', { name: 'Chat messages' });
const messageBox = (page) => page.getByRole('textbox', { name: 'Message' });

/** Waits for a message from someone else to show, within the poll interval. */
async function expectWithinPoll(page, text) {
  const started = Date.now();
  await chatLog(page)
    .getByText(text)
    .waitFor({ timeout: POLL_MS + SLACK_MS });
  return Date.now() - started;
}

test('two members chat live; archiving makes the chat read-only', async () => {
  const admin = await createUser('admin');
  const trustee = await createUser('trustee');
  const name = unique('Fundraising Committee');

  // The admin creates the committee and adds the trustee.
  const adminSession = await signedInPage(browser, admin);
  const page = adminSession.page;
  await navigate(page, 'Sub Committees', 'Sub Committees');
  await page.getByRole('button', { name: 'Create Committee', exact: true }).click();
  const form = dialog(page, 'Create Committee');
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel('Description').fill('Events and appeals for the year.');
  await form.getByRole('button', { name: 'Create Committee' }).click();
  await toast(page, 'Committee created successfully').waitFor();
  await gone(form);
  const detail = page.getByRole('region', { name });
  await detail.getByText('Events and appeals for the year.').waitFor();
  await committeeButton(page, name).getByText('1 member').waitFor();

  await detail.getByRole('tab', { name: 'Members (1)' }).click();
  await detail.getByLabel('Add member').selectOption({ label: trustee.name });
  await detail.getByRole('button', { name: 'Add Member' }).click();
  await toast(page, 'Member added successfully').waitFor();
  await detail
    .getByRole('table', { name: 'Committee members' })
    .getByText(trustee.email)
    .waitFor();
  await detail.getByRole('tab', { name: 'Members (2)' }).waitFor();
  await detail.getByRole('tab', { name: 'Live Chat' }).click();
  await chatLog(page).getByText('No messages yet. Start the conversation.').waitFor();

  // The trustee opens the same committee in another browser context.
  const trusteeSession = await signedInPage(browser, trustee);
  const other = trusteeSession.page;
  await navigate(other, 'Sub Committees', 'Sub Committees');
  await committeeButton(other, name).getByText('2 members').waitFor();
  await committeeButton(other, name).click();
  await chatLog(other).getByText('No messages yet. Start the conversation.').waitFor();

  // Whitespace is not sent.
  await messageBox(page).fill('   ');
  assert.equal(await page.getByRole('button', { name: 'Send message' }).isDisabled(), true);

  // Enter sends; the other side sees it at its next poll.
  const hello = `Hello from the admin ${unique('msg')}`;
  await messageBox(page).fill(hello);
  await messageBox(page).press('Enter');
  await chatLog(page).getByText(hello).waitFor();
  // The box empties when the POST answers; the live stream may show the message a moment before that.
  for (let i = 0; i < 50 && (await messageBox(page).inputValue()) !== ''; i += 1) {
    await page.waitForTimeout(100);
  }
  assert.equal(await messageBox(page).inputValue(), '');
  const seenAfter = await expectWithinPoll(other, hello);
  await chatLog(other).getByText(admin.name).waitFor();

  // Shift+Enter adds a line; the reply comes back the other way.
  const first = `Thanks, ${unique('line')}`;
  await messageBox(other).fill(first);
  await messageBox(other).press('Shift+Enter');
  await messageBox(other).pressSequentially('see you on Monday.');
  assert.equal(await messageBox(other).inputValue(), `${first}\nsee you on Monday.`);
  await other.getByRole('button', { name: 'Send message' }).click();
  await chatLog(other).getByText(first).waitFor();
  await expectWithinPoll(page, first);
  assert.match(await chatLog(page).getByText(first).textContent(), /see you on Monday\.$/);
  await screenshot(page, 'committee-chat-admin');
  await screenshot(other, 'committee-chat-trustee');
  assert.ok(seenAfter <= POLL_MS + SLACK_MS);

  // Archiving: the committee leaves the active list and is deselected.
  await detail.getByRole('button', { name: 'Archive' }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive Committee' });
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await toast(page, 'Committee archived successfully').waitFor();
  await page.getByText('Select a Committee').waitFor();
  await gone(committeeButton(page, name));

  // In the archived list, the chat is read-only: the messages, no message box.
  await page.getByRole('button', { name: 'Archived', exact: true }).click();
  await committeeButton(page, name).getByText('Archived').waitFor();
  await committeeButton(page, name).click();
  await detail.getByText('This committee is archived. Its chat is read-only.').waitFor();
  await chatLog(page).getByText(hello).waitFor();
  assert.equal(await messageBox(page).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Send message' }).count(), 0);
  await screenshot(page, 'committee-archived');

  // The trustee's committee is gone: the live stream closes on archiving (the server refuses their posts,
  // crates/server/tests/http), and after a reload the committee is no longer listed.
  await other.reload();
  await other.getByText('No committees yet').waitFor();

  // An archived committee can be deleted for good.
  await detail.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete Committee' });
  await remove
    .getByText(
      'Are you sure you want to permanently delete this committee? This action cannot be undone.',
    )
    .waitFor();
  await remove.getByRole('button', { name: 'Delete', exact: true }).click();
  await toast(page, 'Committee deleted successfully').waitFor();
  await gone(committeeButton(page, name));

  assertNoPageErrors(page);
  assertNoPageErrors(other);
  await adminSession.context.close();
  await trusteeSession.context.close();
});
