import { expect, test, type Page } from "../fixtures";
import { alertWith, cartButton, demoLogin, expectAccessible, openMenu, signUpInBrowser } from "../support/pages";

const CONFLICT = "Your cart contains items from a different restaurant. Please clear your cart or complete your existing order first.";

async function openRestaurant(page: Page, id: number) {
  await page.goto(`/restaurants/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}
const addButtons = (page: Page) => page.getByRole("button", { name: /^Add .+ to cart$/ });

// Browsing as an anonymous visitor (the home's chips and pages, a restaurant, the dishes, the
// log-in prompts) and a customer's cart and favourites, each one journey.

test.describe("home", () => {
  test("cuisine chips filter the restaurants; a cuisine nobody serves is disabled", async ({ page }) => {
    await page.goto("/home");
    await expectAccessible(page);
    const chips = page.getByRole("navigation", { name: "Cuisines" });
    await chips.getByRole("link", { name: "Italian" }).click();
    await expect(page).toHaveURL(/cuisine=Italian/);
    await expect(page.getByRole("heading", { name: "Italian restaurants" })).toBeVisible();
    await expect(chips.getByRole("link", { name: "Italian" })).toHaveAttribute("aria-current", "page");
    await expect(chips.getByRole("link", { name: "Caribbean" })).toHaveAttribute("aria-disabled", "true");
    await expectAccessible(page, "filtered home");
  });
});

test("an anonymous visitor: 'Show more restaurants', a restaurant page, the dishes page, and the log-in prompts for the cart and favourites", async ({ page }) => {
  await test.step("'Show more restaurants' loads the next page", async () => {
    await page.goto("/home");
    const cards = page.getByRole("main").getByRole("listitem");
    const before = await cards.count();
    await page.getByRole("button", { name: "Show more restaurants" }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
  });

  // Pickup and Group order are real: pickup.spec.ts, group-order.spec.ts.
  await test.step("a restaurant page shows the fee note, hours and menu", async () => {
    await openRestaurant(page, 2);
    await expect(page.getByText(/delivery fee on \$15\+/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Appetizers" })).toBeVisible();
    await expectAccessible(page);
    const options = page.getByRole("group", { name: "Order options" });
    await expect(options.getByRole("button", { name: "Group order" })).toBeVisible();
    await expect(options.getByRole("button", { name: /Pickup/ })).toBeVisible();
  });

  await test.step("the menu-items page lists dishes with restaurant links", async () => {
    await page.goto("/menu-items");
    await expect(page.getByRole("heading", { name: "All menu items" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Show more dishes" }).click();
  });

  await test.step("told to log in to add to the cart or to favourites", async () => {
    await openRestaurant(page, 3);
    await addButtons(page).first().click();
    await expect(alertWith(page, "You must be logged in to add items to the cart!")).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName("Open cart, 0 items");
    await page.goto("/menu-items/3");
    await page.getByRole("button", { name: "Add to favorites" }).click();
    await expect(alertWith(page, "You must be logged in to add items to the favorites")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to favorites" })).toHaveAttribute("aria-pressed", "false");
  });
});

test.describe("the cart", () => {
  test("a customer's cart and favourites: adds, raises, steps down and removes at 1; survives a reload and a logout; holds one restaurant; checks out to /checkout; a heart shows in a second context", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { email, password } = await signUpInBrowser(page);
    await test.step("adds, raises quantities, steps down, and removes at 1", async () => {
      await openRestaurant(page, 3);
      await addButtons(page).nth(0).click();
      await expect(page.getByText("Added to cart").first()).toBeVisible();
      await addButtons(page).nth(0).click();
      await addButtons(page).nth(1).click();
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 3 items");
      await cartButton(page).click();
      const cart = page.getByRole("dialog", { name: "Your cart" });
      const lines = cart.getByRole("list", { name: "Cart items" }).getByRole("listitem");
      await expect(lines).toHaveCount(2);
      await expectAccessible(page, "cart panel");
      await cart
        .getByRole("button", { name: /^Increase / })
        .first()
        .click();
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 4 items");
      await cart
        .getByRole("button", { name: /^Decrease / })
        .first()
        .click();
      await cart
        .getByRole("button", { name: /^Decrease / })
        .first()
        .click();
      await expect(cart.getByRole("button", { name: /^Remove / }).first()).toBeVisible();
      await cart
        .getByRole("button", { name: /^Remove / })
        .first()
        .click();
      await cart
        .getByRole("button", { name: /^Remove / })
        .first()
        .click();
      await expect(cart.getByText("Your cart is empty")).toBeVisible();
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 0 items");
    });

    await test.step("survives a reload, is saved on logout, and comes back on login", async () => {
      await openRestaurant(page, 5);
      await addButtons(page).first().click();
      await addButtons(page).nth(1).click();
      await page.reload();
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 2 items");
      const menu = await openMenu(page);
      await menu.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 0 items");
      expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("cartItems_")))).not.toContain("cartItems_guest");

      await demoLogin(page, 4);
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 0 items");
      await (await openMenu(page)).getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL((url) => url.pathname === "/");

      await page.goto("/login");
      await page.getByLabel("Email or phone number").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL("**/home");
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 2 items");
    });

    await test.step("holds one restaurant: another restaurant's item asks 'Start a new cart?' with the conflict message, and keeping changes nothing", async () => {
      await openRestaurant(page, 4);
      await addButtons(page).first().click();
      const dialog = page.getByRole("dialog", { name: "Start a new cart?" });
      await expect(dialog.getByText(CONFLICT)).toBeVisible();
      await dialog.getByRole("button", { name: "Keep current cart" }).click();
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 2 items");
    });

    await test.step("checkout from the cart creates the order and goes to /checkout", async () => {
      await cartButton(page).click();
      await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout" }).click();
      await page.waitForURL("**/checkout");
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("currentOrder") ?? "null"));
      expect(stored).toMatchObject({ status: "Active", restaurantId: 5 });
    });

    await test.step("favourites: a heart survives a reload and shows in a second browser context", async () => {
      await page.goto("/menu-items/12");
      const heart = page.getByRole("button", { name: "Add to favorites" });
      // The heart turns at once (optimistic); wait for the server to have it before reloading.
      await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/menu-items/12/like") && r.ok()), heart.click()]);
      await expect(page.getByRole("button", { name: "Remove from favorites" })).toHaveAttribute("aria-pressed", "true");
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem("likedItems") ?? "[]"))).toContain(12);
      await page.reload();
      await expect(page.getByRole("button", { name: "Remove from favorites" })).toBeVisible();
      await expectAccessible(page, "item page");

      const second = await browser.newContext({ baseURL, storageState: { cookies: await page.context().cookies(), origins: [] } });
      const other = await second.newPage();
      await other.goto("/favorites");
      await expect(other.getByRole("main").getByRole("button", { name: "Remove from favorites" })).toHaveCount(1);
      await expectAccessible(other, "favorites");
      await other.getByRole("main").getByRole("button", { name: "Remove from favorites" }).click();
      await expect(other.getByText("No favorite items yet!")).toBeVisible();
      await second.close();
    });
  });

  test("a full account without an address is asked for one; closing the form adds nothing", async ({ page }) => {
    await signUpInBrowser(page, { address: false });
    await openRestaurant(page, 3);
    await addButtons(page).first().click();
    const dialog = page.getByRole("dialog", { name: "Delivery address" });
    await expect(dialog).toContainText("Please add a delivery address before adding items to your cart.");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(alertWith(page, /add a delivery address/)).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName("Open cart, 0 items");
  });
});
