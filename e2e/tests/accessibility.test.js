// axe-core over every page (as an admin, with data on every page), the sign-in page with its reset
// dialog, and the change-password page: no serious or critical violations.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import {
  adminToken,
  api,
  createAction,
  createCommittee,
  createDocument,
  createMeeting,
  createNotice,
  createUser,
  daysFromNow,
  fillSignIn,
  gone,
  heading,
  launch,
  navigate,
  newContext,
  newPage,
  signedInPage,
  unique,
} from './helpers.js';

let browser;
const seeded = {};

before(async () => {
  browser = await launch();
  const token = await adminToken();
  const trustee = await createUser('trustee', unique('Axe Trustee'));
  seeded.trustee = trustee;
  await createDocument(token, { title: unique('Axe Policy'), category: 'policies' });
  await createDocument(token, {
    title: unique('Axe Notes'),
    category: 'finance',
    file: 'notes.txt',
  });
  await createAction(token, {
    title: unique('Axe Action'),
    assignedTo: trustee.id,
    dueDate: '2099-01-31',
    priority: 'high',
  });
  await createAction(token, {
    title: unique('Axe Overdue Action'),
    assignedTo: trustee.id,
    dueDate: '2000-01-31',
    priority: 'low',
  });
  await createNotice(token, {
    title: unique('Axe Pinned Notice'),
    pinned: true,
    priority: 'high',
    expiresAt: daysFromNow(10),
  });
  await createNotice(token, { title: unique('Axe Notice'), priority: 'low' });
  await createMeeting(token, { title: unique('Axe Meeting'), location: 'Board room' });
  const form = new FormData();
  form.append('title', unique('Axe Minutes'));
  form.append('meetingDate', daysFromNow(-3));
  form.append('externalLink', 'https://minutes.example.org/axe');
  await api('/api/minutes', { token, method: 'POST', form });
  seeded.committee = await createCommittee(token, {
    name: unique('Axe Committee'),
    description: 'For the scan.',
  });
  await api(`/api/committees/${seeded.committee.id}/members`, {
    token,
    method: 'POST',
    body: { userId: trustee.id, role: 'member' },
  });
  await api(`/api/committees/${seeded.committee.id}/messages`, {
    token,
    method: 'POST',
    body: { message: 'A first message for the scan.' },
  });
  await api('/api/auth/forgot-password', { method: 'POST', body: { email: trustee.email } });
});

after(async () => {
  await browser?.close();
});

async function openCommitteeChat(page) {
  await navigate(page, 'Sub Committees', 'Sub Committees');
  await page.getByRole('button', { name: new RegExp(`^${seeded.committee.name}`) }).click();
  await page
    .getByRole('log', { name: 'Chat messages' })
    .getByText('A first message for the scan.')
    .waitFor();
}

/** Runs axe on the page as it is and fails on serious or critical violations, listing them. */
async function scan(page, label) {
  // Nothing half-loaded: no spinner left.
  await gone(page.getByRole('progressbar'));
  // Legacy mode runs axe in the page itself rather than finishing in a blank page of its own: the portal
  // has no frames, and it halves the time of a scan.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map(
          (n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`,
        )
        .join('\n'),
  );
  assert.deepEqual(report, [], `axe found serious or critical violations on ${label}`);
  return results;
}

test('the sign-in page, its reset dialog, and the change-password page', async () => {
  const context = await newContext(browser);
  const page = await newPage(context);
  await page.goto('/login');
  await heading(page, 'Trustee Portal').waitFor();
  await scan(page, 'the sign-in page');

  // With its validation messages and a failure shown.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Password is required').waitFor();
  await fillSignIn(page, seeded.trustee.email, 'wrong-password');
  await page.getByRole('alert').waitFor();
  await scan(page, 'the sign-in page with errors');

  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByRole('dialog', { name: 'Reset Password' }).waitFor();
  await scan(page, 'the reset-request dialog');
  await context.close();

  const newcomer = await createUser('trustee');
  const { tempPassword } = await api('/api/auth/admin-reset-password', {
    token: await adminToken(),
    method: 'POST',
    body: { userId: newcomer.id },
  });
  const second = await newContext(browser);
  const changePage = await newPage(second);
  await changePage.goto('/login');
  await fillSignIn(changePage, newcomer.email, tempPassword);
  await heading(changePage, 'Change Password').waitFor();
  await scan(changePage, 'the change-password page');
  await second.close();
});

const pages = [
  ['Dashboard', 'Dashboard'],
  ['Minutes', 'Minutes Archive'],
  [/^Actions/, 'Action Tracker'],
  ['Trustee Directory', 'Trustee Directory'],
  ['Documents', 'Document Library'],
  ['Sub Committees', 'Sub Committees'],
  ['User Management', 'User Management'],
  ['Audit log', 'Audit log'],
  ['Calendar', 'Board Calendar'],
  ['Notices', 'Board Noticeboard'],
];

test('every page as an admin', async () => {
  const admin = await createUser('admin');
  const { context, page } = await signedInPage(browser, admin);
  for (const [entry, title] of pages) {
    if (entry !== 'Dashboard') await navigate(page, entry, title);
    await scan(page, title);
  }
  // The committee page with a committee open (chat), and the 404 page.
  await openCommitteeChat(page);
  await scan(page, "a committee's chat");
  await page.goto('/no-such-page');
  await heading(page, 'Page Not Found').waitFor();
  await scan(page, 'the 404 page');
  await context.close();
});

test('the dark theme: the pages with the most colours', async () => {
  const admin = await createUser('admin');
  const { context, page } = await signedInPage(browser, admin, { colorScheme: 'dark' });
  await scan(page, 'Dashboard (dark)');
  for (const [entry, title] of [
    [/^Actions/, 'Action Tracker'],
    ['Notices', 'Board Noticeboard'],
    ['User Management', 'User Management'],
  ]) {
    await navigate(page, entry, title);
    await scan(page, `${title} (dark)`);
  }
  await openCommitteeChat(page);
  await scan(page, "a committee's chat (dark)");
  await context.close();
});

test('the forms of an admin, with their validation messages', async () => {
  const admin = await createUser('admin');
  const { context, page } = await signedInPage(browser, admin);
  const dialogs = [
    ['Documents', 'Document Library', 'Upload Document', 'Upload'],
    [/^Actions/, 'Action Tracker', 'Create Action', 'Create Action'],
    ['Minutes', 'Minutes Archive', 'Upload Minutes', 'Upload'],
    ['Notices', 'Board Noticeboard', 'Post Notice', 'Post Notice'],
  ];
  for (const [entry, title, name, submit] of dialogs) {
    await navigate(page, entry, title);
    await page.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.getByRole('button', { name: submit, exact: true }).click();
    await dialog
      .getByText(/is required/)
      .first()
      .waitFor();
    await scan(page, `the ${name} dialog`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(dialog);
  }
  await context.close();
});
