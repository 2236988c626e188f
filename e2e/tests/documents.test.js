// The document library: upload through the dialog, see the document in its category tab and on the
// dashboard, download it and compare the bytes, open the PDF viewer through a view ticket, delete it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  BASE,
  api,
  assertNoPageErrors,
  createUser,
  dialog,
  fixture,
  fixtureBytes,
  gone,
  heading,
  launch,
  navigate,
  rawApi,
  screenshot,
  signedInPage,
  toast,
  unique,
  opensInReader,
} from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function upload(page, { title, category, file, version }) {
  await page.getByRole('button', { name: 'Upload Document', exact: true }).click();
  const form = dialog(page, 'Upload Document');
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel(/^Category/).selectOption({ label: category });
  if (version) await form.getByLabel('Version').fill(version);
  await form.getByLabel(/^File/).setInputFiles(fixture(file));
  await form.getByRole('button', { name: 'Upload', exact: true }).click();
  await toast(page, 'Document uploaded successfully').waitFor();
  await gone(form);
}

async function downloadBytes(page, title) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${title}` }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

test('upload, list by category, dashboard, download, view and delete a PDF', async () => {
  const chair = await createUser('chair');
  const { context, page } = await signedInPage(browser, chair);
  const title = unique('Finance Report');

  await navigate(page, 'Documents', 'Document Library');
  // The dialog validates before sending.
  await page.getByRole('button', { name: 'Upload Document', exact: true }).click();
  const form = dialog(page, 'Upload Document');
  await form.getByText('PDF, Word, Excel or text. Max 10MB').waitFor();
  await form.getByRole('button', { name: 'Upload', exact: true }).click();
  await form.getByText('Title is required').waitFor();
  await form.getByText('Category is required').waitFor();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await gone(form);

  await upload(page, { title, category: 'Finance', file: 'board-paper.pdf', version: '2.1' });

  // In All Documents: under the Finance group, with its size and version.
  const finance = page.getByRole('region', { name: 'Finance' });
  const row = finance.getByRole('row', { name: new RegExp(title) });
  await row.waitFor();
  // 611 bytes: below 1 KB a size is given in bytes, never rounded to '1 KB' or '0 KB'.
  await row.getByText('611 bytes').waitFor();
  await row.getByRole('cell', { name: '2.1', exact: true }).waitFor();
  await screenshot(page, 'documents-uploaded');

  // In its own tab, and not in another.
  await page.getByRole('tab', { name: 'Finance' }).click();
  await page.getByRole('table', { name: 'Finance documents' }).getByText(title).waitFor();
  await page.getByRole('tab', { name: 'Policies' }).click();
  await page
    .getByRole('table', { name: 'Policies documents' })
    .or(page.getByText('No documents in the Policies category.'))
    .waitFor();
  assert.equal(await page.getByText(title).count(), 0);

  // On the dashboard: the recently updated documents and the count.
  await navigate(page, 'Dashboard', 'Dashboard');
  const recent = page.getByRole('region', { name: 'Recently Updated Documents' });
  const recentRow = recent.getByRole('row', { name: new RegExp(title) });
  await recentRow.waitFor();
  await recentRow.getByText('Finance', { exact: true }).waitFor();

  // Download: the exact bytes, under the file's name.
  await navigate(page, 'Documents', 'Document Library');
  const pdf = await downloadBytes(page, title);
  assert.equal(pdf.name, 'board-paper.pdf');
  assert.ok(
    pdf.bytes.equals(fixtureBytes('board-paper.pdf')),
    'the downloaded PDF has the uploaded bytes',
  );

  // Read: the PDF opens in the portal's reader, fetched with the bearer header from the download URL.
  const { id } = (await api('/api/documents', { token: chair.token })).find(
    (d) => d.title === title,
  );
  await opensInReader(
    page,
    page.getByRole('button', { name: `Read ${title}` }),
    new RegExp(`^/api/documents/${id}/download$`),
  );
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await screenshot(page, 'documents-pdf-reader');
  // A view ticket (the new-tab link other files use) opens that document only, and is no session token.
  const { url } = await api(`/api/documents/${id}/view-ticket`, { token: chair.token, method: 'POST' });
  const ticket = new URL(url, BASE).searchParams.get('ticket');
  assert.ok(ticket, 'the link carries a view ticket');
  assert.notEqual(ticket, chair.token);
  assert.notEqual(ticket, await page.evaluate(() => window.localStorage.getItem('token')));
  const misuse = await rawApi('/api/auth/me', { token: ticket });
  assert.equal(misuse.status, 401);
  await page.goBack();

  // Delete, after confirmation.
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Document' });
  await confirm
    .getByText(`Are you sure you want to delete "${title}"?`, { exact: false })
    .waitFor();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await toast(page, 'Document deleted successfully').waitFor();
  await gone(page.getByText(title));
  assertNoPageErrors(page);
  await context.close();
});

test('a text document downloads byte for byte and offers no viewer; trustees only read', async () => {
  const admin = await createUser('admin');
  const trustee = await createUser('trustee');
  const title = unique('Board Notes');
  {
    const { context, page } = await signedInPage(browser, admin);
    await navigate(page, 'Documents', 'Document Library');
    // Opened from a category tab, the dialog starts in that category.
    await page.getByRole('tab', { name: 'Safeguarding' }).click();
    await page.getByRole('button', { name: 'Upload Document', exact: true }).click();
    const form = dialog(page, 'Upload Document');
    assert.equal(await form.getByLabel(/^Category/).inputValue(), 'safeguarding');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await gone(form);
    await page.getByRole('tab', { name: 'All Documents' }).click();
    await upload(page, { title, category: 'Safeguarding', file: 'notes.txt' });
    await context.close();
  }

  const { context, page } = await signedInPage(browser, trustee);
  await navigate(page, 'Documents', 'Document Library');
  await page.getByRole('tab', { name: 'Safeguarding' }).click();
  const row = page
    .getByRole('table', { name: 'Safeguarding documents' })
    .getByRole('row', { name: new RegExp(title) });
  await row.waitFor();
  assert.equal(
    await row.getByRole('button', { name: `View ${title}` }).count(),
    0,
    'no viewer for text',
  );
  assert.equal(
    await row.getByRole('button', { name: `Delete ${title}` }).count(),
    0,
    'trustees do not delete',
  );
  assert.equal(await page.getByRole('button', { name: 'Upload Document' }).count(), 0);

  const text = await downloadBytes(page, title);
  assert.equal(text.name, 'notes.txt');
  assert.ok(
    text.bytes.equals(fixtureBytes('notes.txt')),
    'the downloaded text has the uploaded bytes',
  );
  await heading(page, 'Document Library').waitFor();
  assertNoPageErrors(page);
  await context.close();
});
