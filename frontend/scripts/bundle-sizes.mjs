// Prints the gzipped size of every JavaScript bundle in dist/ and the total the sign-in page loads.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const assets = path.join(dist, 'assets');
// The budget of docs/performance.md (Front end: sign-in page JavaScript): at most 150 KB gzipped
// before the sign-in form accepts input (174.9 KB before the plain sign-in form, 143.9 KB after).
// e2e/tests/sign-in-weight.test.js checks the same budget over what the browser really fetches, and
// that this count leaves no script out.
const limitKb = 150;

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const files = readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const rows = files.map((f) => ({
  file: f,
  raw: readFileSync(path.join(dist, f)).length,
  gzip: gz(f),
}));
rows.sort((a, b) => b.gzip - a.gzip);

console.log('\nJavaScript bundles (gzip -9):');
for (const r of rows) {
  console.log(
    `  ${r.file.padEnd(48)} ${kb(r.raw).padStart(10)} raw ${kb(r.gzip).padStart(10)} gzip`,
  );
}
console.log(
  `  ${'total'.padEnd(48)} ${''.padStart(14)} ${kb(rows.reduce((s, r) => s + r.gzip, 0)).padStart(10)} gzip`,
);

const statsFile = path.join(root, '.webpack-stats.json');
if (existsSync(statsFile)) {
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'));
  // Signed out, every path shows the sign-in page: the entry (runtime, vendors, main) loads it, with
  // every chunk of its group (its own and the shared ones). What it loads later (the reset dialog, the
  // two-factor step, the alerts) waits for the user and is not counted.
  const { main } = stats.entrypoints;
  const page = stats.chunkGroups['page-login'];
  if (!main || !page) {
    console.error('No `main` entry or `page-login` chunk group in the build: nothing to count');
    process.exit(1);
  }
  const signIn = new Set([...main, ...page]);
  const js = [...signIn].filter((f) => f.endsWith('.js'));
  const total = js.reduce((s, f) => s + gz(f), 0);
  console.log(
    `\nSign-in page JavaScript: ${js.length} files, ${kb(total)} gzip (limit ${limitKb} KB)`,
  );
  if (total > limitKb * 1024) {
    console.error('Sign-in page JavaScript exceeds the limit');
    process.exit(1);
  }
}
