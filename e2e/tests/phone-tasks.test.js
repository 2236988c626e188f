// On a 360 x 740 phone, in the light and the dark theme, each role does the main task of every page
// (spec §2 On a phone and by keyboard): open a minute, download and view a document, change an action's
// status, edit a user, post a chat message. No page scrolls sideways, and every control used is at least
// 24 x 24 px (WCAG 2.5.8) and inside the viewport once scrolled to. As an admin, axe finds no serious or
// critical violation on the pages at this width, in either theme.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import {
  adminToken,
  api,
  assertNoPageErrors,
  createAction,
  createCommittee,
  createDocument,
  createUser,
  daysFromNow,
  dialog,
  fixtureBytes,
  heading,
  launch,
  screenshot,
  signedInPage,
  toast,
  unique,
  opensInReader,
} from './helpers.js';

const phone = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
};

let browser;
const seeded = { people: {}, actions: {} };

before(async () => {
  browser = await launch();
  const token = await adminToken();
  for (const role of ['admin', 'chair', 'trustee'])
    seeded.people[role] = await createUser(role, unique(`Phone ${role}`));
  // A long address, as the users page must wrap it without widening the page.
  seeded.longEmail = await createUser('trustee', unique('Phone Trustee With A Very Long Name'));
  seeded.document = await createDocument(token, {
    title: unique('Phone Paper'),
    category: 'governance',
  });
  const form = new FormData();
  form.append('title', unique('Phone Minutes'));
  form.append('meetingDate', daysFromNow(-2));
  form.append('file', new Blob([fixtureBytes('minutes.pdf')]), 'minutes.pdf');
  seeded.minutes = await api('/api/minutes', { token, method: 'POST', form });
  for (const role of ['admin', 'chair', 'trustee'])
    seeded.actions[role] = await createAction(token, {
      title: unique(`Phone action of the ${role}`),
      assignedTo: seeded.people[role].id,
      dueDate: '2099-01-31',
    });
  seeded.committee = await createCommittee(token, {
    name: unique('Phone Committee'),
  });
  for (const role of ['admin', 'chair', 'trustee'])
    await api(`/api/committees/${seeded.committee.id}/members`, {
      token,
      method: 'POST',
      body: { userId: seeded.people[role].id, role: 'member' },
    });
});

after(async () => {
  await browser?.close();
});

async function assertNoSidewaysScroll(page, what) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= phone.viewport.width, `${what} is ${width}px wide on a 360px screen`);
}

/** The control is at least 24 x 24 px and, scrolled to, wholly inside the viewport. */
async function assertTarget(locator, what) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  assert.ok(box, `${what} is not on screen`);
  assert.ok(
    box.width >= 24 && box.height >= 24,
    `${what} is ${box.width}x${box.height}px, below 24x24`,
  );
  assert.ok(
    box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= phone.viewport.width &&
      box.y + box.height <= phone.viewport.height,
    `${what} at ${JSON.stringify(box)} is outside the 360x740 viewport`,
  );
}

/** Checks the target, then taps it. */
async function tap(locator, what) {
  await assertTarget(locator, what);
  await locator.tap();
}

/** axe at phone width: no serious or critical violation on the page as it is (cards, not tables). */
async function assertAxeClean(page, what) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(serious, [], `axe on ${what} at 360px`);
}

async function go(page, path, title) {
  await page.goto(path);
  await heading(page, title).waitFor();
  await page
    .getByRole('progressbar')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => {});
}

for (const theme of ['light', 'dark']) {
  for (const role of ['admin', 'chair', 'trustee']) {
    test(`as ${role} in the ${theme} theme: every page's main task on a 360px phone`, async () => {
      const me = seeded.people[role];
      const { context, page } = await signedInPage(browser, me, {
        ...phone,
        colorScheme: theme,
      });
      await assertNoSidewaysScroll(page, 'the dashboard');

      // Minutes: the View button is on the minute's card, not off to the right.
      await go(page, '/minutes', 'Minutes Archive');
      const minutes = page.getByRole('list', { name: 'Minutes' });
      await assertNoSidewaysScroll(page, 'the minutes page');
      if (role === 'admin') await assertAxeClean(page, 'the minutes page');
      const readMinutes = minutes.getByRole('link', { name: `Read ${seeded.minutes.title}` });
      await assertTarget(readMinutes, 'Read minutes');
      await opensInReader(page, readMinutes, /^\/api\/minutes\/\d+\/download$/, { tap: true });
      await assertNoSidewaysScroll(page, 'the reader');
      await page.goBack();

      // Documents: download and view from the document's card.
      await go(page, '/documents', 'Document Library');
      await page.getByRole('tab', { name: 'Governance' }).tap();
      const title = seeded.document.title;
      const download = page.getByRole('button', { name: `Download ${title}` });
      await assertTarget(download, 'Download');
      const [file] = await Promise.all([page.waitForEvent('download'), download.tap()]);
      assert.equal(file.suggestedFilename(), 'board-paper.pdf');
      const read = page.getByRole('button', { name: `Read ${title}` });
      await assertTarget(read, 'Read');
      await opensInReader(page, read, /^\/api\/documents\/\d+\/download$/, { tap: true });
      await page.goBack();
      await page.getByRole('tab', { name: 'Governance' }).tap();
      if (role !== 'trustee')
        await assertTarget(page.getByRole('button', { name: `Delete ${title}` }), 'Delete');
      await assertNoSidewaysScroll(page, 'the documents page');
      if (role === 'admin') await assertAxeClean(page, 'the documents page');

      // Actions: the status selector of one's own action, on its card.
      await go(page, '/actions', 'Action Tracker');
      const action = seeded.actions[role];
      const status = page.getByRole('combobox', {
        name: `Status of ${action.title}`,
      });
      await assertTarget(status, 'the status selector');
      await status.selectOption('in-progress');
      await toast(page, 'Action updated successfully').waitFor();
      await assertNoSidewaysScroll(page, 'the actions page');
      if (role === 'admin') await assertAxeClean(page, 'the actions page');

      // Users: admins and chairs edit a trustee from the trustee's card; a trustee is told no.
      await go(page, '/users', 'User Management');
      if (role === 'trustee') {
        await page.getByText('Access Denied').waitFor();
      } else {
        const users = page.getByRole('list', { name: 'Users' });
        await users.getByText(seeded.longEmail.email, { exact: true }).waitFor();
        for (const name of [`Reset password for ${seeded.longEmail.name}`])
          await assertTarget(users.getByRole('button', { name }), name);
        await tap(users.getByRole('button', { name: `Edit ${seeded.longEmail.name}` }), 'Edit');
        const edit = dialog(page, 'Edit User');
        await edit.getByRole('textbox', { name: /^Name/ }).fill(`${seeded.longEmail.name} Edited`);
        await tap(edit.getByRole('button', { name: 'Save Changes' }), 'Save Changes');
        await toast(page, 'User updated successfully').waitFor();
        seeded.longEmail.name = `${seeded.longEmail.name} Edited`;
      }
      await assertNoSidewaysScroll(page, 'the users page');
      if (role === 'admin') await assertAxeClean(page, 'the users page');

      // Committees: post a chat message; the tabs scroll with arrows rather than cut a label.
      await go(page, '/committees', 'Sub Committees');
      await tap(
        page.getByRole('button', {
          name: new RegExp(`^${seeded.committee.name}`),
        }),
        'the committee',
      );
      const message = `Hello from a phone (${role}, ${theme})`;
      await page.getByLabel('Message', { exact: true }).fill(message);
      await tap(page.getByRole('button', { name: 'Send message' }), 'Send message');
      await page.getByRole('log', { name: 'Chat messages' }).getByText(message).waitFor();
      await assertNoSidewaysScroll(page, 'the committees page');
      if (role === 'admin') await assertAxeClean(page, 'the committees page');

      await screenshot(page, `phone-${role}-${theme}-committee`);
      assertNoPageErrors(page);
      await context.close();
    });
  }
}
