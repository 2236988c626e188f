// Board evaluation (spec §17): the chair prepares and opens an evaluation, three trustees answer it in the
// browser (one principle at a time), and the chair sees the results once it closed (refused before the third answer and while open).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import {
  api,
  assertNoPageErrors,
  createUser,
  daysFromNow,
  dialog,
  launch,
  navigate,
  rawApi,
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

async function openEvaluationTab(page, title) {
  await navigate(page, "Governance", "Governance");
  await page.getByRole("tab", { name: "Evaluation" }).click();
  const card = page.getByRole("region", { name: title });
  await card.waitFor();
  return card;
}

test("three trustees answer an evaluation and the chair sees the results", async () => {
  const chair = await createUser("chair");
  const trustees = [
    await createUser("trustee"),
    await createUser("trustee"),
    await createUser("trustee"),
  ];
  const title = unique("Board evaluation");
  const draft = await api("/api/evaluation-rounds", {
    token: chair.token,
    method: "POST",
    body: { title },
  });
  assert.equal(draft.questions.length, 38);
  // A shorter list keeps the test brief: two principles and a free-text question.
  await api(`/api/evaluation-rounds/${draft.id}`, {
    token: chair.token,
    method: "PUT",
    body: {
      title,
      questions: [
        { principle: "Leadership", kind: "scale", text: "The chair leads the board well." },
        { principle: "Integrity", kind: "scale", text: "Conflicts of interest are handled well." },
        { principle: "General", kind: "text", text: "What does the board do well?" },
      ],
    },
  });
  await api(`/api/evaluation-rounds/${draft.id}/open`, {
    token: chair.token,
    method: "POST",
    body: { closesOn: daysFromNow(14).slice(0, 10) },
  });

  for (const [index, trustee] of trustees.entries()) {
    if (index === 2) {
      const early = await rawApi(`/api/evaluation-rounds/${draft.id}/results`, {
        token: chair.token,
      });
      assert.equal(early.status, 403, "no results before the third answer");
    }
    const { context, page } = await signedInPage(browser, trustee);
    const card = await openEvaluationTab(page, title);
    await card.getByRole("button", { name: "Answer the evaluation" }).click();
    const form = dialog(page, title);
    await form.getByText("Leadership (1 of 3)").waitFor();
    const score = ["3", "4", "5 Strongly agree"][index];
    await form.getByRole("radio", { name: score, exact: true }).check();
    await form.getByRole("button", { name: "Next" }).click();
    await form.getByText("Integrity (2 of 3)").waitFor();
    await form.getByRole("radio", { name: "Don't know" }).check();
    await form.getByRole("button", { name: "Next" }).click();
    await form
      .getByRole("textbox", { name: "What does the board do well?" })
      .fill(`Answer ${index + 1}`);
    await form.getByRole("button", { name: "Send my answers" }).click();
    await toast(page, "Thank you: your answers are in").waitFor();
    await card.getByText("Thank you: your anonymous answers are in.").waitFor();
    assertNoPageErrors(page);
    await context.close();
  }

  // Three answers, but results wait for the round to close (they would otherwise move with each answer).
  const open = await rawApi(`/api/evaluation-rounds/${draft.id}/results`, { token: chair.token });
  assert.equal(open.status, 403, "no results while the round is open");
  await api(`/api/evaluation-rounds/${draft.id}/close`, { token: chair.token, method: "POST" });

  const { context, page } = await signedInPage(browser, chair);
  const card = await openEvaluationTab(page, title);
  await card.getByText(/3 answered/).waitFor();
  await card.getByRole("button", { name: "Results" }).click();
  const results = dialog(page, /Results/);
  await results.getByText("3 answers").waitFor();
  await results
    .getByRole("img", {
      name: "The chair leads the board well.: 1: 0, 2: 0, 3: 1, 4: 1, 5: 1, Don't know: 0",
    })
    .waitFor();
  await results.getByText(/Median 4\.0/).waitFor();
  for (const n of [1, 2, 3]) await results.getByText(`Answer ${n}`).waitFor();
  await screenshot(page, "evaluation-results");
  assertNoPageErrors(page);
  await context.close();
});
