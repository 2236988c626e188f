// Governance (spec §10): a trustee adds an interest to the register and sees it listed and its history;
// a chair proposes a written resolution which three trustees vote on in the browser, the tally hidden until
// each has voted, and it passes and is added to the next board meeting's agenda; a trustee declares a conflict on an agenda item naming their interest, and the chair
// records how it was handled and sees the item's quorum without them.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import {
  api,
  assertNoPageErrors,
  createMeeting,
  createUser,
  dialog,
  gone,
  launch,
  navigate,
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

test("a trustee adds an interest, which the register lists with its history", async () => {
  const trustee = await createUser("trustee");
  const organisation = unique("Northside Housing");
  const { context, page } = await signedInPage(browser, trustee);
  await navigate(page, "Governance", "Governance");
  await page.getByRole("tab", { name: "Register of interests" }).waitFor();

  await page.getByRole("button", { name: "Add interest" }).click();
  const form = dialog(page, "Add interest");
  await form.getByLabel(/^Kind/).selectOption("directorship");
  await form.getByLabel(/^Organisation or person/).fill(organisation);
  await form
    .getByLabel(/^Nature of the interest/)
    .fill("Non-executive director");
  await form.getByLabel(/^Since/).fill("2024-05-01");
  await form.getByRole("button", { name: "Save" }).click();
  await toast(page, "Interest added").waitFor();
  await gone(form);

  const current = page.getByRole("table", { name: "Current interests" });
  const row = current.getByRole("row", { name: new RegExp(organisation) });
  await row.getByText(trustee.name).waitFor();
  await row.getByText("Since May 1, 2024").waitFor();
  await row.getByRole("button", { name: `History of ${organisation}` }).click();
  const history = dialog(page, "History of this entry");
  await history.getByText(`Added by ${trustee.name}`).waitFor();
  await screenshot(page, "governance-interest-history");
  await history.getByRole("button", { name: "Close" }).click();

  const rows = await api(`/api/interests?userId=${trustee.id}`, {
    token: trustee.token,
  });
  assert.deepEqual(
    rows.map((r) => [r.organisation, r.kind, r.startedOn, r.current]),
    [[organisation, "directorship", "2024-05-01", true]],
  );
  assertNoPageErrors(page);
  await context.close();
});

test("a trustee declares a conflict on an agenda item; the chair records it and sees its quorum", async () => {
  const chair = await createUser("chair");
  const trustee = await createUser("trustee");
  const others = [await createUser("trustee"), await createUser("trustee")];
  const organisation = unique("Riverside Housing");
  const meeting = await createMeeting(chair.token, {
    title: unique("Board meeting"),
  });
  const item = await api(`/api/meetings/${meeting.id}/agenda-items`, {
    token: chair.token,
    method: "POST",
    body: {
      title: `Grant to ${organisation}`,
      purpose: "decision",
      durationMinutes: 15,
    },
  });
  await api(`/api/meetings/${meeting.id}/publish`, {
    token: chair.token,
    method: "POST",
  });
  for (const member of [trustee, ...others]) {
    await api(`/api/meetings/${meeting.id}/attendance/me`, {
      token: member.token,
      method: "PUT",
      body: { response: "attending" },
    });
  }

  // The trustee adds the interest to the register; the meeting page then prompts a declaration.
  const { context, page } = await signedInPage(browser, trustee);
  await page.goto("/governance?tab=interests");
  await page.getByRole("button", { name: "Add interest" }).click();
  const form = dialog(page, "Add interest");
  await form.getByLabel(/^Kind/).selectOption("directorship");
  await form.getByLabel(/^Organisation or person/).fill(organisation);
  await form
    .getByLabel(/^Nature of the interest/)
    .fill("Non-executive director");
  await form.getByLabel(/^Since/).fill("2024-05-01");
  await form.getByRole("button", { name: "Save" }).click();
  await toast(page, "Interest added").waitFor();
  await gone(form);

  // The prompt sits on the agenda item (spec §2 Meeting page: each item carries its conflicts).
  await page.goto(`/meetings/${meeting.id}`);
  const section = page
    .getByRole("list", { name: "Agenda" })
    .getByRole("listitem", { name: `Item 1: Grant to ${organisation}` });
  const prompt = section.getByRole("alert").filter({
    hasText: `This item names ${organisation}, on your register of interests`,
  });
  await prompt.getByRole("button", { name: "Declare" }).click();
  const declare = dialog(page, "Declare a conflict of interest");
  await declare.getByRole("button", { name: "Declare" }).click();
  await toast(page, "Conflict declared").waitFor();
  await gone(declare);
  await section
    .getByText(`declared an interest (directorship, ${organisation})`)
    .waitFor();
  await context.close();

  // The chair records that the trustee left the meeting for the item and sees the item's quorum.
  const chairs = await signedInPage(browser, chair);
  await chairs.page.goto(`/meetings/${meeting.id}`);
  const chairSection = chairs.page
    .getByRole("list", { name: "Agenda" })
    .getByRole("listitem", { name: `Item 1: Grant to ${organisation}` });
  await chairSection
    .getByLabel(`How ${trustee.name}'s conflict was handled`)
    .selectOption("left");
  await toast(chairs.page, "Handling recorded").waitFor();
  await chairSection.getByText("Left the meeting for this item.").waitFor();
  const view = await api(
    `/api/meetings/${meeting.id}/agenda-items/${item.id}/conflicts`,
    {
      token: chair.token,
    },
  );
  // The item's quorum is said when the conflict decides it: enough expected without the conflict.
  if (view.quorum.present >= view.quorum.required) {
    await chairSection
      .getByText(/(Quorate|Not quorate) for this item/)
      .waitFor();
  }
  await screenshot(chairs.page, "governance-conflict-recorded");
  assertNoPageErrors(chairs.page);
  await chairs.context.close();

  assert.equal(view.declarations.length, 1);
  assert.equal(view.declarations[0].userId, trustee.id);
  assert.equal(view.declarations[0].handling, "left");
  assert.deepEqual(view.quorum.excludedUserIds, [trustee.id]);
  assert.equal(view.quorum.eligible, view.quorum.present - 1);
  assert.equal(
    view.quorum.quorate,
    view.quorum.eligible >= view.quorum.required,
  );
});

test("a chair proposes a written resolution; three trustees vote for it and it passes", async () => {
  const chair = await createUser("chair");
  const voters = [
    await createUser("trustee"),
    await createUser("trustee"),
    await createUser("trustee"),
  ];
  const title = unique("Adopt the reserves policy");

  const { context, page } = await signedInPage(browser, chair);
  await page.goto("/governance?tab=resolutions");
  await page.getByRole("button", { name: "Propose a resolution" }).click();
  const form = dialog(page, "Propose a written resolution");
  await form.getByLabel(/^Title/).fill(title);
  await form
    .getByLabel(/^Resolution text/)
    .fill("That the board adopts the reserves policy.");
  await form.getByLabel(/^Voting closes/).fill("2099-01-31T17:00");
  await form.getByLabel("Passes with").selectOption("count");
  await form.getByLabel("Votes for needed").fill("3");
  await form.getByRole("button", { name: "Propose" }).click();
  await toast(page, "Resolution proposed").waitFor();
  await gone(form);
  await context.close();

  const id = (await api("/api/resolutions", { token: chair.token })).find(
    (r) => r.title === title,
  ).id;
  // Each trustee votes in the browser and sees the tally only once they have voted.
  for (const [index, voter] of voters.entries()) {
    const session = await signedInPage(browser, voter);
    await session.page.goto("/governance?tab=resolutions");
    const card = session.page.getByRole("article", { name: title });
    await card
      .getByText("The tally is shown once you have voted or voting has closed.")
      .waitFor();
    await card.getByLabel("Comment (optional)").fill(`Agreed (${index + 1})`);
    await card.getByRole("button", { name: "Vote for" }).click();
    await toast(session.page, "Vote recorded").waitFor();
    await card
      .getByText(`For ${index + 1} · Against 0 · Abstain 0`, { exact: false })
      .waitFor();
    await card
      .getByText(`${voter.name}: for – “Agreed (${index + 1})”`, {
        exact: false,
      })
      .waitFor();
    if (index === voters.length - 1) {
      await card.getByText("Passed", { exact: true }).waitFor();
      await screenshot(session.page, "governance-resolution-passed");
    }
    await session.context.close();
  }

  const decided = await api(`/api/resolutions/${id}`, { token: chair.token });
  assert.equal(decided.status, "passed");
  assert.equal(decided.decidedEarly, true);
  assert.deepEqual(
    decided.votes.map((v) => [v.userId, v.vote]),
    voters.map((v) => [v.id, "for"]),
  );

  // The result is offered to the next board meeting's agenda; the chair adds it there.
  const soon = new Date(Date.now() + 5 * 60_000).toISOString();
  const meeting = await createMeeting(chair.token, { meetingDate: soon });
  const chairs = await signedInPage(browser, chair);
  await chairs.page.goto(`/meetings/${meeting.id}`);
  const offers = chairs.page.getByRole("region", {
    name: "Written resolutions decided since the last meeting",
  });
  await offers.getByRole("button", { name: `Add to agenda: ${title}` }).click();
  await toast(chairs.page, "Added to the agenda").waitFor();
  const item = chairs.page
    .getByRole("list", { name: "Agenda" })
    .getByRole("listitem", { name: `Item 1: Written resolution: ${title}` });
  await item.getByText("Written resolution", { exact: true }).waitFor();
  await item
    .getByText(
      /Passed by written resolution on .*: 3 for, 0 against, 0 abstained/,
    )
    .waitFor();
  await gone(offers.getByRole("button", { name: `Add to agenda: ${title}` }));
  await screenshot(chairs.page, "governance-resolution-on-agenda");
  await assertNoPageErrors(chairs.page);
  await chairs.context.close();
  const page2 = await api(`/api/meetings/${meeting.id}`, {
    token: chair.token,
  });
  assert.equal(page2.agenda[0].resolutionId, id);
});

test("every governance tab passes axe (no serious or critical violations), light and dark", async () => {
  const admin = await createUser("admin");
  const trustee = await createUser("trustee");
  await api("/api/interests", {
    token: trustee.token,
    method: "POST",
    body: {
      kind: "family",
      organisation: unique("Axe Trust"),
      nature: "Sister is a trustee",
      startedOn: "2022-02-02",
    },
  });
  for (const colorScheme of ["light", "dark"]) {
    const { context, page } = await signedInPage(browser, admin, {
      colorScheme,
    });
    for (const tab of ["interests", "terms", "declarations", "resolutions"]) {
      await page.goto(`/governance?tab=${tab}`);
      await gone(page.getByRole("progressbar"));
      const results = await new AxeBuilder({ page })
        .setLegacyMode(true)
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map(
          (v) =>
            `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        );
      assert.deepEqual(serious, [], `${tab} (${colorScheme})`);
    }
    await context.close();
  }
});
