import { randomInt } from "node:crypto";
import { expect, test, type Page } from "../fixtures";
import { newClient } from "../support/api";
import { alertWith, expectAccessible, signUpInBrowser } from "../support/pages";
import { pathOf, resetLinkOf } from "../support/mailbox";

// Passkeys kept safe (docs/architecture/accounts-security.md "Passkeys"), in Chromium's virtual
// authenticator: adding one asks for the password first; "Log out everywhere" and the password
// reset's page list the passkeys and remove them when asked. The API's side:
// passkey-safety.api.spec.ts.

/** With SCREENSHOT_DIR set, the page at phone and desktop width (for looking at, not compared). */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

test("adding a passkey asks for the password; log out everywhere and the password reset list the passkeys and remove them", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // From an address of its own: its wrong password counts against its address's login throttle,
  // and the other specs sign in from 127.0.0.1 (the suite's servers trust X-Forwarded-For).
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.${randomInt(0, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}` });
  const { email, password } = await signUpInBrowser(page);
  // WebAuthn refuses an IP address as the relying party: this test runs on localhost (its own cookies).
  const local = baseURL!.replace("127.0.0.1", "localhost");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const credentials = async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  const signIn = async (secret: string) => {
    await page.goto(`${local}/login`);
    await page.getByLabel("Email or phone number").fill(email);
    await page.getByLabel("Password").fill(secret);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL("**/home");
  };
  const keys = page.getByRole("list", { name: "Your passkeys" });
  const addPasskey = async (name: string) => {
    await page.goto(`${local}/account`);
    await page.getByLabel("Passkey name").fill(name);
    await page.getByLabel("Your password").fill(password);
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(alertWith(page, `Passkey "${name}" added`)).toBeVisible();
    await expect(keys).toContainText(name);
  };
  await signIn(password);

  await test.step("the password comes first: a wrong one is said beside its field and no passkey is made", async () => {
    await page.goto(`${local}/account`);
    await page.getByLabel("Passkey name").fill("Desk laptop");
    await page.getByLabel("Your password").fill("not my password");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByLabel("Your password")).toHaveAccessibleDescription(/Password is incorrect/);
    expect(await credentials()).toHaveLength(0);
    await page.getByLabel("Your password").scrollIntoViewIfNeeded();
    await shoot(page, "account-passkey-password");
    await addPasskey("Desk laptop");
    expect(await credentials()).toHaveLength(1);
  });

  await test.step("log out everywhere lists the passkeys; chosen, they are removed and no longer sign in", async () => {
    await page.getByRole("button", { name: "Log out everywhere" }).click();
    const listed = page.getByRole("list", { name: "Passkeys of your account" });
    await expect(listed).toContainText("Desk laptop");
    await expect(listed).toContainText("never used");
    await expectAccessible(page, "log out everywhere with passkeys");
    await page.getByRole("checkbox", { name: "Also remove this passkey" }).check();
    await listed.scrollIntoViewIfNeeded();
    await shoot(page, "account-log-out-everywhere-passkeys");
    await page.getByRole("button", { name: "Remove passkeys and log out everywhere" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(alertWith(page, "Logged out on every device")).toBeVisible();
    // The authenticator still holds it; Nosh no longer knows it.
    await page.goto(`${local}/login`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(alertWith(page, "This passkey is not registered with Nosh")).toBeVisible();
  });

  await test.step("the password reset's page lists the passkeys; chosen, the reset removes them", async () => {
    await signIn(password);
    await addPasskey("Kitchen tablet");
    const mailbox = await newClient(baseURL!);
    expect((await mailbox.post("/api/auth/password-reset", { email })).status()).toBe(200);
    await page.goto(`${local}${pathOf(await resetLinkOf(mailbox, email))}`);
    await expect(page.getByRole("list", { name: "Passkeys of your account" })).toContainText("Kitchen tablet");
    await expectAccessible(page, "reset password with passkeys");
    await page.getByLabel("New password", { exact: true }).fill("reset secret 77");
    await page.getByLabel("Confirm password").fill("reset secret 77");
    await page.getByRole("checkbox", { name: "Also remove this passkey" }).check();
    await shoot(page, "reset-password-passkeys");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL("**/login?reset=done");
    await signIn("reset secret 77");
    await page.goto(`${local}/account`);
    await expect(page.getByRole("heading", { name: "Passkeys" })).toBeVisible();
    await expect(keys).toHaveCount(0);
  });
  await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
  await cdp.detach();
});
