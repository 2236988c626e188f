// Governance (issue 14): a trustee adds an interest to the register and sees it listed and its history;
// a chair proposes a written resolution which three trustees vote on, the tally hidden until each has
// voted, and it passes. (Conflicts on agenda items arrive with the meeting agenda of issue 13.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import {
  api,
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

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a trustee adds an interest, which the register lists with its history', async () => {
  const trustee = await createUser('trustee');
  const organisation = unique('Northside Housing');
  const { context, page } = await signedInPage(browser, trustee);
  await navigate(page, 'Governance', 'Governance');
  await page.getByRole('tab', { name: 'Register of interests' }).waitFor();

  await page.getByRole('button', { name: 'Add interest' }).click();
  const form = dialog(page, 'Add interest');
  await form.getByLabel(/^Kind/).selectOption('directorship');
  await form.getByLabel(/^Organisation or person/).fill(organisation);
  await form.getByLabel(/^Nature of the interest/).fill('Non-executive director');
  await form.getByLabel(/^Since/).fill('2024-05-01');
  await form.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Interest added').waitFor();
  await gone(form);

  const current = page.getByRole('table', { name: 'Current interests' });
  const row = current.getByRole('row', { name: new RegExp(organisation) });
  await row.getByText(trustee.name).waitFor();
  await row.getByText('Since May 1, 2024').waitFor();
  await row.getByRole('button', { name: `History of ${organisation}` }).click();
  const history = dialog(page, 'History of this entry');
  await history.getByText(`Added by ${trustee.name}`).waitFor();
  await screenshot(page, 'governance-interest-history');
  await history.getByRole('button', { name: 'Close' }).click();

  const rows = await api(`/api/interests?userId=${trustee.id}`, {
    token: trustee.token,
  });
  assert.deepEqual(
    rows.map((r) => [r.organisation, r.kind, r.startedOn, r.current]),
    [[organisation, 'directorship', '2024-05-01', true]],
  );
  assertNoPageErrors(page);
  await context.close();
});

test('a chair proposes a written resolution; three trustees vote for it and it passes', async () => {
  const chair = await createUser('chair');
  const voters = [
    await createUser('trustee'),
    await createUser('trustee'),
    await createUser('trustee'),
  ];
  const title = unique('Adopt the reserves policy');

  const { context, page } = await signedInPage(browser, chair);
  await page.goto('/governance?tab=resolutions');
  await page.getByRole('button', { name: 'Propose a resolution' }).click();
  const form = dialog(page, 'Propose a written resolution');
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel(/^Resolution text/).fill('That the board adopts the reserves policy.');
  await form.getByLabel(/^Voting closes/).fill('2099-01-31T17:00');
  await form.getByLabel('Passes with').selectOption('count');
  await form.getByLabel('Votes for needed').fill('3');
  await form.getByRole('button', { name: 'Propose' }).click();
  await toast(page, 'Resolution proposed').waitFor();
  await gone(form);
  await context.close();

  const id = (await api('/api/resolutions', { token: chair.token })).find(
    (r) => r.title === title,
  ).id;
  // Two trustees vote through the API; the third in the browser, who sees the tally only afterwards.
  for (const voter of voters.slice(0, 2)) {
    await api(`/api/resolutions/${id}/votes`, {
      token: voter.token,
      method: 'POST',
      body: { vote: 'for' },
    });
  }
  const last = await signedInPage(browser, voters[2]);
  await last.page.goto('/governance?tab=resolutions');
  const card = last.page.getByRole('article', { name: title });
  await card.getByText('The tally is shown once you have voted or voting has closed.').waitFor();
  await card.getByLabel('Comment (optional)').fill('Agreed');
  await card.getByRole('button', { name: 'Vote for' }).click();
  await toast(last.page, 'Vote recorded').waitFor();
  await card.getByText('Passed', { exact: true }).waitFor();
  await card.getByText(/For 3 · Against 0 · Abstain 0/).waitFor();
  await card.getByText(`${voters[2].name}: for – “Agreed”`, { exact: false }).waitFor();
  await screenshot(last.page, 'governance-resolution-passed');
  await last.context.close();

  const decided = await api(`/api/resolutions/${id}`, { token: chair.token });
  assert.equal(decided.status, 'passed');
  assert.equal(decided.decidedEarly, true);
  assert.equal(decided.votes.length, 3);
});

test('every governance tab passes axe (no serious or critical violations), light and dark', async () => {
  const admin = await createUser('admin');
  const trustee = await createUser('trustee');
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
  for (const colorScheme of ['light', 'dark']) {
    const { context, page } = await signedInPage(browser, admin, { colorScheme });
    for (const tab of ['interests', 'terms', 'declarations', 'resolutions']) {
      await page.goto(`/governance?tab=${tab}`);
      await gone(page.getByRole('progressbar'));
      const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      assert.deepEqual(serious, [], `${tab} (${colorScheme})`);
    }
    await context.close();
  }
});
