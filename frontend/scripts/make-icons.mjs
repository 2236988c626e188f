// Draws the installable app's icons (public/icons/*.png, committed; docs/spec.md §2 Pack reader,
// Offline on a phone) from the shapes of public/favicon.svg, without an image library: a blue rounded
// square, a white shield and a blue tick, rasterised with 4x4 supersampling. The maskable icon fills
// the whole square and keeps the shield inside the safe zone (the middle 80 %), since launchers crop
// it to their own shape. Run again only when the logo changes: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [0x1d, 0x4f, 0x91];
const WHITE = [0xff, 0xff, 0xff];

const cubic = (p0, p1, p2, p3, steps = 24) =>
  Array.from({ length: steps }, (_, i) => {
    const t = (i + 1) / steps;
    const u = 1 - t;
    return [0, 1].map(
      (k) => u * u * u * p0[k] + 3 * u * u * t * p1[k] + 3 * u * t * t * p2[k] + t * t * t * p3[k],
    );
  });
// The favicon's shield path, in its 64-unit box.
const shield = [
  [32, 12],
  [14, 20],
  [14, 32],
  ...cubic([14, 32], [14, 43], [21.7, 50.6], [32, 54]),
  ...cubic([32, 54], [42.3, 50.6], [50, 43], [50, 32]),
  [50, 20],
];
const tick = [
  [24, 33],
  [30, 39],
  [41, 27],
];

const inPolygon = (x, y, poly) => {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};
const nearLine = (x, y, line, halfWidth) =>
  line.slice(1).some(([bx, by], i) => {
    const [ax, ay] = line[i];
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - ax - t * dx, y - ay - t * dy) <= halfWidth;
  });
const inRoundedSquare = (x, y, r) => {
  const cx = Math.max(r, Math.min(64 - r, x));
  const cy = Math.max(r, Math.min(64 - r, y));
  return x >= 0 && x <= 64 && y >= 0 && y <= 64 && Math.hypot(x - cx, y - cy) <= r;
};

/** The colour (with alpha) at a point of the 64-unit box. */
function sample(x, y, maskable) {
  if (maskable) {
    // The shield scaled to 60 % about the middle.
    const sx = (x - 12.8) / 0.6;
    const sy = (y - 12.8) / 0.6;
    if (nearLine(sx, sy, tick, 2.5)) return [...BLUE, 1];
    if (inPolygon(sx, sy, shield)) return [...WHITE, 1];
    return [...BLUE, 1];
  }
  if (!inRoundedSquare(x, y, 14)) return [0, 0, 0, 0];
  if (nearLine(x, y, tick, 2.5)) return [...BLUE, 1];
  if (inPolygon(x, y, shield)) return [...WHITE, 1];
  return [...BLUE, 1];
}

function render(size, maskable) {
  const rows = [];
  const n = 4;
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++) {
          const [cr, cg, cb, ca] = sample(
            ((px + (sx + 0.5) / n) * 64) / size,
            ((py + (sy + 0.5) / n) * 64) / size,
            maskable,
          );
          r += cr * ca;
          g += cg * ca;
          b += cb * ca;
          a += ca;
        }
      const o = 1 + px * 4;
      row[o] = a ? Math.round(r / a) : 0;
      row[o + 1] = a ? Math.round(g / a) : 0;
      row[o + 2] = a ? Math.round(b / a) : 0;
      row[o + 3] = Math.round((a / (n * n)) * 255);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
function png(size, raw) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('icon-192.png', out), render(192, false));
writeFileSync(new URL('icon-512.png', out), render(512, false));
writeFileSync(new URL('icon-maskable-512.png', out), render(512, true));
