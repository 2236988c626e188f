// Invitations (spec §11): an admin adds a user by invitation (the dialog's default when the server sends
// mail), the test reads the delivered message back from MailDev, follows its link, chooses a password and
// signs in with it; the link works once.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import {
  assertNoPageErrors,
  createUser,
  dialog,
  eventually,
  fillSignIn,
  heading,
  launch,
  newContext,
  newPage,
  screenshot,
  signedInPage,
  toast,
  unique,
} from "./helpers.js";

const MAILDEV = process.env.E2E_MAILDEV_URL ?? "http://127.0.0.1:1080";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function messagesTo(address) {
  const all = await (await fetch(`${MAILDEV}/api/email`)).json();
  return all.filter((m) => m.to.some((to) => to.address === address));
}

test("an invited user follows the e-mailed link, chooses a password and signs in", async () => {
  const admin = await createUser("admin");
  const { context: adminContext, page } = await signedInPage(browser, admin);
  assertNoPageErrors(page);
  await page.goto("/users");
  await heading(page, "User Management").waitFor();
  await page.getByRole("button", { name: "Add User" }).click();
  const form = dialog(page, "Add User");
  const invite = form.getByRole("radio", { name: "Send an invitation" });
  await eventually(async () => assert.equal(await invite.isChecked(), true));
  const name = unique("Ivy Invited");
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.org`;
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel(/^Email/).fill(email);
  await screenshot(page, "invite-user-dialog");
  await form.getByRole("button", { name: "Create User" }).click();
  await toast(page, "User created successfully").first().waitFor();
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByText("Invited", { exact: true }).waitFor();
  await adminContext.close();

  const [message] = await eventually(async () => {
    const messages = await messagesTo(email);
    assert.equal(messages.length, 1);
    return messages;
  });
  assert.match(message.subject, /^You are invited to /);
  const link = message.text.match(
    /https?:\/\/\S+\/accept-invitation\?token=[0-9a-f]+/,
  )?.[0];
  assert.ok(link, `an invitation link in: ${message.text}`);

  const context = await newContext(browser);
  const invited = await newPage(context);
  assertNoPageErrors(invited);
  await invited.goto(link);
  await heading(invited, "Welcome").waitFor();
  await invited.getByLabel(/^New Password/).fill("lantern harbour quietly");
  await invited.getByRole("meter", { name: "Password strength" }).waitFor();
  await invited
    .getByLabel(/^Confirm New Password/)
    .fill("lantern harbour quietly");
  await screenshot(invited, "accept-invitation");
  await invited.getByRole("button", { name: "Set Password" }).click();
  await invited
    .getByText(
      "Your password is set. Sign in with your e-mail address and your new password.",
    )
    .waitFor();
  await invited.getByRole("button", { name: "Sign In" }).click();
  await fillSignIn(invited, email, "lantern harbour quietly");
  await heading(invited, "Dashboard").waitFor();

  // The link works once.
  await invited.goto(link);
  await invited.getByLabel(/^New Password/).fill("another fine passphrase");
  await invited
    .getByLabel(/^Confirm New Password/)
    .fill("another fine passphrase");
  await invited.getByRole("button", { name: "Set Password" }).click();
  await invited
    .getByText(
      "This invitation has already been accepted. Sign in, or use Forgot password on the sign-in page.",
    )
    .waitFor();
  await context.close();
});
