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
  textPdf,
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

test("read the pack in the portal with private and shared notes, a rebuilt pack, the summary and offline", async () => {
  const chair = await createUser("chair");
  const reader = await createUser("trustee");
  const other = await createUser("trustee");
  const title = unique("Pack reader meeting");
  const meeting = await api("/api/meetings", {
    token: chair.token,
    method: "POST",
    body: { title, meetingDate: daysFromNow(10), location: "Community Hall" },
  });
  const budget = textPdf([
    [
      "Budget 2027",
      "The budget shows a surplus of twelve thousand pounds.",
      "Reserves stay at six months.",
    ],
  ]);
  await addPaper(chair.token, meeting.id, "Budget", "Budget 2027", budget);
  await api(`/api/meetings/${meeting.id}/publish`, {
    token: chair.token,
    method: "POST",
  });

  // The trustee opens the board pack in the reader from the meeting page.
  const { context, page } = await signedInPage(browser, reader);
  await page.goto(`/meetings/${meeting.id}`);
  await page.getByRole("link", { name: "Read board pack" }).click();
  await page
    .getByRole("heading", { level: 1, name: new RegExp(title) })
    .waitFor();
  const before = await firstPageOf(reader, meeting.id, "Budget 2027");
  await showPage(page, before, "twelve thousand pounds");

  // A private pin and a shared note on the words.
  await pinAt(page, before, "twelve thousand pounds");
  const pin = dialog(page, "Pin a note");
  await pin
    .getByRole("textbox", { name: /^Note/ })
    .fill("Ask the treasurer about the surplus");
  await pin.getByRole("button", { name: "Save" }).click();
  await pin.waitFor({ state: "hidden" });

  await selectWords(page, before, "twelve thousand pounds");
  await page.getByRole("button", { name: "Add note" }).click();
  const shared = dialog(page, "Add a note");
  await shared
    .getByRole("textbox", { name: /^Note/ })
    .fill("Is this before or after reserves?");
  await shared.getByLabel("Everyone who can read this paper").check();
  await shared.getByRole("button", { name: "Save" }).click();
  await shared.waitFor({ state: "hidden" });

  const mine = await eventually(async () => {
    const notes = await notesOf(reader, meeting.id);
    assert.equal(notes.length, 2);
    return notes;
  });
  const sharedNote = mine.find((n) => n.visibility === "shared");
  assert.equal(sharedNote.anchor.quote, "twelve thousand pounds");
  assert.equal(mine.find((n) => n.kind === "pin").visibility, "private");
  await screenshot(page, "pack-reader-notes-desktop");
  await assertAxeClean(page, "the reader with notes (light)");

  // The second trustee sees only the shared note, on the same words.
  const seen = await notesOf(other, meeting.id);
  assert.deepEqual(
    seen.map((n) => n.body),
    ["Is this before or after reserves?"],
  );
  const second = await signedInPage(browser, other, {
    ...PHONE,
    colorScheme: "dark",
  });
  await second.page.goto(`/meetings/${meeting.id}/pack`);
  await showPage(second.page, before, "twelve thousand pounds");
  await second.page
    .getByRole("button", {
      name: /^Highlight by .*: Is this before or after reserves/,
    })
    .first()
    .waitFor();
  assert.equal(
    await second.page
      .getByRole("button", { name: /Ask the treasurer/ })
      .count(),
    0,
  );
  await screenshot(second.page, "pack-reader-shared-phone");
  await assertAxeClean(
    second.page,
    "the reader with a shared note (dark, phone)",
  );
  await second.context.close();

  // The chair inserts a paper before it and republishes: both notes sit on the same words, later pages.
  const report = await addPaper(
    chair.token,
    meeting.id,
    "Chair's report",
    "Chair's report",
    textPdf([
      ["Chair's report", "A year of steady growth."],
      ["Thanks to our volunteers."],
    ]),
  );
  const { agenda } = await api(`/api/meetings/${meeting.id}`, {
    token: chair.token,
  });
  const ids = agenda.map((i) => i.id);
  await api(`/api/meetings/${meeting.id}/agenda-items/order`, {
    token: chair.token,
    method: "PUT",
    body: { itemIds: [report.id, ...ids.filter((id) => id !== report.id)] },
  });
  await api(`/api/meetings/${meeting.id}/publish`, {
    token: chair.token,
    method: "POST",
  });

  await page.goto(`/meetings/${meeting.id}/pack`);
  const after = await firstPageOf(reader, meeting.id, "Budget 2027");
  await showPage(page, after, "twelve thousand pounds");
  assert.ok(after > before, `the budget moved from page ${before} to ${after}`);
  const onPage = page.locator(`[data-reader-page="${after}"]`);
  await onPage
    .getByRole("button", { name: /^Note by you: Ask the treasurer/ })
    .waitFor();
  await onPage
    .getByRole("button", { name: /^Highlight by you: Is this before or after/ })
    .first()
    .waitFor();

  // Leaving the reader sends the pages shown; the chair sees who has read the papers.
  await page.goto(`/meetings/${meeting.id}`);
  const officer = await signedInPage(browser, chair);
  await eventually(async () => {
    await officer.page.goto(`/meetings/${meeting.id}#agenda`);
    await officer.page
      .getByText(/The papers were taken as read \(\d+ of \d+/)
      .waitFor({ timeout: 3000 });
  });
  await officer.page.getByText(reader.name).first().waitFor();
  await screenshot(officer.page, "pack-reader-summary-chair");
  await officer.context.close();

  // Offline: the trustee keeps the meeting, goes offline, reopens the kept pack and adds a note.
  await page.getByRole("button", { name: "Keep for offline" }).click();
  await page
    .getByText(/^Kept for offline on this device/)
    .waitFor({ timeout: 30_000 });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await page.goto(`/meetings/${meeting.id}/pack`);
  await page
    .getByText(/You are offline/)
    .first()
    .waitFor();
  const offlinePage = after;
  await showPage(page, offlinePage, "twelve thousand pounds");
  await pinAt(page, offlinePage, "Reserves stay at six months");
  const offlineNote = dialog(page, "Pin a note");
  await offlineNote
    .getByRole("textbox", { name: /^Note/ })
    .fill("Written on the train");
  await offlineNote.getByRole("button", { name: "Save" }).click();
  await offlineNote.waitFor({ state: "hidden" });
  await page.getByRole("button", { name: "Outline and pages" }).click();
  await page.getByRole("tab", { name: "Notes" }).click();
  await page.getByText("Not sent yet").first().waitFor();
  assert.equal(
    (await notesOf(reader, meeting.id)).length,
    2,
    "nothing reaches the server offline",
  );
  await context.setOffline(false);
  await eventually(
    async () => {
      const notes = await notesOf(reader, meeting.id);
      assert.ok(notes.some((n) => n.body === "Written on the train"));
    },
    { timeout: 45_000 },
  );

  // Signing out deletes the offline copy and the notes' outbox.
  await page.goto("/");
  await signOut(page);
  const left = await page.evaluate(async () => ({
    caches: (await caches.keys()).filter((k) => k.startsWith("tp-")),
    databases: ((await indexedDB.databases?.()) ?? [])
      .map((d) => d.name)
      .filter((n) => n?.startsWith("tp-")),
  }));
  assert.deepEqual(left, { caches: [], databases: [] });
  assertNoPageErrors(page);
  await context.close();
});

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
    textPdf(pages),
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
  console.log(
    `pack reader: first page of a 302-page pack from the service worker cache, mobile profile (4x CPU): ${ms} ms`,
  );
  await context.setOffline(false);
  await context.close();
});
