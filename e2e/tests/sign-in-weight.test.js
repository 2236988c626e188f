// The sign-in page's first load (docs/performance.md): every script the browser fetches before the e-mail field
// accepts input, gzipped at level 9, at most 150 KB. The build checks the same budget from webpack's chunk
// groups (frontend/scripts/bundle-sizes.mjs); this test checks it from what the browser really fetched
// through nginx, and that the build's count left no script out.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { assertNoPageErrors, launch, newContext, newPage } from './helpers.js';

const LIMIT_KB = 150;
const stats = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../frontend/.webpack-stats.json',
);

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the sign-in page loads at most 150 KB of JavaScript before its form accepts input', async () => {
  const context = await newContext(browser);
  const page = await newPage(context);
  const scripts = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request);
  });
  await page.goto('/login');
  // `fill` waits until the field is visible, enabled and editable: the form accepts input.
  await page.getByLabel('Email', { exact: true }).fill('someone@example.org');
  const fetched = [...scripts];

  let total = 0;
  const files = [];
  for (const request of fetched) {
    const response = await request.response();
    assert.ok(response?.ok(), `${request.url()} loaded`);
    const size = gzipSync(await response.body(), { level: 9 }).length;
    total += size;
    files.push(new URL(request.url()).pathname.replace(/^\//, ''));
    console.log(`  ${request.url()}: ${(size / 1024).toFixed(1)} KB gzip -9`);
  }
  console.log(`sign-in page JavaScript: ${files.length} files, ${(total / 1024).toFixed(1)} KB`);
  assert.ok(total <= LIMIT_KB * 1024, `${(total / 1024).toFixed(1)} KB > ${LIMIT_KB} KB`);

  // The build's count (the main entry and the page-login chunk group) holds every script fetched.
  if (existsSync(stats)) {
    const { entrypoints, chunkGroups } = JSON.parse(readFileSync(stats, 'utf8'));
    const counted = new Set([...entrypoints.main, ...chunkGroups['page-login']]);
    assert.deepEqual(
      files.filter((file) => !counted.has(file)),
      [],
      'scripts the build does not count',
    );
  }
  assertNoPageErrors(page);
  await context.close();
});
