// The page matrix of the axe tests: every route of the router (frontend/src/app/router.tsx) as each
// role that can see it, with data on every page, in both themes and at both widths (a 1280 px desktop and a
// 360 x 740 phone). accessibility-admin/-chair/-trustee.test.js run it for one role each (one file per role
// keeps each file's run short); accessibility.test.js covers the pages outside the signed-in shell.
//
// One page load per combination: each test is one signed-in context (role x theme x width) that opens each
// of its pages in turn.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  adminToken,
  api,
  axeViolations,
  createAction,
  createCommittee,
  createDocument,
  createMeeting,
  createNotice,
  createUser,
  daysFromNow,
  heading,
  launch,
  signedInPage,
  unique,
} from './helpers.js';

export const WIDTHS = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
};
export const THEMES = ['light', 'dark'];
const ROLES = ['admin', 'chair', 'trustee'];
const OFFICERS = ['admin', 'chair'];

/** Users of each role (`seeded.admin` ...) and a committee, with data on every page of the portal. */
export async function seedBoard() {
  const seeded = {};
  const token = await adminToken();
  for (const role of ROLES) seeded[role] = await createUser(role, unique(`Axe ${role}`));
  const { trustee, chair } = seeded;

  const policy = await createDocument(token, { title: unique('Axe Policy'), category: 'policies' });
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
    assignedTo: chair.id,
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
  const form = new FormData();
  form.append('title', unique('Axe Minutes'));
  form.append('meetingDate', daysFromNow(-3));
  form.append('externalLink', 'https://minutes.example.org/axe');
  await api('/api/minutes', { token, method: 'POST', form });

  seeded.committee = await createCommittee(token, {
    name: unique('Axe Committee'),
    description: 'For the scan.',
  });
  const committeeId = seeded.committee.id;
  for (const user of [trustee, chair]) {
    await api(`/api/committees/${committeeId}/members`, {
      token,
      method: 'POST',
      body: { userId: user.id, role: 'member' },
    });
  }
  await api(`/api/committees/${committeeId}/messages`, {
    token,
    method: 'POST',
    body: { message: 'A first message for the scan.' },
  });
  await api(`/api/committees/${committeeId}/messages`, {
    token: trustee.token,
    method: 'POST',
    body: { message: 'A reply from a trustee.' },
  });
  const committeePaper = new FormData();
  committeePaper.append('title', unique('Axe Committee Paper'));
  committeePaper.append('file', new Blob(['Terms of reference.\n']), 'terms.txt');
  await api(`/api/committees/${committeeId}/documents`, {
    token,
    method: 'POST',
    form: committeePaper,
  });

  // Meetings of each kind (calendar tags), one of them the committee's; 30 days out or more, like other
  // files' meetings, so that board.test.js's meeting tomorrow leads the dashboard.
  seeded.meeting = await createMeeting(token, {
    title: unique('Axe Board Meeting'),
    location: 'Board room',
  });
  // The meeting page with a published agenda, a paper and answers.
  const meetingId = seeded.meeting.id;
  const items = await api(`/api/meetings/${meetingId}/agenda-items/standard`, {
    token,
    method: 'POST',
  });
  const paper = new FormData();
  paper.append('title', unique('Axe Paper'));
  paper.append('file', new Blob(['Papers for the scan.\n']), 'paper.txt');
  await api(`/api/meetings/${meetingId}/agenda-items/${items[2].id}/papers`, {
    token,
    method: 'POST',
    form: paper,
  });
  await api(`/api/meetings/${meetingId}/publish`, { token, method: 'POST' });
  await api(`/api/meetings/${meetingId}/attendance/me`, {
    token: trustee.token,
    method: 'PUT',
    body: { response: 'apologies', reason: 'Away' },
  });
  await api('/api/meetings', {
    token,
    method: 'POST',
    body: {
      title: unique('Axe Committee Meeting'),
      meetingDate: daysFromNow(31),
      kind: 'committee',
      committeeId,
    },
  });
  await api('/api/meetings', {
    token,
    method: 'POST',
    body: { title: unique('Axe AGM'), meetingDate: daysFromNow(40), kind: 'agm' },
  });

  // Governance: an interest, a term of office, a declaration round, a written resolution.
  await api('/api/interests', {
    token: trustee.token,
    method: 'POST',
    body: {
      kind: 'family',
      organisation: unique('Axe Trust'),
      nature: 'Sister is a trustee',
      startedOn: '2022-02-02',
    },
  });
  await api('/api/terms', {
    token,
    method: 'POST',
    body: { userId: trustee.id, startedOn: '2023-04-01', termYears: 3 },
  });
  // (Another test file may already have opened this year's round.)
  await api('/api/declaration-rounds', {
    token,
    method: 'POST',
    body: {
      year: new Date().getFullYear(),
      deadline: daysFromNow(20).slice(0, 10),
      codeOfConductDocumentId: policy.id,
    },
  }).catch(() => {});
  await api('/api/resolutions', {
    token: chair.token,
    method: 'POST',
    body: {
      title: unique('Axe Resolution'),
      text: 'That the board adopts the scan.',
      closesAt: daysFromNow(14),
      threshold: 'majority',
    },
  });

  // The mail log and the password-reset requests have entries.
  await api('/api/mail/test', { token, method: 'POST' });
  await api('/api/auth/forgot-password', { method: 'POST', body: { email: trustee.email } });
  return seeded;
}

let views = 0;

/** Scans the page as it is; answers the violations prefixed with what was scanned. */
export async function scan(page, what) {
  views += 1;
  return (await axeViolations(page)).map((v) => `${what}: ${v}`);
}

/** How many page views `scan` has scanned in this file. */
export const scannedViews = () => views;

/** Opens a page and waits for its title. */
export async function open(page, path, title) {
  await page.goto(path);
  await heading(page, title).waitFor();
}

/** The committee page with the seeded committee open: its chat, documents and members tabs. */
async function committeeTabs(page, what, seeded) {
  const found = [];
  await page.getByRole('button', { name: new RegExp(`^${seeded.committee.name}`) }).click();
  await page
    .getByRole('log', { name: 'Chat messages' })
    .getByText('A first message for the scan.')
    .waitFor();
  found.push(...(await scan(page, `${what}, chat`)));
  await page.getByRole('tab', { name: 'Documents' }).click();
  await page.getByText(/Axe Committee Paper/).waitFor();
  found.push(...(await scan(page, `${what}, documents`)));
  await page.getByRole('tab', { name: /^Members/ }).click();
  await page.getByText(seeded.trustee.name).first().waitFor();
  found.push(...(await scan(page, `${what}, members`)));
  return found;
}

/**
 * Every page of the signed-in portal: [path, title (h1), roles that see it, what else to scan there]; a path
 * or title may be a function of the seeded data (a meeting's page).
 * A trustee opening User Management sees its 'Access Denied' page, which is scanned too.
 */
const PAGES = [
  ['/', 'Dashboard', ROLES],
  ['/minutes', 'Minutes Archive', ROLES],
  ['/decisions', 'Decisions register', ROLES],
  ['/actions', 'Action Tracker', ROLES],
  ['/trustees', 'Trustee Directory', ROLES],
  ['/documents', 'Document Library', ROLES],
  ['/committees', 'Sub Committees', ROLES, committeeTabs],
  ['/users', 'User Management', ROLES],
  ['/mail', 'Mail', ['admin']],
  ['/audit-log', 'Audit log', ['admin']],
  ['/calendar', 'Board Calendar', ROLES],
  ['/notices', 'Board Noticeboard', ROLES],
  ['/governance?tab=interests', 'Governance', ROLES],
  ['/governance?tab=terms', 'Governance', ROLES],
  ['/governance?tab=declarations', 'Governance', ROLES],
  ['/governance?tab=resolutions', 'Governance', ROLES],
  ['/account-security', 'Account security', ROLES],
  ['/notification-settings', 'Notification settings', ROLES],
  [(seeded) => `/meetings/${seeded.meeting.id}`, (seeded) => seeded.meeting.title, ROLES],
  ['/no-such-page', 'Page Not Found', ROLES],
];

/**
 * Registers the tests of one role: for each theme and width, one signed-in context opens every page the
 * role can see (and, on a phone, the navigation drawer) and requires 0 WCAG 2.2 A/AA violations.
 */
export function pageMatrix(role) {
  let browser;
  let seeded;
  before(async () => {
    browser = await launch();
    seeded = await seedBoard();
  });
  after(async () => {
    await browser?.close();
    console.log(`axe scanned ${views} page views as ${role === 'admin' ? 'an' : 'a'} ${role}`);
  });

  for (const theme of THEMES) {
    for (const [width, options] of Object.entries(WIDTHS)) {
      test(`every page as ${role === 'admin' ? 'an' : 'a'} ${role}, ${theme} theme, ${width}: 0 axe violations`, async () => {
        const found = [];
        const { context, page } = await signedInPage(browser, seeded[role], {
          ...options,
          colorScheme: theme,
        });
        for (const [pathOf, titleOf, roles, more] of PAGES) {
          if (!roles.includes(role)) continue;
          const path = typeof pathOf === 'function' ? pathOf(seeded) : pathOf;
          const title = typeof titleOf === 'function' ? titleOf(seeded) : titleOf;
          const what = `${path} (${role}, ${theme}, ${width})`;
          await open(page, path, title);
          if (path === '/users' && !OFFICERS.includes(role)) {
            await page.getByText('Access Denied').waitFor();
          }
          found.push(...(await scan(page, what)));
          if (more) found.push(...(await more(page, what, seeded)));
        }
        if (width === 'phone') {
          await open(page, '/', 'Dashboard');
          await page.getByRole('button', { name: 'Open navigation menu' }).click();
          await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
          found.push(...(await scan(page, `the navigation drawer (${role}, ${theme})`)));
        }
        await context.close();
        assert.deepEqual(found, [], 'axe found WCAG 2.2 AA violations');
      });
    }
  }
}
