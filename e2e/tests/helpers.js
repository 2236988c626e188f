// Shared pieces of the end-to-end tests: the browser, the portal's address, and API shortcuts that set up
// known data for each test (unique names, so tests never depend on each other's leftovers).
//
// Rules of the suite: one browser per file, a new context per test; no fixed sleeps (wait for what the
// user would see: locator.waitFor, page.waitForURL, waitForEvent, or `eventually` below).
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { mkdirSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import assert from 'node:assert/strict';
import * as OTPAuth from 'otpauth';

export const BASE = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL,
  password: process.env.E2E_ADMIN_PASSWORD,
};
export const ARTIFACTS = process.env.E2E_ARTIFACTS ?? 'test-results';
export const DATABASE_URL = process.env.E2E_DATABASE_URL;
export const PASSWORD = 'e2e-password-1';
/** How long a wait for something on screen may take before the test fails. */
export const TIMEOUT = 10_000;

const here = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES = path.join(here, '..', 'fixtures');
export const fixture = (name) => path.join(FIXTURES, name);
export const fixtureBytes = (name) => readFileSync(fixture(name));

export async function launch() {
  return chromium.launch({
    executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** A fresh context (its own storage: one signed-in user) with the suite's defaults. */
export async function newContext(browser, options = {}) {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 1280, height: 900 },
    colorScheme: 'light',
    reducedMotion: 'reduce',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    acceptDownloads: true,
    ...options,
  });
  context.setDefaultTimeout(TIMEOUT);
  context.setDefaultNavigationTimeout(TIMEOUT);
  // Nothing may be loaded from another origin (private network, strict CSP): fail loudly if it is.
  context.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && !url.startsWith(BASE)) {
      context.externalRequests = [...(context.externalRequests ?? []), url];
    }
  });
  return context;
}

/** A page that records its uncaught errors, to be checked with `assertNoPageErrors`. */
export async function newPage(context) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(`pageerror: ${error.message}`));
  return page;
}

export function assertNoPageErrors(page) {
  assert.deepEqual(page.errors, [], 'uncaught errors in the page');
}

export function unique(prefix) {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

/** Calls the API directly (through nginx) and returns the parsed JSON; throws on a non-OK answer. */
export async function api(urlPath, { token, method = 'GET', body, form } = {}) {
  const response = await rawApi(urlPath, { token, method, body, form });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** As `api`, but answers the Response whatever its status. */
export async function rawApi(urlPath, { token, method = 'GET', body, form } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload;
  if (form) payload = form;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return fetch(`${BASE}${urlPath}`, { method, headers, body: payload });
}

export async function login(email, password) {
  const { token } = await api('/api/auth/login', { method: 'POST', body: { email, password } });
  return token;
}

// The first admin (created by the server from ADMIN_EMAIL/ADMIN_PASSWORD) only sets data up through the
// API and never signs out: signing out revokes every token of a user. Tests that act as an admin in the
// browser create their own admin.
let adminTokenPromise;
export function adminToken() {
  adminTokenPromise ??= login(ADMIN.email, ADMIN.password);
  return adminTokenPromise;
}

/** Creates an active user with a known password; answers it with `password` and an API `token`. */
export async function createUser(role, name = unique(role[0].toUpperCase() + role.slice(1))) {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.org`;
  const user = await api('/api/users', {
    token: await adminToken(),
    method: 'POST',
    body: { name, email, password: PASSWORD, role },
  });
  const token = await login(email, PASSWORD);
  return { ...user, password: PASSWORD, token };
}

/** A small PDF with one page per entry of `pages`, each a few lines of Helvetica text. */
export function textPdf(pages) {
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add('');
  const tree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids = [];
  for (const lines of pages) {
    const text = lines
      .map((line, i) => `BT /F1 14 Tf 72 ${720 - i * 24} Td (${line}) Tj ET`)
      .join('\n');
    const content = add(
      `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    );
    kids.push(
      add(
        `<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${tree} 0 R >>`;
  objects[tree - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets
    .map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)
    .join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Uploads a fixture as a library document through the API. */
export async function createDocument(
  token,
  { title = unique('Paper'), category = 'misc', file = 'board-paper.pdf' } = {},
) {
  const form = new FormData();
  form.append('title', title);
  form.append('category', category);
  form.append('version', '1.0');
  form.append('file', new Blob([fixtureBytes(file)]), file);
  return api('/api/documents', { token, method: 'POST', form });
}

export async function createAction(
  token,
  { title = unique('Action'), assignedTo, dueDate = null, priority = 'medium', description = '' },
) {
  return api('/api/actions', {
    token,
    method: 'POST',
    body: { title, description, assignedTo, dueDate, priority },
  });
}

export async function createNotice(
  token,
  {
    title = unique('Notice'),
    content = 'Notice text.',
    priority = 'normal',
    pinned = false,
    expiresAt = null,
  } = {},
) {
  return api('/api/notices', {
    token,
    method: 'POST',
    body: { title, content, priority, pinned, expiresAt },
  });
}

export async function createMeeting(
  token,
  {
    title = unique('Meeting'),
    meetingDate = daysFromNow(30),
    description = '',
    location = null,
  } = {},
) {
  return api('/api/meetings', {
    token,
    method: 'POST',
    body: { title, description, meetingDate, location, meetingLink: null, agendaLink: null },
  });
}

export async function createCommittee(
  token,
  { name = unique('Committee'), description = '' } = {},
) {
  return api('/api/committees', { token, method: 'POST', body: { name, description } });
}

export async function pendingActionsCount() {
  const stats = await api('/api/dashboard/stats', { token: await adminToken() });
  return stats.pendingActions;
}

export function daysFromNow(days) {
  return new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();
}

/** The value of an <input type="datetime-local"> `days` from now, in the browser's zone (Europe/London). */
export function localInput(days, hour = 18, minute = 30) {
  const date = new Date(Date.now() + days * 24 * 3600 * 1000);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
  return `${parts}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Runs SQL on the test database (for states the API cannot produce, e.g. a notice that has expired). */
export function sql(statement) {
  assert.ok(DATABASE_URL, 'E2E_DATABASE_URL is needed');
  return execFileSync('psql', [DATABASE_URL, '-Atqc', statement], { encoding: 'utf8' }).trim();
}

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page, user) {
  await page.goto('/login');
  await fillSignIn(page, user.email, user.password);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

export async function fillSignIn(page, email, password) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * A page of the portal signed in as the user, in a context of its own: the user's session token is put in
 * storage (as the sign-in page leaves it), then the dashboard is opened. Sign-in through the login page
 * itself is covered by auth.test.js, mobile.test.js and accessibility.test.js.
 */
export async function signedInPage(browser, user, contextOptions = {}) {
  const context = await newContext(browser, contextOptions);
  const page = await newPage(context);
  await page.goto('/favicon.svg'); // the portal's origin, without starting the app
  await page.evaluate((token) => window.localStorage.setItem('token', token), user.token);
  await page.goto('/');
  await heading(page, 'Dashboard').waitFor();
  return { context, page };
}

export const sidebar = (page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Follows a sidebar entry and waits for the page's title (its h1). */
export async function navigate(page, entry, title) {
  await sidebar(page).getByRole('link', { name: entry }).click();
  await heading(page, title).waitFor();
}

/** The button at the foot of the sidebar, with the user's name and role, that opens the account menu. */
export const accountMenuButton = (page) => page.getByRole('button', { name: /account menu$/ });

/**
 * Opens the account menu and follows one of its entries (Account security, Notification settings, Sign
 * Out). On a phone the sidebar's drawer must be open first; `tap` uses touch instead of the mouse.
 */
export async function accountMenu(page, entry, { tap = false } = {}) {
  const button = accountMenuButton(page);
  await (tap ? button.tap() : button.click());
  const item = page.getByRole('menuitem', { name: entry, exact: true });
  await (tap ? item.tap() : item.click());
}

/** Signs out through the account menu and waits for the sign-in page. */
export async function signOut(page) {
  await accountMenu(page, 'Sign Out');
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
}

export const heading = (page, title) =>
  page.getByRole('heading', { name: title, level: 1, exact: true });

/** The toast on screen (role status for success, alert for errors) holding this text (title or description). */
export function toast(page, text) {
  const region = page.getByRole('region', { name: 'Notifications (F8)' });
  return region.getByRole('status').or(region.getByRole('alert')).filter({ hasText: text });
}

/** A dialog by its title. */
export const dialog = (page, title) => page.getByRole('dialog', { name: title });

/** Waits until `check` (sync or async) stops throwing, polling; the last error is reported on time-out. */
export async function eventually(check, { timeout = TIMEOUT, interval = 100 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }
}

export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({
    path: path.join(ARTIFACTS, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/** The locator's count, once it is stable at `expected`. */
export async function expectCount(locator, expected) {
  await eventually(async () => assert.equal(await locator.count(), expected));
}

/** Waits until the locator matches nothing. */
export async function gone(locator) {
  await expectCount(locator, 0);
}

/** The WCAG 2.2 level A and AA rules of axe-core (0 violations on every page). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe's WCAG 2.2 A and AA rules on the page as it is, once nothing is loading (no progress bar, no
 * skeleton). Answers the violations, of every impact, one line each with up to five of their nodes.
 */
export async function axeViolations(page) {
  await gone(page.getByRole('progressbar'));
  await gone(page.locator('.MuiSkeleton-root'));
  // Legacy mode runs axe in the page itself rather than finishing in a blank page of its own: the portal
  // has no frames, and it halves the time of a scan.
  const results = await new AxeBuilder({ page })
    // Only the violations are wanted: axe then keeps one example of each pass, which saves time. (First:
    // `options` replaces every option, the rules chosen by `withTags` included.)
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_22_AA)
    .setLegacyMode(true)
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map(
          (n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`,
        )
        .join('\n'),
  );
}

/** Fails on any WCAG 2.2 A or AA violation axe finds on the page as it is, listing them. */
export async function assertAxeClean(page, what) {
  assert.deepEqual(await axeViolations(page), [], `axe found WCAG 2.2 AA violations on ${what}`);
}

/**
 * Opens a PDF in the portal's reader through `control` (its "Read" link or button; `tap` on a phone):
 * the reader's address, the file fetched from `downloadPath` (a RegExp) with the bearer header and never
 * a token in the URL, and the first page drawn with its text. Answers the file's response.
 */
export async function opensInReader(page, control, downloadPath, { tap = false } = {}) {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const fetched = page.waitForResponse((r) => downloadPath.test(new URL(r.url()).pathname));
  await (tap ? control.tap() : control.click());
  await page.waitForURL(/\/(read\/(documents|minutes)|meetings\/\d+\/(papers|pack))/);
  const response = await fetched;
  assert.ok([200, 206].includes(response.status()), `the reader fetched the file: ${response.status()}`);
  assert.ok(token && !response.url().includes(token), 'the session token is not in the URL');
  assert.equal((await response.request().allHeaders()).authorization, `Bearer ${token}`);
  await page.locator('[data-reader-page="1"] .textLayer span').first().waitFor();
  return response;
}

/** The authenticator app: TOTP codes (RFC 6238, SHA-1, 6 digits, 30 s) from a two-factor key. */
export function authenticator(secret) {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  let last = null;
  return {
    /** A code the server has not seen yet: a used code cannot be replayed, so wait for the next one. */
    async code() {
      let code;
      await eventually(
        () => {
          code = totp.generate();
          assert.notEqual(code, last, 'waiting for the next 30-second code');
        },
        { timeout: 35_000, interval: 500 },
      );
      last = code;
      return code;
    },
  };
}
