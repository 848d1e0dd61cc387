import { expect, test, type Page } from "../fixtures";
import { TEST_PASSWORD, newClient, signUp, uniqueEmail } from "../support/api";
import { alertWith, expectAccessible, shoot } from "../support/pages";
import { signInAtStandIn, type StandInPerson } from "../support/sign-in-stand-in";

// Sign in with Google and Apple in Chromium (docs/architecture/accounts-security.md "Google and
// Apple"), against the local stand-in the test server runs on localhost (another site than the
// 127.0.0.1 the pages are on: Apple's form_post arrives cross-site, as from Apple). The callback's
// refusals over HTTP: sign-in-with.api.spec.ts; the linking rules: lib/server/accounts/linked-sign-ins.test.ts.

type Provider = "Google" | "Apple";

/** From /login (or /signup), through the provider's stand-in page as `person`, back to the app. */
async function continueWith(page: Page, provider: Provider, person: StandInPerson, from = "/login") {
  await page.goto(from);
  await page.getByRole("button", { name: `Continue with ${provider}` }).click();
  await page.waitForURL(/localhost:\d+\/dev\/sign-in\//);
  await signInAtStandIn(page, person);
  await page.waitForURL((url) => url.hostname === "127.0.0.1" && !url.pathname.startsWith("/api/"));
}
const whoAmI = async (page: Page) => {
  const response = await page.request.get("/api/auth/");
  return response.status() === 200 ? ((await response.json()) as { id: number; firstName: string; lastName: string | null; email: string }) : null;
};
const linkedList = (page: Page) => page.getByRole("list", { name: "Your linked sign-ins" });

test("a new person signs in with the Google stand-in: an account with the verified email, its Google sign-in listed on the account page", async ({ page }) => {
  const email = uniqueEmail("google-journey");
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Apple" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "sign-in-page");
  await continueWith(page, "Google", { email, firstName: "Gianna", lastName: "Rossi" });
  expect(await whoAmI(page)).toMatchObject({ firstName: "Gianna", lastName: "Rossi", email });

  await page.goto("/account#account-sign-ins");
  await expect(linkedList(page)).toContainText("Google");
  await expect(linkedList(page)).toContainText(email);
  // Verified by Google: the account page asks for no verification link.
  expect((await (await page.request.get("/api/account/email")).json()).verified).toBe(true);
  await expectAccessible(page);
});

test("a second person signs up with the Apple stand-in, email hidden: the relay address, the name Apple gives on the first sign-in only", async ({ page, baseURL }) => {
  const email = uniqueEmail("apple-journey");
  await continueWith(page, "Apple", { email, firstName: "Amaia", lastName: "Etxeberria", hide: true }, "/signup");
  const first = await whoAmI(page);
  expect(first).toMatchObject({ firstName: "Amaia", lastName: "Etxeberria" });
  expect(first!.email).toMatch(/@privaterelay\.appleid\.com$/);

  // Signed out and back with Apple: Apple sends no name this time (the stand-in, like Apple, told
  // it once); the same account, its name kept.
  await page.request.get("/api/auth/logout");
  expect(await whoAmI(page)).toBeNull();
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Apple" }).click();
  await page.waitForURL((url) => url.hostname === "127.0.0.1" && !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/login"));
  expect(await whoAmI(page)).toMatchObject({ id: first!.id, firstName: "Amaia", email: first!.email });
  await page.goto(`${baseURL}/account#account-sign-ins`);
  await expect(linkedList(page)).toContainText("Apple");
  await expect(linkedList(page)).toContainText("hidden email");
});

test("an attacker's provider account with the victim's email, unverified or not, does not reach the victim's account", async ({ page, browser, baseURL }) => {
  const victim = await newClient(baseURL!);
  const { email, user } = await signUp(victim, {}, "victim");

  await test.step("unverified at the provider: refused, nobody signed in", async () => {
    await continueWith(page, "Google", { email, account: "attacker-unverified", verified: false });
    await expect(page).toHaveURL(/\/login\?signIn=unverified/);
    await expect(alertWith(page, "has not verified this email address")).toBeVisible();
    expect(await whoAmI(page)).toBeNull();
  });

  await test.step("verified at the provider: still not the victim's account until the victim links it", async () => {
    const context = await browser.newContext({ baseURL });
    const attacker = await context.newPage();
    await continueWith(attacker, "Google", { email, account: "attacker-verified" });
    await expect(attacker).toHaveURL(/\/login\?signIn=linkFirst/);
    await expect(alertWith(attacker, "An account already uses this email")).toBeVisible();
    expect(await whoAmI(attacker)).toBeNull();
    await context.close();
  });
  // The victim's account has no linked sign-in.
  expect((await (await victim.get("/api/account/sign-ins")).json()).signIns).toEqual([]);
  expect(user.id).toBeGreaterThan(0);
});

test("the account page links Google to a password account, lists it and removes it; the only way in cannot be removed", async ({ page, browser, baseURL }) => {
  const email = uniqueEmail("linker");
  await test.step("signed in with a password, Google is linked from the account page and then signs in", async () => {
    const client = await newClient(baseURL!);
    await signUp(client, { credential: email });
    await client.dispose();
    await page.goto("/login");
    await page.getByLabel("Email or phone number").fill(email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto("/account#account-sign-ins");
    await expect(page.locator("#main").getByText("No Google or Apple sign-in is linked yet.")).toBeVisible();
    await page.getByRole("button", { name: "Link Google" }).click();
    await page.waitForURL(/localhost:\d+\/dev\/sign-in\/google/);
    await signInAtStandIn(page, { email, account: "linker-google" });
    await page.waitForURL(/\/account\?linked=google/);
    await expect(page.getByRole("status").filter({ hasText: "Google is linked" })).toBeVisible();
    await expect(linkedList(page)).toContainText("Google");
    await page.locator("#account-sign-ins").scrollIntoViewIfNeeded();
    await shoot(page, "account-linked-sign-ins");
  });

  await test.step("the password still opens the account, so the Google sign-in may go", async () => {
    await page.getByRole("button", { name: "Remove the Google sign-in" }).click();
    await expect(alertWith(page, "Google sign-in removed")).toBeVisible();
    await expect(page.locator("#main").getByText("No Google or Apple sign-in is linked yet.")).toBeVisible();
  });

  await test.step("an account made by Apple alone keeps its one way in", async () => {
    const context = await browser.newContext({ baseURL });
    const only = await context.newPage();
    await continueWith(only, "Apple", { email: uniqueEmail("apple-only"), firstName: "Olu" });
    await only.goto("/account#account-sign-ins");
    await only.getByRole("button", { name: "Remove the Apple sign-in" }).click();
    await expect(alertWith(only, "This is your only way to sign in")).toBeVisible();
    await only.reload();
    await expect(linkedList(only)).toContainText("Apple");
    await context.close();
  });
});
