import { expect, test } from "../fixtures";
import { uniqueEmail, uniquePhone } from "../support/api";
import { alertWith, awaitHydration, demoLabel, demoLogin, expectAccessible, fillSignupForm, fillSignupModal, openMenu } from "../support/pages";

// "Use my location": the Mission by 24th Street, whose nearest ZIP is 94110.
const MISSION = { latitude: 37.7522, longitude: -122.4183 };
const LOCATION_DENIED = "Location is blocked for this site. Allow it in your browser's settings, or type your address.";

// The shop's front door as each kind of visitor meets it, one journey each: an anonymous
// visitor (the landing, its menu and Search, Pickup, an unknown path), a new account (signup's
// messages, the top bar's address), a returning one (login by email and phone, a wrong password),
// the demo buttons (every seeded owner and customer in turn) and a guest (the address refusal,
// the signup modal). What the server alone decides (redirects for signed-in and anonymous
// visitors, not-found pages) is read over HTTP in e2e/platform/page-guards.api.spec.ts.

test.describe("landing and catch-all", () => {
  test("an anonymous visitor: the landing's menu, its Search listing the restaurants delivering to the address, nearest first, the Pickup switch, and an unknown path's 'Feature Coming Soon!'", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Order delivery near you" })).toBeVisible();
    await expectAccessible(page);

    await test.step("the burger menu offers Log in, Sign up and an add-restaurant link to /login", async () => {
      const menu = await openMenu(page);
      await expect(menu.getByRole("link", { name: "Log in" })).toBeVisible();
      await expect(menu.getByRole("link", { name: "Sign up" })).toBeVisible();
      await expect(menu.getByRole("link", { name: "Add your restaurant" })).toHaveAttribute("href", "/login");
      await expect(menu.getByRole("link", { name: "Orders" })).toHaveCount(0);
      await expectAccessible(page, "anonymous menu");
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
    });

    // The kept address comes back only into a box nobody has touched.
    await test.step("the address kept in this browser fills an untouched box, never one tapped or typed in before the page hydrated", async () => {
      const box = page.getByLabel("Delivery address");
      await page.evaluate(() => localStorage.setItem("deliveryAddressDraft", "9 Old Draft Rd, Oakland, CA, 94612"));
      await page.reload();
      await expect(box).toHaveValue("9 Old Draft Rd, Oakland, CA, 94612");
      // The page's scripts held back: the visitor taps the box before it hydrates, then types.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // Scripts only: a held stylesheet would keep the box from ever being visible to click.
      await page.route(/\/_next\/static\/chunks\/.*\.js(\?|$)/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/", { waitUntil: "commit" });
      await box.click();
      release();
      await awaitHydration(page);
      await page.unrouteAll();
      await box.pressSequentially("1847 Guerrero");
      await expect(box).toHaveValue("1847 Guerrero");
    });

    await test.step("Use my location: refused, it says why beside the button; allowed, the nearest ZIP follows the street typed", async () => {
      const box = page.getByLabel("Delivery address");
      const locate = page.getByRole("button", { name: "Use my location" });
      const box44 = await locate.boundingBox();
      expect(box44!.height).toBeGreaterThanOrEqual(44);
      await page.context().clearPermissions();
      await locate.click();
      await expect(page.getByRole("status").filter({ hasText: LOCATION_DENIED })).toBeVisible();
      await expectAccessible(page, "landing with the location refused");
      await page.context().grantPermissions(["geolocation"]);
      await page.context().setGeolocation(MISSION);
      // By keyboard: the button takes the focus and Enter.
      await locate.focus();
      await page.keyboard.press("Enter");
      await expect(box).toHaveValue("1847 Guerrero, San Francisco, CA, 94110");
      await expect(page.getByText(LOCATION_DENIED)).toHaveCount(0);
    });

    // The landing Search is no longer a 'Feature Coming Soon' alert.
    await test.step("Search lists the restaurants delivering to the address, nearest first, with distances", async () => {
      await page.getByLabel("Delivery address").fill("1847 Guerrero St, San Francisco, CA 94110");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL(/\/home\?address=1847\+Guerrero\+St%2C\+San\+Francisco%2C\+CA\+94110&when=now$/);
      await expect(alertWith(page, "Feature Coming Soon")).toHaveCount(0);
      const near = page.getByRole("region", { name: /Delivering now to/ });
      await expect(near.getByRole("heading", { name: "Delivering now to 1847 Guerrero St, San Francisco, CA 94110" })).toBeVisible();
      const cards = near.getByRole("listitem");
      // The Mission's taqueria is the nearest; Oakland's and Berkeley's are beyond their 8 km.
      await expect(cards.first().getByRole("link")).toHaveText("Taqueria La Paloma");
      await expect(near.getByRole("link", { name: "Temescal Pasta Bar" })).toHaveCount(0);
      const distances = (await cards.allInnerTexts()).map((text) => Number(/([\d.]+) km/.exec(text)?.[1]));
      expect(distances.length).toBeGreaterThan(3);
      for (const km of distances) expect(km).toBeLessThanOrEqual(12);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      // The page's usual list follows.
      await expect(page.getByRole("heading", { name: "All restaurants" })).toBeVisible();
      await expectAccessible(page, "home with an address");
      // The address searched is the visitor's delivery address, in the top bar too.
      await expect(page.getByRole("link", { name: /^Delivery address/ })).toHaveText("Delivery address: 1847 Guerrero St, San Francisco, CA 94110");
    });

    // pickup.spec.ts has the pickup journey.
    await test.step("the top bar's Pickup is a real mode switch, not 'Feature coming soon'", async () => {
      const pickup = page.getByRole("group", { name: "Order type" }).getByRole("button", { name: "Pickup" });
      await pickup.click();
      await expect(pickup).toHaveAttribute("aria-pressed", "true");
      await expect(alertWith(page, "Feature coming soon")).toHaveCount(0);
    });

    await test.step("any unknown path shows 'Feature Coming Soon!'", async () => {
      const response = await page.goto("/no/such/page");
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Feature Coming Soon!")).toBeVisible();
      await expectAccessible(page);
    });
  });

  test("a Search works before the page hydrates, and an address the geocoder cannot read says so beside the field", async ({ page, browser, baseURL }) => {
    // Without scripts the form is a plain GET to /home, which the server answers with the list.
    const raw = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const early = await raw.newPage();
    await early.goto("/");
    await early.getByLabel("Delivery address").fill("Oakland, CA");
    await early.getByLabel("Delivery time").selectOption("later");
    await early.getByRole("button", { name: "Search", exact: true }).click();
    await early.waitForURL(/\/home\?address=Oakland%2C\+CA&when=later$/);
    await expect(early.getByRole("heading", { name: "Schedule a delivery to Oakland, CA" })).toBeVisible();
    await expect(
      early
        .getByRole("region", { name: /Schedule a delivery to/ })
        .getByText(/^\d+(\.\d)? km$/)
        .first(),
    ).toBeVisible();
    await raw.close();

    await page.goto("/home?address=somewhere+over+the+rainbow&when=now");
    const field = page.getByRole("search", { name: "Restaurants delivering to an address" }).getByLabel("Delivery address");
    await expect(field).toHaveValue("somewhere over the rainbow");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("We could not find that address. Add its ZIP code")).toBeVisible();
    await expect(page.getByRole("heading", { name: "All restaurants" })).toBeVisible();
  });
});

test.describe("signup and login", () => {
  test("a new account: signup shows each rule's message beside its field, creates the account, and the top bar saves 'ADDRESS, CITY, STATE, ZIP' after a bad try", async ({
    page,
  }) => {
    await page.goto("/signup");
    await expectAccessible(page);
    await test.step("each rule's message beside its field", async () => {
      const credential = page.getByLabel("Email or phone number");
      await page.getByRole("button", { name: "Sign up", exact: true }).click();
      await expect(page.getByText("Please enter a valid email or phone number")).toBeVisible();
      await credential.fill("ada@example");
      await page.getByRole("button", { name: "Sign up", exact: true }).click();
      await expect(page.getByText("Invalid email")).toBeVisible();
      await credential.fill("555-12");
      await page.getByRole("button", { name: "Sign up", exact: true }).click();
      await expect(page.getByText("Invalid phone number")).toBeVisible();
      await expect(credential).toHaveAttribute("aria-invalid", "true");
    });

    await test.step("the account is made, with its name and wallet in the menu", async () => {
      await fillSignupForm(page, { name: "Ada Lovelace", credential: uniqueEmail("browser") });
      await page.waitForURL("**/home");
      const menu = await openMenu(page);
      await expect(menu.getByText("Ada Lovelace")).toBeVisible();
      await expect(menu.getByText("$999.99")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
    });

    await test.step("the top bar's address editor refuses a bad line; Use my location adds the nearest ZIP to the street typed; the line survives a reload", async () => {
      await page.getByRole("button", { name: /Delivery address/ }).click();
      const dialog = page.getByRole("dialog", { name: "Delivery address" });
      await dialog.getByLabel("Address").fill("12 Analytical Way, San Francisco, CA");
      await dialog.getByRole("button", { name: "Save address" }).click();
      await expect(dialog.getByText("Address must by ADDRESS, CITY, STATE, ZIP, seperated by commas")).toBeVisible();
      await expectAccessible(page, "address editor");
      // "Use my location": the street stays as typed, the city, state and ZIP come from the position.
      await page.context().grantPermissions(["geolocation"]);
      await page.context().setGeolocation(MISSION);
      await dialog.getByRole("button", { name: "Use my location" }).click();
      await expect(dialog.getByLabel("Address")).toHaveValue("12 Analytical Way, San Francisco, CA, 94110");
      await dialog.getByRole("button", { name: "Save address" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("button", { name: /Delivery address/ })).toContainText("12 Analytical Way, San Francisco, CA, 94110");
      await page.reload();
      await expect(page.getByRole("button", { name: /Delivery address/ })).toContainText("12 Analytical Way");
    });
  });

  test("a returning customer: a wrong password shows the server's message under the credential field; logs in by email and by phone with dashes, and logs out", async ({
    page,
    api,
  }) => {
    await page.goto("/login");
    await page.getByLabel("Email or phone number").fill(uniqueEmail("nobody"));
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Invalid credentials")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    const email = uniqueEmail("login");
    const phone = uniquePhone();
    await api.post("/api/auth/signup", { firstName: "Grace", lastName: "Hopper", email, phoneNumber: phone, password: "correct horse" });
    for (const credential of [email, `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`]) {
      await test.step(`logs in with ${credential} and out`, async () => {
        await page.goto("/login");
        await page.getByLabel("Email or phone number").fill(credential);
        await page.getByLabel("Password").fill("correct horse");
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
        await page.waitForURL("**/home");
        const menu = await openMenu(page);
        await menu.getByRole("button", { name: "Sign out" }).click();
        await page.waitForURL((url) => url.pathname === "/");
        await expect(page.getByRole("heading", { name: "Order delivery near you" })).toBeVisible();
      });
    }
  });

  test("the demo buttons name each seeded person and role, work from the keyboard, and sign in each demo owner and customer in turn", async ({ page }) => {
    // Five sign-ins in turn, each a page load and a hydration: longer than a fragment's 30 s on 2 loaded cores.
    test.setTimeout(120_000);
    await page.goto("/login");
    const demo = page.getByRole("region", { name: "Try a demo account" });
    await expect(demo.getByRole("button")).toHaveText([
      "Log in as Rosa (owner)",
      "Log in as Marcus (owner)",
      "Log in as Priya (customer)",
      "Log in as Jordan (customer)",
      "Log in as Sofia (customer)",
      "Log in as Dev (courier)",
      "Log in as Amara (courier)",
      "Log in as Luis (courier)",
      "Log in as Nia (operator)",
    ]);
    await expectAccessible(page, "login");

    await test.step("Priya by keyboard: her home and her full customer's menu", async () => {
      await demo.getByRole("button", { name: "Log in as Priya (customer)" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL("**/home");
      expect((await (await page.request.get("/api/auth/")).json()).firstName).toBe("Priya");
      await expectAccessible(page, "a customer's home");
      const menu = await openMenu(page);
      for (const name of ["Orders", "Favorites", "Wallet", "Reviews", "Menu Items", "Add your restaurant"]) {
        await expect(menu.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
      }
      await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
      await expectAccessible(page, "customer menu");
    });

    // Each demo in turn, in this one context: its cookies cleared in between, as a new visitor's.
    for (const id of [1, 2, 4, 5]) {
      await test.step(`${demoLabel(id)} logs in from the login page`, async () => {
        await page.context().clearCookies();
        await demoLogin(page, id);
        // The home of an owner is a page state of its own (its menu's Manage link); one customer's home was checked above.
        if (id === 1) await expectAccessible(page, "an owner's home");
        const menu = await openMenu(page);
        await expect(menu.getByRole("link", { name: id <= 2 ? "Manage your restaurants" : "Add your restaurant" })).toBeVisible();
      });
    }
  });
});

test.describe("guests", () => {
  test("a guest is told 'Must login to add address', and the menu's Orders opens the signup modal, which turns the guest into a full account", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue as guest" }).click();
    await page.waitForURL("**/home");
    await page.getByRole("button", { name: /Delivery address/ }).click();
    await expect(alertWith(page, "Must login to add address")).toBeVisible();

    let menu = await openMenu(page);
    await expect(menu.getByRole("link", { name: "Log in" })).toBeVisible();
    await menu.getByRole("button", { name: "Orders" }).click();
    const dialog = page.getByRole("dialog", { name: /^Create your/ });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "signup modal");
    await fillSignupModal(dialog, { firstName: "Gus", lastName: "Guest", confirm: "correct hors" });
    await dialog.getByRole("button", { name: /sign up|create/i }).click();
    await expect(dialog.getByText("Confirm Password field must be the same as the Password field")).toBeVisible();
    await dialog.getByLabel("Confirm password").fill("correct horse");
    await dialog.getByRole("button", { name: /sign up|create/i }).click();
    await expect(dialog).toBeHidden();
    menu = await openMenu(page);
    await expect(menu.getByText("Gus Guest")).toBeVisible();
    await expect(menu.getByText("$999.99")).toBeVisible();
  });
});
