// Self-service reset (spec §11): "Forgot password" mails a link through the real SMTP server (MailDev);
// the test reads the delivered message back, follows the link, sets a new password and signs in with it.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import {
  assertNoPageErrors,
  createUser,
  eventually,
  fillSignIn,
  heading,
  launch,
  newContext,
  newPage,
  rawApi,
  screenshot,
} from "./helpers.js";

const MAILDEV = process.env.E2E_MAILDEV_URL ?? "http://127.0.0.1:1080";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The messages MailDev received for this address. */
async function messagesTo(address) {
  const all = await (await fetch(`${MAILDEV}/api/email`)).json();
  return all.filter((m) => m.to.some((to) => to.address === address));
}

test("a reset link from the delivered e-mail leads to a signed-in dashboard", async () => {
  const trustee = await createUser("trustee");
  const response = await rawApi("/api/auth/forgot-password", {
    method: "POST",
    body: { email: trustee.email },
  });
  assert.equal(response.status, 200);

  const [message] = await eventually(async () => {
    const messages = await messagesTo(trustee.email);
    assert.equal(messages.length, 1);
    return messages;
  });
  const link = message.text.match(
    /https?:\/\/\S+\/reset-password\?token=[0-9a-f]+/,
  )?.[0];
  assert.ok(link, `a reset link in: ${message.text}`);

  const context = await newContext(browser);
  const page = await newPage(context);
  assertNoPageErrors(page);
  await page.goto(link);
  await heading(page, "Reset Password").waitFor();
  await page.getByLabel(/^New Password/).fill("a brand new password");
  await page.getByLabel(/^Confirm New Password/).fill("a brand new password");
  await screenshot(page, "reset-password");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await page
    .getByText(
      "Your password has been changed. Sign in with your new password.",
    )
    .waitFor();
  await page.getByRole("button", { name: "Sign In" }).click();

  await fillSignIn(page, trustee.email, "a brand new password");
  await heading(page, "Dashboard").waitFor();

  // The link works once.
  await page.goto(link);
  await page.getByLabel(/^New Password/).fill("another new password");
  await page.getByLabel(/^Confirm New Password/).fill("another new password");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await page
    .getByText(
      "This reset link has already been used. Ask for a new one from the sign-in page.",
    )
    .waitFor();
  await context.close();
});
