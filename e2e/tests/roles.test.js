// As admin, chair and trustee: every page loads with its title, and the role's controls are present or
// absent as spec §6 says. A screenshot of every page for every role goes to e2e/test-results.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  adminToken,
  api,
  assertNoPageErrors,
  createAction,
  createCommittee,
  createDocument,
  createMeeting,
  createNotice,
  createUser,
  heading,
  launch,
  navigate,
  screenshot,
  sidebar,
  signedInPage,
  unique,
} from './helpers.js';

let browser;
const people = {};
const data = {};

before(async () => {
  browser = await launch();
  people.admin = await createUser('admin');
  people.chair = await createUser('chair');
  people.trustee = await createUser('trustee');
  const other = await createUser('trustee', unique('Other Trustee'));
  const token = await adminToken();
  data.document = await createDocument(token, {
    title: unique('Governance Paper'),
    category: 'governance',
  });
  data.ownAction = await createAction(token, {
    title: unique('Own Action'),
    assignedTo: people.trustee.id,
  });
  data.otherAction = await createAction(token, {
    title: unique('Other Action'),
    assignedTo: other.id,
  });
  data.notice = await createNotice(token, { title: unique('Role Notice') });
  data.meeting = await createMeeting(token, { title: unique('Role Meeting') });
  data.committee = await createCommittee(token, { name: unique('Role Committee') });
  await api(`/api/committees/${data.committee.id}/members`, {
    token,
    method: 'POST',
    body: { userId: people.trustee.id, role: 'member' },
  });
});

after(async () => {
  await browser?.close();
});

const button = (page, name) => page.getByRole('button', { name, exact: true });

/** Asserts that a control is on the page (once it has loaded) or absent. */
async function expectControl(page, locator, present, what) {
  if (present) {
    await locator.first().waitFor();
  } else {
    assert.equal(await locator.count(), 0, `${what} should be absent`);
  }
}

// Each page: its sidebar entry, its title, something that shows its data has loaded, and the controls
// that only admins and chairs have.
const pages = [
  {
    entry: 'Dashboard',
    title: 'Dashboard',
    loaded: (page) => page.getByRole('link', { name: /Pending Actions/ }),
    check: async (page, manage) => {
      // Quick actions only for what the role may do (spec §2 Dashboard).
      const writes = ['Upload Document', 'Create Action', 'Post Notice'];
      const reads = ['Browse Documents', 'Read Minutes'];
      for (const name of [...(manage ? writes : reads), 'View Trustees']) {
        await page.getByRole('link', { name }).waitFor();
      }
      for (const name of manage ? reads : writes) {
        assert.equal(await page.getByRole('link', { name }).count(), 0, `${name} quick action`);
      }
      await button(page, 'User Guide').waitFor();
    },
  },
  {
    entry: 'Minutes',
    title: 'Minutes Archive',
    loaded: (page) => page.getByRole('search'),
    check: async (page, manage) => {
      await expectControl(page, button(page, 'Upload Minutes'), manage, 'Upload Minutes');
    },
  },
  {
    entry: /^Actions/,
    title: 'Action Tracker',
    loaded: (page) => page.getByText(data.otherAction.title),
    check: async (page, manage) => {
      await expectControl(page, button(page, 'Create Action'), manage, 'Create Action');
      await expectControl(page, button(page, `Delete ${data.otherAction.title}`), manage, 'delete');
      // Trustees change the status only of actions assigned to them.
      await page.getByLabel(`Status of ${data.ownAction.title}`).waitFor();
      await expectControl(
        page,
        page.getByLabel(`Status of ${data.otherAction.title}`),
        manage,
        'status',
      );
    },
  },
  {
    entry: 'Trustee Directory',
    title: 'Trustee Directory',
    loaded: (page) => page.getByRole('article', { name: people.trustee.name }),
    check: async (page) => {
      await page.getByRole('region', { name: 'Directory summary' }).waitFor();
    },
  },
  {
    entry: 'Documents',
    title: 'Document Library',
    loaded: (page) => page.getByText(data.document.title),
    check: async (page, manage) => {
      await expectControl(page, button(page, 'Upload Document'), manage, 'Upload Document');
      await button(page, `Download ${data.document.title}`).waitFor();
      await button(page, `Read ${data.document.title}`).waitFor();
      await expectControl(page, button(page, `Delete ${data.document.title}`), manage, 'delete');
    },
  },
  {
    entry: 'Sub Committees',
    title: 'Sub Committees',
    loaded: (page) => page.getByRole('button', { name: new RegExp(data.committee.name) }),
    check: async (page, manage) => {
      await expectControl(page, button(page, 'Create Committee'), manage, 'Create Committee');
      await expectControl(
        page,
        page.getByRole('group', { name: 'Committees shown' }),
        manage,
        'archived toggle',
      );
      await page.getByText('Select a Committee').waitFor();
      await page.getByRole('button', { name: new RegExp(data.committee.name) }).click();
      const detail = page.getByRole('region', { name: data.committee.name });
      await detail.getByRole('tab', { name: 'Live Chat' }).waitFor();
      // Archive and member management: the committee's own chair, admins and chairs.
      await expectControl(page, detail.getByRole('button', { name: 'Archive' }), manage, 'Archive');
      await detail.getByRole('tab', { name: /^Members/ }).click();
      await detail.getByRole('table', { name: 'Committee members' }).waitFor();
      await expectControl(
        page,
        detail.getByRole('button', { name: 'Add Member' }),
        manage,
        'Add Member',
      );
    },
  },
  {
    entry: 'Calendar',
    title: 'Board Calendar',
    loaded: (page) => page.getByRole('article', { name: data.meeting.title }),
    check: async (page, manage) => {
      await expectControl(page, button(page, 'Schedule Meeting'), manage, 'Schedule Meeting');
    },
  },
  {
    entry: 'Notices',
    title: 'Board Noticeboard',
    loaded: (page) => page.getByRole('article', { name: data.notice.title }),
    check: async (page, manage) => {
      await expectControl(page, button(page, 'Post Notice'), manage, 'Post Notice');
      await expectControl(page, button(page, `Delete ${data.notice.title}`), manage, 'delete');
    },
  },
];

async function userManagement(page, role) {
  const me = people[role];
  if (role === 'trustee') {
    assert.equal(await sidebar(page).getByRole('link', { name: 'User Management' }).count(), 0);
    await page.goto('/users');
    await heading(page, 'User Management').waitFor();
    await page.getByText('Access Denied').waitFor();
    await page.getByText('Only Admins and Chairs can access User Management.').waitFor();
    await page.getByText('Your current role: Trustee').waitFor();
    assert.equal(await page.getByRole('table').count(), 0);
    await screenshot(page, `${role}-users`);
    return;
  }
  await navigate(page, 'User Management', 'User Management');
  const table = page.getByRole('table', { name: 'Users' });
  await table.getByText(people.trustee.email).waitFor();
  for (const column of ['User', 'Role', 'Status', 'Created', 'Actions']) {
    await table.getByRole('columnheader', { name: column }).waitFor();
  }
  await page.getByRole('heading', { name: 'Password Reset Requests' }).waitFor();
  // Only admins create users; admins manage everyone, chairs only trustees; nobody deletes themself.
  await expectControl(page, button(page, 'Add User'), role === 'admin', 'Add User');
  await button(page, `Edit ${people.trustee.name}`).waitFor();
  await button(page, `Reset password for ${people.trustee.name}`).waitFor();
  await button(page, `Delete ${people.trustee.name}`).waitFor();
  const other = role === 'admin' ? people.chair : people.admin;
  await expectControl(
    page,
    button(page, `Edit ${other.name}`),
    role === 'admin',
    `Edit ${other.role}`,
  );
  await expectControl(
    page,
    button(page, `Delete ${other.name}`),
    role === 'admin',
    `Delete ${other.role}`,
  );
  assert.equal(
    await button(page, `Delete ${me.name}`).count(),
    0,
    'nobody deletes their own account',
  );
  await screenshot(page, `${role}-users`);

  // Role choices when editing: admins all three, chairs chair and trustee.
  await button(page, `Edit ${people.trustee.name}`).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  const options = await edit.getByLabel(/^Role/).locator('option').allTextContents();
  assert.deepEqual(
    options,
    role === 'admin' ? ['Admin', 'Chair', 'Trustee'] : ['Chair', 'Trustee'],
  );
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await edit.waitFor({ state: 'hidden' });
}

for (const role of ['admin', 'chair', 'trustee']) {
  test(`as ${role}: every page, with the controls of the role`, async () => {
    const me = people[role];
    const manage = role !== 'trustee';
    const { context, page } = await signedInPage(browser, me);

    // The sidebar: entries, the user's initials, name and label.
    const nav = sidebar(page);
    for (const entry of [
      'Dashboard',
      'Minutes',
      'Decisions',
      /^Actions/,
      'Trustee Directory',
      'Documents',
      'Sub Committees',
      'Calendar',
      'Notices',
    ]) {
      await nav.getByRole('link', { name: entry }).waitFor();
    }
    await expectControl(
      page,
      nav.getByRole('link', { name: 'User Management' }),
      manage,
      'User Management link',
    );
    await page.getByText(me.name, { exact: true }).waitFor();
    const roleLabel = { admin: 'Admin', chair: 'Chair', trustee: 'Trustee' }[role];
    await page.getByText(roleLabel, { exact: true }).waitFor();
    const initials = me.name
      .split(/\s+/)
      .map((w) => w[0])
      .slice(0, 2)
      .join('')
      .toUpperCase();
    await page.locator('.MuiAvatar-root', { hasText: initials }).first().waitFor();

    for (const { entry, title, loaded, check } of pages) {
      if (entry !== 'Dashboard') await navigate(page, entry, title);
      await heading(page, title).waitFor();
      assert.equal(await page.title(), `${title} - Trustee Portal`);
      await loaded(page).first().waitFor();
      await check(page, manage);
      await screenshot(page, `${role}-${title.toLowerCase().replaceAll(' ', '-')}`);
    }
    await userManagement(page, role);

    assert.deepEqual(context.externalRequests ?? [], [], 'nothing is loaded from another origin');
    assertNoPageErrors(page);
    await context.close();
  });
}
