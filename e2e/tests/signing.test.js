// Signing and checking (docs/spec.md §16): a chair who signs in with two-factor signs approved minutes on
// the meeting page with a current code from the app, and downloads the signed PDF, whose SHA-256 is the one
// the portal recorded; then an outsider, not signed in, checks that file on /verify (exactly what was
// signed, by whom and when), the same file with one byte changed (not signed), and the verification code.
// The minutes reach "approved" through the API: meeting-cycle.test.js walks that path in the browser.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  api,
  assertNoPageErrors,
  authenticator,
  createMeeting,
  createUser,
  daysFromNow,
  dialog,
  eventually,
  heading,
  launch,
  newContext,
  newPage,
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

/**
 * A chair with two-factor sign-in on (enrolled through the API; account-security.test.js enrols in the
 * browser), signed in again with a recovery code so that their session is a two-factor one. Answers the
 * chair with that session's token and their authenticator app.
 */
async function twoFactorChair() {
  const chair = await createUser('chair');
  const { secret } = await api('/api/auth/mfa/setup', { token: chair.token, method: 'POST' });
  const app = authenticator(secret);
  const { recoveryCodes } = await api('/api/auth/mfa/enable', {
    token: chair.token,
    method: 'POST',
    body: { code: await app.code() },
  });
  const challenge = await api('/api/auth/login', {
    method: 'POST',
    body: { email: chair.email, password: chair.password },
  });
  assert.equal(challenge.mfaRequired, true, 'the chair signs in with a second factor');
  const { token } = await api('/api/auth/mfa/verify', {
    method: 'POST',
    body: { mfaToken: challenge.mfaToken, code: recoveryCodes[0] },
  });
  return { chair: { ...chair, token }, app };
}

/** Minutes of a past meeting with one decision, circulated and approved at a later meeting (API). */
async function approvedMinutes(token) {
  const meeting = await createMeeting(token, {
    title: unique('Board meeting'),
    meetingDate: daysFromNow(-21),
  });
  const later = await createMeeting(token, {
    title: unique('Next board meeting'),
    meetingDate: daysFromNow(-1),
  });
  const minutes = `/api/meetings/${meeting.id}/written-minutes`;
  await api(minutes, { token, method: 'POST', body: {} });
  const decision = unique('The board approved the reserves policy');
  await api(`${minutes}/entries`, {
    token,
    method: 'POST',
    body: { kind: 'decision', text: decision },
  });
  await api(`${minutes}/circulate`, { token, method: 'POST' });
  await api(`${minutes}/approve`, {
    token,
    method: 'POST',
    body: { approvedOn: daysFromNow(-1).slice(0, 10), approvedAtMeetingId: later.id },
  });
  return meeting;
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The day as /verify writes it ('Nov 28, 2026', dayjs 'MMM D, YYYY' in the browser's zone). */
const shownDate = (iso) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/London',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(iso));

test('a two-factor chair signs approved minutes; an outsider checks the file, a changed copy and the code', async () => {
  const { chair, app } = await twoFactorChair();
  const meeting = await approvedMinutes(chair.token);

  // The chair signs on the meeting page with a current code from the app.
  const officer = await signedInPage(browser, chair);
  const { page } = officer;
  await page.goto(`/meetings/${meeting.id}`);
  await heading(page, meeting.title).waitFor();
  const minutes = page.getByRole('region', { name: 'Minutes' });
  await minutes.getByText('Not signed yet.').waitFor();
  await minutes.getByRole('button', { name: 'Sign minutes' }).click();
  const sign = dialog(page, 'Sign minutes');
  await sign.getByText(/Signing adds a signature page to version 1 of these minutes/).waitFor();
  // Two-factor signers are asked for a code first, not the password.
  assert.equal(await sign.getByLabel('Password').count(), 0);
  await sign.getByLabel(/^Two-factor code/).fill(await app.code());
  const signed = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/meetings/${meeting.id}/written-minutes/sign`) &&
      r.request().method() === 'POST',
  );
  await sign.getByRole('button', { name: 'Sign minutes' }).click();
  const response = await signed;
  assert.equal(response.status(), 201, await response.text());
  const signature = await response.json();
  assert.equal(signature.method, 'totp');
  assert.equal(signature.signerName, chair.name);
  assert.match(signature.signedSha256, /^[0-9a-f]{64}$/);
  assert.match(signature.verificationCode, /^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
  await toast(page, 'Minutes signed').waitFor();
  const line = minutes.getByRole('region', { name: 'Signature' });
  await line
    .getByText(
      new RegExp(
        `^Signed by ${chair.name}, ${signature.role}, .*, code ${signature.verificationCode}$`,
      ),
    )
    .waitFor();
  await screenshot(page, 'signing-signed');

  // The signed PDF as downloaded: a PDF whose bytes hash to what the portal recorded (and still answers).
  const download = page.waitForEvent('download');
  await line.getByRole('button', { name: 'Download signed PDF' }).click();
  const file = await download;
  const bytes = await readFile(await file.path());
  assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.equal(sha256(bytes), signature.signedSha256);
  const recorded = await api(`/api/meetings/${meeting.id}/written-minutes/signature`, {
    token: chair.token,
  });
  assert.equal(recorded.signedSha256, sha256(bytes));
  assert.equal(recorded.verificationCode, signature.verificationCode);
  assertNoPageErrors(page);
  await officer.context.close();

  // An outsider, not signed in, checks the file on /verify.
  const context = await newContext(browser);
  const outsider = await newPage(context);
  await outsider.goto('/verify');
  await heading(outsider, 'Check a signed document').waitFor();
  const check = outsider.getByRole('button', { name: 'Check', exact: true });
  const signedBy = `${chair.name} (${signature.role}) on ${shownDate(signature.signedAt)}.`;

  await outsider
    .getByLabel('Choose a PDF file')
    .setInputFiles({ name: 'signed-minutes.pdf', mimeType: 'application/pdf', buffer: bytes });
  await outsider.getByText('Chosen: signed-minutes.pdf').waitFor();
  await check.click();
  const answer = outsider.getByRole('alert').filter({ hasText: /signed by the portal/i });
  await answer.getByText('Signed by the portal', { exact: true }).waitFor();
  await answer.getByText(`This file is exactly the document signed by ${signedBy}`).waitFor();
  await screenshot(outsider, 'signing-verify-signed');

  // The same file with one byte changed is not one the portal signed.
  const changed = Buffer.from(bytes);
  changed[Math.floor(changed.length / 3)] ^= 0x01;
  await outsider
    .getByLabel('Choose a PDF file')
    .setInputFiles({ name: 'changed-minutes.pdf', mimeType: 'application/pdf', buffer: changed });
  await outsider.getByText('Chosen: changed-minutes.pdf').waitFor();
  await check.click();
  await answer.getByText('Not signed by the portal', { exact: true }).waitFor();
  await answer
    .getByText('This file is not a document the portal signed, or it has been changed since.')
    .waitFor();
  assert.equal(await outsider.getByText('Signed by the portal', { exact: true }).count(), 0);

  // The verification code printed on the signature page, typed in small letters: the same signer.
  await outsider.getByRole('button', { name: 'Clear the file' }).click();
  const codeField = outsider.getByRole('textbox', { name: 'Verification code' });
  await codeField.fill(signature.verificationCode.toLowerCase());
  await check.click();
  await answer.getByText('Signed by the portal', { exact: true }).waitFor();
  await answer.getByText(`This code belongs to the document signed by ${signedBy}`).waitFor();
  // A code the portal never printed.
  const other = signature.verificationCode.startsWith('A') ? 'BBBBB-BBBBB' : 'AAAAA-AAAAA';
  await codeField.fill(other);
  await check.click();
  await answer.getByText('This code is not one the portal printed on a signed document.').waitFor();
  await screenshot(outsider, 'signing-verify-code');

  assert.equal(
    await outsider.evaluate(() => window.localStorage.getItem('token')),
    null,
    'the outsider never signed in',
  );
  assertNoPageErrors(outsider);
  await context.close();
});
