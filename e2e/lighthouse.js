// Lighthouse 12 on a signed-in page of the portal, without puppeteer's browser download: chrome-launcher
// starts Debian's Chromium (headless, no sandbox), playwright-core attaches to the same debugging port to put
// the user's session token in storage (as the sign-in page leaves it), and Lighthouse's Node API audits the
// page with its storage kept (`disableStorageReset`). Used by tests/lighthouse.test.js (make test's e2e run)
// and scripts/lighthouse.sh (`make lighthouse`).
import { launch as launchChrome } from 'chrome-launcher';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { BASE } from './tests/helpers.js';

// Not SEO: the portal asks not to be indexed (X-Robots-Tag: noindex), which that category marks down.
export const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/** The metrics printed beside the scores (the performance score is made of them). */
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

/**
 * Audits `urlPath` signed in with `token`, with the desktop or mobile preset. Answers the scores (0-100) per
 * category, the metrics' display values, and the failed audits of the categories below 100.
 */
export async function audit(urlPath, token, { preset = 'desktop' } = {}) {
  const chrome = await launchChrome({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    logLevel: 'silent',
  });
  try {
    // The session as the sign-in page leaves it: the token in the origin's local storage.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${BASE}/favicon.svg`);
    await page.evaluate((value) => window.localStorage.setItem('token', value), token);
    await page.close();
    await browser.close(); // detaches; the browser stays up for Lighthouse

    const result = await lighthouse(
      `${BASE}${urlPath}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        disableStorageReset: true,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]),
    );
    const metrics = Object.fromEntries(
      METRICS.map(([id, name]) => [name, lhr.audits[id]?.displayValue ?? '?']),
    );
    const failures = [];
    for (const id of CATEGORIES) {
      if (scores[id] === 100) continue;
      for (const ref of lhr.categories[id].auditRefs) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a.score !== null && a.score < 1) {
          failures.push(
            `${id}: ${a.id} (${a.score}) ${a.title}${a.displayValue ? ` - ${a.displayValue}` : ''}`,
          );
        }
      }
    }
    return { url: lhr.finalDisplayedUrl, scores, metrics, failures, lhr };
  } finally {
    await chrome.kill();
  }
}

/** One line of figures, e.g. "desktop: performance 99, accessibility 100, ... | FCP 0.4 s, ...". */
export function describe(preset, { scores, metrics }) {
  const s = CATEGORIES.map((id) => `${id} ${scores[id]}`).join(', ');
  const m = Object.entries(metrics)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
  return `${preset}: ${s} | ${m}`;
}
