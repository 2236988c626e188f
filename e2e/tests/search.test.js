// Search (spec §15 Search, §2 The search box and results page): a trustee types a word from inside the
// budget paper into the search box and opens the paper from the result, in the reader at the page holding
// the word; a trustee outside a committee finds nothing of its chat, while a member finds the message.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  api,
  assertNoPageErrors,
  createCommittee,
  createUser,
  daysFromNow,
  eventually,
  launch,
  signedInPage,
  textPdf,
  unique,
} from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A word no other test writes: letters only, so that stemming leaves it whole. */
const uniqueWord = (stem) =>
  `${stem}${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

const searchApi = (user, q) =>
  api(`/api/search?q=${encodeURIComponent(q)}`, { token: user.token });

test('a word from inside the budget paper finds it, and the result opens it at that page', async () => {
  const chair = await createUser('chair');
  const trustee = await createUser('trustee');
  const word = uniqueWord('reserves');
  const meeting = await api('/api/meetings', {
    token: chair.token,
    method: 'POST',
    body: { title: unique('Board meeting'), meetingDate: daysFromNow(10) },
  });
  const item = await api(`/api/meetings/${meeting.id}/agenda-items`, {
    token: chair.token,
    method: 'POST',
    body: { title: 'Budget 2027', purpose: 'decision', durationMinutes: 20 },
  });
  // The demo board's budget paper, as a PDF of two pages; the word is on the second.
  const form = new FormData();
  form.append('title', 'Budget and Cash-flow Forecast');
  form.append(
    'file',
    new Blob([
      textPdf([
        ['BUDGET AND CASH-FLOW FORECAST: NOTES FOR TRUSTEES', 'Total budgeted income: 578,000.'],
        ['Total budgeted expenditure: 566,500,', `including a cost-of-living pay award (${word}).`],
      ]),
    ]),
    'budget-and-cashflow.pdf',
  );
  const paper = await api(`/api/meetings/${meeting.id}/agenda-items/${item.id}/papers`, {
    token: chair.token,
    method: 'POST',
    form,
  });
  await api(`/api/meetings/${meeting.id}/publish`, { token: chair.token, method: 'POST' });
  // The text is read in the background after the upload: wait until the server finds it.
  await eventually(async () => assert.equal((await searchApi(trustee, word)).total, 1), {
    timeout: 30_000,
    interval: 250,
  });

  const { context, page } = await signedInPage(browser, trustee);
  await page.keyboard.press('/');
  const box = page.getByRole('combobox', { name: 'Search the portal' });
  await box.waitFor();
  assert.equal(await box.evaluate((el) => el === document.activeElement), true, '/ focuses the box');
  await box.fill(word);
  const option = page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option', { name: /Budget and Cash-flow Forecast/ });
  // On a busy machine the answer may take a while; if it never comes, say what the box showed instead.
  await option.waitFor({ timeout: 30_000 }).catch(async (error) => {
    const status = await page.getByRole('status').allTextContents();
    const typed = await box.inputValue();
    throw new Error(`no result option: the box holds "${typed}" and says ${JSON.stringify(status)}`, {
      cause: error,
    });
  });
  await option.click();
  await page.waitForURL(
    (url) => url.pathname === `/meetings/${meeting.id}/papers/${paper.id}` && url.searchParams.get('q') === word,
  );
  // The reader opens at the page that holds the word, with it in its search.
  await page.getByText('Page 2 of 2').waitFor();
  assert.equal(await page.getByLabel('Search in the document').inputValue(), word);
  assertNoPageErrors(page);
  await context.close();
});

test('committee chat is found by its members and by nobody outside the committee', async () => {
  const admin = await createUser('admin');
  const member = await createUser('trustee');
  const outsider = await createUser('trustee');
  const committee = await createCommittee(admin.token, { name: unique('Finance Committee') });
  await api(`/api/committees/${committee.id}/members`, {
    token: admin.token,
    method: 'POST',
    body: { userId: member.id },
  });
  const word = uniqueWord('overdraft');
  await api(`/api/committees/${committee.id}/messages`, {
    token: member.token,
    method: 'POST',
    body: { message: `Can we agree the ${word} limit before the next meeting?` },
  });

  // The member finds the message (so the search below could have found it).
  const found = await searchApi(member, word);
  assert.equal(found.total, 1);
  assert.equal(found.results[0].kind, 'chatMessage');

  // The outsider, on a phone: the search button, the word, the results page: nothing, no count.
  const { context, page } = await signedInPage(browser, outsider, PHONE);
  await page.getByRole('button', { name: 'Search', exact: true }).tap();
  const box = page.getByRole('combobox', { name: 'Search the portal' });
  await box.fill(word);
  await page.getByText(`No results for “${word}”`).first().waitFor();
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === word);
  await page.getByRole('main').getByText(`No results for “${word}”`).waitFor();
  const hidden = await searchApi(outsider, word);
  assert.deepEqual({ total: hidden.total, counts: hidden.counts, results: hidden.results }, {
    total: 0,
    counts: {},
    results: [],
  });
  assertNoPageErrors(page);
  await context.close();
});
