// A meeting's page and agenda (spec §2 Meeting page). A chair starts an agenda from the standard items,
// attaches a PDF paper, reorders by keyboard and publishes; a trustee sees nothing until then, and the
// paper afterwards.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import {
  assertNoPageErrors,
  createMeeting,
  createUser,
  dialog,
  fixture,
  launch,
  screenshot,
  signedInPage,
  toast,
  unique,
} from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test("build, reorder and publish an agenda; a trustee sees it only once published", async () => {
  const chair = await createUser("chair");
  const trustee = await createUser("trustee");
  const title = unique("Board meeting");
  const meeting = await createMeeting(chair.token, { title });

  const { context: trusteeContext, page: trusteePage } = await signedInPage(
    browser,
    trustee,
  );
  await trusteePage.goto(`/meetings/${meeting.id}`);
  await trusteePage
    .getByText("The agenda has not been published yet.")
    .waitFor();

  const { context, page } = await signedInPage(browser, chair);
  await page.goto(`/meetings/${meeting.id}`);
  await page.getByRole("heading", { name: title }).waitFor();
  await page
    .getByRole("button", { name: "Start from the standard items" })
    .click();
  const agenda = page.getByRole("list", { name: "Agenda" });
  await agenda
    .getByRole("listitem", { name: "Item 6: Date of next meeting" })
    .waitFor();

  // Attach a PDF paper to item 3.
  await page.getByRole("button", { name: "Attach paper to item 3" }).click();
  const form = dialog(page, "Attach a paper to item 3");
  await form.getByLabel(/^File/).setInputFiles(fixture("board-paper.pdf"));
  await form.getByLabel(/^Title/).fill("Draft minutes");
  await form.getByRole("button", { name: "Attach paper" }).click();
  await toast(page, "Paper attached");
  await agenda
    .getByRole("button", { name: "Download Draft minutes" })
    .waitFor();

  // Move item 2 down by keyboard; the screen reader hears where it went.
  await page.getByRole("button", { name: "Move item 2 down" }).focus();
  await page.keyboard.press("Enter");
  await page
    .getByTestId("agenda-announcer")
    .getByText('Moved "Declarations of interest" to position 3 of 6.')
    .waitFor();
  await agenda
    .getByRole("listitem", { name: "Item 2: Minutes of the last meeting" })
    .waitFor();
  await screenshot(page, "meeting-agenda-draft");

  await page.getByRole("button", { name: "Publish agenda" }).click();
  await toast(page, "Agenda published");

  await trusteePage.reload();
  const seen = trusteePage.getByRole("list", { name: "Agenda" });
  await seen
    .getByRole("listitem", { name: "Item 2: Minutes of the last meeting" })
    .waitFor();
  const download = trusteePage.waitForEvent("download");
  await seen.getByRole("button", { name: "Download Draft minutes" }).click();
  assert.equal((await download).suggestedFilename(), "board-paper.pdf");
  assert.equal(
    await seen.getByRole("button", { name: /Move item/ }).count(),
    0,
  );

  assertNoPageErrors(page);
  assertNoPageErrors(trusteePage);
  await context.close();
  await trusteeContext.close();
});
