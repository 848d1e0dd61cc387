import { expect, test, type Page } from "../fixtures";
import sharp from "sharp";
import { newClient, signUp, uniqueEmail, uniquePhone } from "../support/api";
import { alertWith, cartButton, expectAccessible, fillSignupForm, openMenu, shoot, signUpInBrowser } from "../support/pages";
import { pathOf, resetLinkOf, verifyLinkOf } from "../support/mailbox";

// The account screens: the edit forms with the API contract's messages, the top-bar
// address, delivery instructions, the password change, the profile picture, the email's
// verification link, passkeys (Chromium's virtual authenticator) and a forgotten password.

const picturePng = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 40, b: 15 } } })
    .png()
    .toBuffer();
const pictureInput = (page: Page) => page.getByLabel(/^(Add a|Change) picture$/);
const main = (page: Page) => page.getByRole("main");

async function openEditPage(page: Page, link: string, path: string) {
  await page.goto("/account");
  await main(page).getByRole("link", { name: link }).click();
  await page.waitForURL(`**${path}`);
}

test("one customer's account: name, phone and email forms, the top bar's address, delivery instructions (a stale anti-forgery token too), the profile picture, the password, passkeys, and logging out everywhere", async ({
  page,
  baseURL,
  api: other,
}) => {
  test.setTimeout(180_000);
  const takenEmail = uniqueEmail("taken");
  await signUp(other, { name: "Taken Person", credential: takenEmail, password: "correct horse" });
  // Without an address: the top bar's editor sets the first one.
  const { password } = await signUpInBrowser(page, { address: false });
  let mine = "";

  await test.step("the name form requires a first name, then saves and shows the new name everywhere", async () => {
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expectAccessible(page, "account");
    await openEditPage(page, "Edit name", "/account/name");
    await page.getByLabel("First name").fill("");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByLabel("First name")).toBeFocused();
    await expectAccessible(page, "name form with an error");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.waitForURL("**/account");
    await expect(alertWith(page, "Name saved")).toBeVisible();
    await expect(main(page).getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
    await expect((await openMenu(page)).getByText("Ada Lovelace")).toBeVisible();
  });

  await test.step("the phone form shows both spec messages, then saves ten digits", async () => {
    await openEditPage(page, "Edit phone number", "/account/phone");
    const phone = page.getByLabel("Phone number");
    await phone.fill("415-555-0101");
    // A non-digit is reported while typing, before any submit.
    await expect(page.getByText("Phone number must have only numbers in it")).toBeVisible();
    await phone.fill("41555");
    await page.getByRole("button", { name: "Save phone number" }).click();
    await expect(page.getByText("Phone number must be 10 digits")).toBeVisible();
    await expectAccessible(page, "phone form with an error");
    const number = uniquePhone();
    await phone.fill(number);
    await expect(page.getByText("Phone number must be 10 digits")).toBeHidden();
    await page.getByRole("button", { name: "Save phone number" }).click();
    await page.waitForURL("**/account");
    await expect(alertWith(page, "Phone number saved")).toBeVisible();
    await expect(main(page).getByText(`(${number.slice(0, 3)}) ${number.slice(3, 6)}-${number.slice(6)}`)).toBeVisible();
  });

  await test.step("the email form shows both spec messages and an address in use, then saves", async () => {
    await openEditPage(page, "Edit email", "/account/email");
    const email = page.getByLabel("Email");
    await email.fill("ada.example.com");
    await page.getByRole("button", { name: "Save email" }).click();
    await expect(page.getByText("Email must include @")).toBeVisible();
    await email.fill("ada@example");
    await expect(page.getByText("Email must include a '.' after the @")).toBeVisible();
    await expectAccessible(page, "email form with an error");
    await email.fill(takenEmail);
    await page.getByRole("button", { name: "Save email" }).click();
    await expect(page.getByText("Email is already in use")).toBeVisible();
    mine = uniqueEmail("mine");
    await email.fill(mine);
    await page.getByRole("button", { name: "Save email" }).click();
    await page.waitForURL("**/account");
    await expect(alertWith(page, "Check your new address: your email changes once you open the link we sent it")).toBeVisible();
    // Not effective until the new address confirms (docs/architecture/accounts-security.md): the banner says so.
    const banner = page.getByRole("region", { name: "Confirm your new email address" });
    await expect(banner).toContainText(mine);
    expect((await (await page.request.get("/api/auth/")).json()).email).not.toBe(mine);
    await page.goto(pathOf(await verifyLinkOf(page.request, mine)));
    await expectAccessible(page, "verify email");
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await expect(page.getByRole("status")).toHaveText(`Your email address is verified. (${mine})`);
    await page.getByRole("link", { name: "Go to your account" }).click();
    await page.waitForURL("**/account");
    await expect(main(page).getByText(mine).first()).toBeVisible();
    await expect(page.getByRole("region", { name: /Confirm your new email address|Verify your email address/ })).toHaveCount(0);
  });

  await test.step("the top bar's address editor refuses a bad line and updates the profile", async () => {
    await page.goto("/account");
    await page.getByRole("button", { name: /^Delivery address/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delivery address" });
    await dialog.getByLabel("Address").fill("1 Infinite Loop, Cupertino");
    await dialog.getByRole("button", { name: "Save address" }).click();
    await expect(dialog.getByText("Address must by ADDRESS, CITY, STATE, ZIP, seperated by commas")).toBeVisible();
    await dialog.getByLabel("Address").fill("1 Infinite Loop, Cupertino, CA, 95014");
    await dialog.getByRole("button", { name: "Save address" }).click();
    await expect(dialog).toBeHidden();
    await expect(main(page).getByText("1 Infinite Loop, Cupertino, CA, 95014")).toBeVisible();
  });

  await test.step("delivery instructions are saved from the account page", async () => {
    await page.goto("/account");
    await page.getByLabel("Delivery instructions").fill("Ring twice, the bell is quiet");
    await page.getByRole("button", { name: "Save instructions" }).click();
    await expect(alertWith(page, "Delivery instructions saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Delivery instructions")).toHaveValue("Ring twice, the bell is quiet");
  });

  await test.step("a saved peanut allergy marks the peanut dish on every menu, the may-contain ones apart", async () => {
    await page.goto("/account");
    await page.getByRole("checkbox", { name: "Peanuts" }).check();
    await page.getByRole("button", { name: "Save allergies" }).click();
    await expect(alertWith(page, "Allergies saved")).toBeVisible();
    const thai = (await (await page.request.get("/api/search?q=Lemongrass&type=restaurants")).json()).restaurants[0].id;
    await page.goto(`/restaurants/${thai}`);
    const dish = main(page)
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: "Sweet Chili Chicken" }) });
    await expect(dish.locator('[data-allergy="contains"]')).toHaveText("Contains peanuts: on your allergy list");
    await expect(main(page).locator('[data-allergy="may-contain"]').first()).toContainText("May contain peanuts");
    await expectAccessible(page, "a menu marked for a peanut allergy");
    // Added anyway (for pickup: the restaurant is beyond this address's delivery range): the Add
    // says so, and checkout waits for an explicit confirmation.
    await main(page).getByRole("group", { name: "Order options" }).getByRole("button", { name: "Pickup" }).click();
    await dish.getByRole("button", { name: "Add Sweet Chili Chicken to cart: choose options" }).click();
    const choices = page.getByRole("dialog", { name: "Sweet Chili Chicken" });
    await choices.getByRole("radio", { name: /Mild/ }).check();
    await choices.getByRole("button", { name: /^Add to cart/ }).click();
    await expect(alertWith(page, "Sweet Chili Chicken contains peanuts: on your allergy list. Checkout asks you to confirm it.")).toBeVisible();
    await cartButton(page).click();
    await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
    await page.waitForURL("**/checkout");
    const check = page.getByRole("region", { name: "On your allergy list" });
    await expect(check.getByRole("listitem")).toHaveText(["Sweet Chili Chicken: contains peanuts"]);
    const place = page.getByRole("button", { name: "Place order" });
    await expect(place).toBeDisabled();
    await expect(place).toHaveAccessibleDescription("Confirm the dishes on your allergy list above to place the order.");
    await expectAccessible(page, "checkout with a dish on the allergy list");
    await shoot(page, "checkout-allergy-check");
    await check.getByRole("checkbox", { name: "I have checked these dishes and want to order them anyway" }).check();
    await expect(place).toBeEnabled();
    await page.goto(`/restaurants/${thai}`);
    // The menu's filter hides the peanut dishes; each jump-bar chip counts the dishes its section still shows.
    await main(page).getByText("Diet and allergens").click();
    await main(page).getByRole("group", { name: "Hide dishes containing" }).getByRole("checkbox", { name: "Peanuts" }).check();
    await expect(dish).toBeHidden();
    for (const chip of await main(page).getByRole("navigation", { name: "Menu categories" }).getByRole("link").all()) {
      const shown = await page
        .locator(`${await chip.getAttribute("href")} > ul > li`)
        .filter({ visible: true })
        .count();
      await expect(chip.locator("[data-menu-count]")).toHaveText(String(shown));
    }
  });

  await test.step("a save with an anti-forgery cookie from another session is refused once, then goes through with a fresh one", async () => {
    await page.goto("/account");
    // As if another tab's logout and login had left this tab a token for an older session.
    const stale = await (await newClient(baseURL!)).xsrf();
    await page.context().addCookies([{ name: "XSRF-TOKEN", value: stale, url: baseURL! }]);
    const refusals: number[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "PUT" && response.status() === 403) refusals.push(response.status());
    });
    await page.getByLabel("Delivery instructions").fill("Leave it with the doorman");
    await page.getByRole("button", { name: "Save instructions" }).click();
    await expect(alertWith(page, "Delivery instructions saved")).toBeVisible();
    // Refused once and retried, unless a read in between (a prefetch) already brought a fresh
    // token: either way the save goes through, and never more than one refusal.
    expect(refusals.length).toBeLessThanOrEqual(1);
    expect((await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")!.value).not.toBe(stale);
    await page.reload();
    await expect(page.getByLabel("Delivery instructions")).toHaveValue("Leave it with the doorman");
  });

  await test.step("a text file named .png, another type and an oversized file are refused with a message", async () => {
    await page.goto("/account");
    const refused = "The picture must be a PNG, JPEG or WebP image";
    // Declared as a PNG, so only the server's content check can catch it.
    await pictureInput(page).setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text, not a picture") });
    await expect(main(page).getByRole("alert").filter({ hasText: refused })).toBeVisible();
    await expect(pictureInput(page)).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "picture error");
    await pictureInput(page).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("plain text") });
    await expect(main(page).getByRole("alert").filter({ hasText: refused })).toBeVisible();
    await pictureInput(page).setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(main(page).getByRole("alert").filter({ hasText: "The picture must be at most 5 MB" })).toBeVisible();
    await expect(page.locator('img[src^="/uploads/"]')).toHaveCount(0);
  });

  await test.step("an uploaded picture shows on the account page, in the top bar and in the menu", async () => {
    await page.goto("/account");
    await expect(page.locator('img[src^="/uploads/"]')).toHaveCount(0);
    // The upload is held back so that the local preview and the progress bar can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/users/pfp/**", async (route) => {
      await held;
      await route.continue();
    });
    await pictureInput(page).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await picturePng() });
    await expect(main(page).getByRole("img", { name: "Your profile picture" })).toHaveAttribute("src", /^blob:/);
    await expect(page.getByRole("progressbar", { name: "Uploading picture" })).toBeVisible();
    release();
    await expect(page.getByRole("status").filter({ hasText: "Picture updated" })).toBeVisible();
    await expect(main(page).getByRole("img", { name: "Your profile picture" })).toHaveAttribute("src", /^\/uploads\/.+\.webp$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Account" }).locator('img[src^="/uploads/"]')).toBeVisible();
    await expectAccessible(page, "account with a picture");
    await page.reload();
    const menu = await openMenu(page);
    await expect(menu.locator('img[src^="/uploads/"]')).toBeVisible();
    await expect(pictureInput(page)).toHaveAccessibleName("Change picture");
  });

  await test.step("a password change checks the fields and the current password, then the new one works", async () => {
    await openEditPage(page, "Change password", "/account/password");
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password").fill("shorter");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByText("Confirm Password field must be the same as the Password field")).toBeVisible();
    await expectAccessible(page, "password form with errors");
    await page.getByLabel("New password", { exact: true }).fill("a much better secret");
    await page.getByLabel("Confirm new password").fill("a much better secret");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Current password is incorrect")).toBeVisible();
    await page.getByLabel("Current password").fill(password);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.waitForURL("**/account");
    await expect(alertWith(page, "Password changed. Other devices have been signed out.")).toBeVisible();

    await (await openMenu(page)).getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/login");
    await page.getByLabel("Email or phone number").fill(mine);
    await page.getByLabel("Password").fill("a much better secret");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL("**/home");
  });

  await test.step("passkeys in Chromium's virtual authenticator: add one on /account, sign out, sign in with it on /login, remove it", async () => {
    // WebAuthn refuses an IP address as the relying party: this step runs on localhost (its own cookies).
    const local = baseURL!.replace("127.0.0.1", "localhost");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const options = {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    } as const;
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options });
    await page.goto(`${local}/login`);
    await page.getByLabel("Email or phone number").fill(mine);
    await page.getByLabel("Password").fill("a much better secret");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL("**/home");
    await page.goto(`${local}/account`);
    await page.getByLabel("Passkey name").fill("Journey laptop");
    // Adding one is confirmed with the password: without it, the field says so and nothing is made.
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByText("Enter your password to add a passkey")).toBeVisible();
    expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(0);
    await page.getByLabel("Your password").fill("a much better secret");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(alertWith(page, 'Passkey "Journey laptop" added')).toBeVisible();
    const keys = page.getByRole("list", { name: "Your passkeys" });
    await expect(keys).toContainText("Journey laptop");
    await expect(keys).toContainText("never used");
    await expectAccessible(page, "account with a passkey");
    expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);

    await (await openMenu(page)).getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto(`${local}/login`);
    await expectAccessible(page, "login");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");
    expect((await (await page.request.get(`${local}/api/auth/`)).json()).email).toBe(mine);
    await page.goto(`${local}/account`);
    await expect(keys).toContainText("last used");
    await keys.getByRole("button", { name: "Remove passkey Journey laptop" }).click();
    await expect(alertWith(page, 'Passkey "Journey laptop" removed')).toBeVisible();
    await expect(keys).toHaveCount(0);
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
    await cdp.detach();
  });

  await test.step("log out everywhere: the account page's button ends this session and the account's other ones", async () => {
    const laptop = await newClient(baseURL!);
    expect((await laptop.post("/api/auth/login", { credential: mine, password: "a much better secret" })).status()).toBe(200);
    await page.goto("/account");
    const button = main(page).getByRole("button", { name: "Log out everywhere" });
    await expect(button).toBeVisible();
    // The account page's accessibility was checked at the journey's start and with a picture.
    await button.click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(alertWith(page, "Logged out on every device")).toBeVisible();
    expect((await page.request.get("/api/auth/")).status()).toBe(401);
    expect((await laptop.get("/api/auth/")).status()).toBe(401);
  });

  await test.step("forgot password: /login's link, the mailed link's page, then /login with the new password", async () => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot-password");
    await expectAccessible(page, "forgot password");
    await page.getByLabel("Email").fill(mine);
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await expect(page.getByRole("status")).toHaveText("If an account uses that email, we sent it a link to reset the password.");
    const link = await resetLinkOf(await newClient(baseURL!), mine);
    await page.goto(pathOf(link));
    await page.getByLabel("New password", { exact: true }).fill("reset secret 42");
    await page.getByLabel("Confirm password").fill("reset secret 43");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Confirm Password field must be the same as the Password field")).toBeVisible();
    await expectAccessible(page, "reset password form with errors");
    await page.getByLabel("Confirm password").fill("reset secret 42");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL("**/login?reset=done");
    await expect(page.getByRole("status")).toContainText("Your password was changed");
    await page.getByLabel("Email or phone number").fill(mine);
    await page.getByLabel("Password", { exact: true }).fill("reset secret 42");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL("**/home");
  });
});

// The forms use the server's own free-text rules (lib/contract/common/field-rules.ts), messages beside the fields.
test("the signup form refuses a bidi override in the name and a password of spaces, beside the fields", async ({ page }) => {
  await page.goto("/signup");
  await fillSignupForm(page, { name: "\u202eAda Lovelace", credential: uniqueEmail("text"), password: "        " });
  await expect(page.getByText("Name contains characters that are not allowed")).toBeVisible();
  await expect(page.getByText("Password cannot be blank")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/signup$/);
  expect((await page.request.get("/api/auth/")).status()).toBe(401);
});
