// The pack reader (spec §2 Pack reader): a trustee reads the board pack in the portal and adds a private
// and a shared note; a second trustee sees only the shared one; the chair inserts a paper before and
// republishes, and both notes sit on the same words; the chair sees who has read the papers; offline the
// trustee reopens the kept pack and adds a note that reaches the server once online; after signing out
// nothing of the pack is left in the browser's storage. A second test prints how long the first page of a
// 300-page pack takes to show from the service worker's cache on Lighthouse's mobile profile.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import {
  api,
  assertAxeClean,
  assertNoPageErrors,
  createUser,
  daysFromNow,
  dialog,
  eventually,
  launch,
  screenshot,
  signedInPage,
  signOut,
  unique,
} from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** A small PDF with one page per entry of `pages`, each a few lines of Helvetica text. */
function pdf(pages) {
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add("");
  const tree = add("");
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const kids = [];
  for (const lines of pages) {
    const text = lines
      .map((line, i) => `BT /F1 14 Tf 72 ${720 - i * 24} Td (${line}) Tj ET`)
      .join("\n");
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
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  let out = "%PDF-1.4\n";
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets
    .map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)
    .join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

async function addPaper(token, meetingId, itemTitle, paperTitle, bytes) {
  const item = await api(`/api/meetings/${meetingId}/agenda-items`, {
    token,
    method: "POST",
    body: { title: itemTitle, purpose: "discussion", durationMinutes: 15 },
  });
  const form = new FormData();
  form.append("title", paperTitle);
  form.append("file", new Blob([bytes]), `${paperTitle}.pdf`);
  await api(`/api/meetings/${meetingId}/agenda-items/${item.id}/papers`, {
    token,
    method: "POST",
    form,
  });
  return item;
}

const notesOf = (user, meetingId) =>
  api(`/api/meetings/${meetingId}/board-pack/notes`, { token: user.token });

/** Selects `words` in the text layer of the reader's page `pageNumber`. */
async function selectWords(page, pageNumber, words) {
  await page.evaluate(
    ([n, w]) => {
      const layer = document.querySelector(
        `[data-reader-page="${n}"] .textLayer`,
      );
      const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent.indexOf(w);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + w.length);
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        return;
      }
      throw new Error(`"${w}" is not on page ${n}`);
    },
    [pageNumber, words],
  );
}

/** Pins a note beside `words` on the reader's page `n` (the reader's "Pin a note", then a tap). */
async function pinAt(page, n, words) {
  const span = page
    .locator(`[data-reader-page="${n}"] .textLayer span`, { hasText: words })
    .first();
  await span.evaluate((e) => e.scrollIntoView({ block: "center" }));
  await page.getByRole("button", { name: "Pin a note" }).click();
  const box = await span.boundingBox();
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height / 2);
}

/** The pack page on which the paper titled `title` starts (GET .../board-pack/layout). */
async function firstPageOf(user, meetingId, title) {
  const layout = await api(`/api/meetings/${meetingId}/board-pack/layout`, {
    token: user.token,
  });
  const paper = layout.papers.find((p) => p.title === title);
  assert.ok(paper, `${title} is in the pack`);
  return paper.firstPage;
}

/** Scrolls the reader to page `n` and waits until its text layer holds `text`. */
async function showPage(page, n, text) {
  const region = page.locator(`[data-reader-page="${n}"]`);
  await region.scrollIntoViewIfNeeded();
  await region.locator(".textLayer", { hasText: text }).waitFor();
  return region;
}

test("the first page of a 300-page pack from the service worker cache, on the mobile profile", async () => {
  const chair = await createUser("chair");
  const reader = await createUser("trustee");
  const meeting = await api("/api/meetings", {
    token: chair.token,
    method: "POST",
    body: { title: unique("Long pack"), meetingDate: daysFromNow(12) },
  });
  const pages = Array.from({ length: 300 }, (_, i) => [
    `Annual review page ${i + 1}`,
    "Text of the review.",
  ]);
  await addPaper(
    chair.token,
    meeting.id,
    "Annual review",
    "Annual review",
    pdf(pages),
  );
  await api(`/api/meetings/${meeting.id}/publish`, {
    token: chair.token,
    method: "POST",
  });

  const { context, page } = await signedInPage(browser, reader, PHONE);
  await page.goto(`/meetings/${meeting.id}#papers`);
  await page.getByRole("button", { name: "Keep for offline" }).click();
  await page
    .getByText(/^Kept for offline on this device/)
    .waitFor({ timeout: 60_000 });
  await page.evaluate(() => navigator.serviceWorker.ready);

  // Lighthouse's mobile profile: 4x CPU slowdown; the network is off, so everything comes from the
  // service worker's cache.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await context.setOffline(true);
  const started = Date.now();
  await page.goto(`/meetings/${meeting.id}/pack`);
  await page.waitForFunction(
    () => {
      const first = document.querySelector('[data-reader-page="1"] canvas');
      return (
        first &&
        first.width > 0 &&
        document.querySelector('[data-reader-page="1"] .textLayer span')
      );
    },
    null,
    { timeout: 30_000 },
  );
  const ms = Date.now() - started;
  const timing = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.name.replace(location.origin, "")}`));
  const nav = await page.evaluate(() => { const n = performance.getEntriesByType("navigation")[0]; return `nav resp ${Math.round(n.responseEnd)} dcl ${Math.round(n.domContentLoadedEventEnd)} load ${Math.round(n.loadEventEnd)}`; });
  console.log(nav + "\n" + timing.join("\n"));
  console.log(
    `pack reader: first page of a 302-page pack from the service worker cache, mobile profile (4x CPU): ${ms} ms`,
  );
  await context.setOffline(false);
  await context.close();
});
