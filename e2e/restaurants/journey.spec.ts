import { expect, test, type Page } from "../fixtures";
import { pageClient, signUp as signUpWith, signUpCustomer, uniqueEmail } from "../support/api";
import { invitationLinkOf, pathOf, verifyEmailOf } from "../support/mailbox";
import { BOARD_PAGE_SIZE, OPEN_ORDER_LIMITS } from "@/lib/shared/constants";
import { placeOrder, standardWallet } from "../support/orders";
import { alertWith, expectAccessible, expectPhoneThumbSized, fillSignupForm, openMenu, shoot } from "../support/pages";

// Restaurant owners in the browser: a customer becomes an owner by adding a restaurant, then
// edits it, builds its menu, pauses and reopens it, and deletes it; the kitchen's order queue.

// Whole journeys through a production build; each step is a page load or a server call.
test.describe.configure({ timeout: 180_000 }); // the first journey takes 80-100 s on 2 loaded cores

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function signUp(page: Page, name: string) {
  await page.goto("/signup");
  await fillSignupForm(page, { name, credential: uniqueEmail("owner") });
  await page.waitForURL("**/home");
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email or phone number").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL("**/home");
}

test("a customer adds a restaurant, runs its menu, pauses, reopens and deletes it", async ({ page }) => {
  const name = `Zz Harbor Lights ${Date.now() % 100_000}`;
  await signUp(page, "Olive Owner");
  await (await openMenu(page)).getByRole("link", { name: "Add your restaurant" }).click();
  await page.waitForURL("**/restaurants/new");
  await expectAccessible(page, "new restaurant");

  const submit = page.getByRole("button", { name: "Submit" });
  await expect(submit).toBeDisabled();
  await field(page, "Restaurant name").fill("Z");
  await expect(page.getByText("Name must be between 2 and 50 characters")).toBeVisible();
  await expect(field(page, "Restaurant name")).toHaveAttribute("aria-invalid", "true");
  await field(page, "Restaurant name").fill(name);
  await expect(page.getByText("Name must be between 2 and 50 characters")).toHaveCount(0);
  await field(page, "Cuisine").selectOption("Seafood");
  await field(page, "Price level").selectOption({ label: "$$$ · Expensive" });
  await field(page, "Description").fill("Grilled fish and oysters by the water.");
  await field(page, "Street address").fill("Pier 7");
  await expect(page.getByText("Address must start with a street number")).toBeVisible();
  await field(page, "Street address").fill("7 Embarcadero");
  await field(page, "City").fill("San Francisco");
  await field(page, "State").fill("CA");
  await field(page, "Zip code").fill("9411");
  await field(page, "Delivery fee ($)").fill("3.50");
  await field(page, "Delivery time (minutes)").fill("40");
  // One control for the hours: the weekly schedule (the text and the closing time come from it).
  await expect(field(page, "Business hours")).toHaveCount(0);
  await expect(page.getByLabel(/^Closing time/)).toHaveCount(0);
  await page.getByText("Ceviche", { exact: true }).click();
  await expect(page.getByText("Zip code must be 5 digits")).toBeVisible();
  await expect(submit).toBeDisabled();
  await expectAccessible(page, "restaurant form with errors");
  await field(page, "Zip code").fill("94111");
  await expect(submit).toBeEnabled();
  await submit.click();

  await page.waitForURL("**/restaurants/manage");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expect(card).toContainText("Mon-Sun Open 24 hours");
  await expectAccessible(page, "manage");
  await expectPhoneThumbSized(page, 'li a[href^="/restaurants/"]:not(h2 a)');
  await expect((await openMenu(page)).getByRole("link", { name: "Manage your restaurants" })).toBeVisible();
  await page.keyboard.press("Escape");

  await card.getByRole("link", { name: /^Update Info/ }).click();
  await page.waitForURL(/\/restaurants\/\d+\/update$/);
  await expect(field(page, "Restaurant name")).toHaveValue(name);
  await expectAccessible(page, "update restaurant");
  await field(page, "Delivery fee ($)").fill("0");
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.waitForURL("**/restaurants/manage");
  await expect(card).toContainText("$0 delivery");

  await card.getByRole("link", { name: /^Update Menu/ }).click();
  await page.waitForURL(/\/restaurants\/\d+\/menu$/);
  await expect(page.getByText("No menu items available.")).toBeVisible();
  await expectAccessible(page, "empty menu");
  for (const [dish, price] of [
    ["Fish Tacos", "11"],
    ["Clam Chowder", "8.5"],
  ] as const) {
    await page.getByRole("link", { name: "Add menu item" }).first().click();
    await page.waitForURL("**/menu-items/new?restaurantId=*");
    await expect(field(page, "Restaurant")).toHaveValue(/\d+/);
    await field(page, "Name").fill(dish);
    await field(page, "Food type").selectOption("entree");
    await field(page, "Price ($)").fill(price);
    await field(page, "Description").fill("Fresh from the morning boats.");
    await field(page, "Image URL").fill("https://example.com/dish.jpg");
    await expectAccessible(page, "new menu item");
    await page.getByRole("button", { name: "Create menu item" }).click();
    await page.waitForURL(/\/restaurants\/\d+\/menu$/);
  }
  const dishes = page.getByRole("list", { name: "Menu items" }).getByRole("heading");
  await expect(dishes).toHaveText(["Clam Chowder", "Fish Tacos"]);
  await expectAccessible(page, "menu");
  await expectPhoneThumbSized(page, 'a[href^="/menu-items/"]');

  await page.getByRole("link", { name: "Edit Fish Tacos" }).click();
  await page.waitForURL(/\/menu-items\/\d+\/update$/);
  await field(page, "Name").fill("Fish Tacos 2");
  await expect(page.getByText("Name can only contain letters and spaces")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save changes" })).toBeDisabled();
  await expectAccessible(page, "update menu item");
  await field(page, "Name").fill("Baja Fish Tacos");
  await field(page, "Price ($)").fill("12.25");
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.waitForURL(/\/restaurants\/\d+\/menu$/);
  await expect(page.getByRole("listitem").filter({ hasText: "Baja Fish Tacos" })).toContainText("$12.25");

  await page.getByRole("link", { name: "Delete Clam Chowder" }).click();
  await page.waitForURL(/\/menu-items\/\d+\/delete$/);
  await expect(page.getByRole("heading", { name: "Delete menu item?" })).toBeVisible();
  await expectAccessible(page, "delete menu item");
  await page.getByRole("button", { name: "Delete menu item" }).click();
  await page.waitForURL(/\/restaurants\/\d+\/menu$/);
  await expect(dishes).toHaveText(["Baja Fish Tacos"]);

  await page.goto("/restaurants/manage");
  await card.getByRole("button", { name: /^Deactivate/ }).click();
  await expect(card.getByText("Inactive", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: /^Reactivate/ }).click();
  await expect(alertWith(page, "Restaurant successfully reactivated!")).toBeVisible();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();

  await card.getByRole("button", { name: /^Delete/ }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${name}?` });
  await expect(dialog).toContainText("Its whole menu");
  await expect(dialog).toContainText("Customers' past orders, with their items and totals");
  await expectAccessible(page, "delete dialog");
  await dialog.getByRole("button", { name: "Delete restaurant" }).click();
  await expect(page.getByText("No restaurants found")).toBeVisible();
});

test("the kitchen's order board: submitted orders wait in New, counted live on the manage page; accepting and rejecting move them", async ({ page, baseURL, owner }) => {
  const { client: customer } = await signUpCustomer(baseURL!, { name: "Hal Hungry" });
  const ids: number[] = [];
  for (const payment of ["card", "wallet"]) {
    const order = await placeOrder(customer, {
      restaurantId: owner.restaurant.id,
      itemId: owner.item.id,
      quantity: 2,
      submit: { ...standardWallet, paymentMethod: payment },
    });
    ids.push(order.id);
  }
  await logIn(page, owner.email, owner.password);
  await page.goto("/restaurants/manage");
  await expect(page.getByRole("link", { name: `Orders ${owner.restaurant.name} 2 new` })).toBeVisible();
  await page.goto(`/restaurants/${owner.restaurant.id}/orders`);
  const fresh = page.getByRole("region", { name: "New 2" });
  await expect(fresh.getByRole("listitem", { name: /^Order #/ })).toHaveText([new RegExp(`Order #${ids[0]} for Hal`), new RegExp(`Order #${ids[1]} for Hal`)]);
  await expect(fresh).toContainText("2 × House Burger");
  await expect(page).toHaveTitle(/^\(2\) Order board/);
  await expectAccessible(page, "order board");

  await page.getByRole("button", { name: `Accept order ${ids[0]}` }).click();
  await page
    .getByRole("dialog", { name: `Accept order #${ids[0]}` })
    .getByRole("radio", { name: "10 min" })
    .check();
  await page.getByRole("button", { name: "Accept order", exact: true }).click();
  await expect(page.getByRole("region", { name: "Preparing 1" })).toContainText(`Order #${ids[0]}`);
  await page.getByRole("button", { name: `Reject order ${ids[1]}` }).click();
  const dialog = page.getByRole("dialog", { name: `Reject order #${ids[1]}?` });
  await expect(dialog).toContainText("full amount back in their wallet");
  await dialog.getByRole("radio", { name: "Too busy" }).check();
  await dialog.getByRole("button", { name: "Reject order" }).click();
  await expect(alertWith(page, `Order #${ids[1]} rejected`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Done today 1" })).toContainText("Rejected");
  await expect(page.getByRole("region", { name: "New 0" })).toContainText("New orders appear here as they come in.");
  expect((await (await customer.get("/api/auth/")).json()).wallet).toBe(999.99);

  // The manage page's count follows new orders without a reload.
  await page.goto("/restaurants/manage");
  await expect(page.getByRole("link", { name: `Orders ${owner.restaurant.name}`, exact: true })).toBeVisible();
  await placeOrder(customer, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 1, submit: standardWallet });
  await expect(page.getByRole("link", { name: `Orders ${owner.restaurant.name} 1 new` })).toBeVisible();
});

test("someone else's restaurant and dishes are not found on the owner pages", async ({ page, owner }) => {
  await signUp(page, "Nosy Neighbor");
  for (const path of [
    `/restaurants/${owner.restaurant.id}/update`,
    `/restaurants/${owner.restaurant.id}/menu`,
    `/restaurants/${owner.restaurant.id}/orders`,
    `/menu-items/${owner.item.id}/update`,
    `/menu-items/${owner.item.id}/delete`,
  ]) {
    // Pages under restaurants/{id}/ stream behind that segment's loading screen, so the 404
    // arrives in the body; what matters is that the owner's data never does.
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: path.startsWith("/menu-items") ? "Dish not found" : "Restaurant not found" }), path).toBeVisible();
    await expect(page.getByText(owner.restaurant.name)).toHaveCount(0);
  }
  await page.goto("/restaurants/manage");
  await expect(page.getByText("No restaurants found")).toBeVisible();
  await expectAccessible(page, "manage, empty");
});

test("a board with more than a page of open orders reaches every one through Show more; the newest is marked New", async ({ page, baseURL, owner }) => {
  // One page and one order more, from as many customers as that takes: one account may have
  // OPEN_ORDER_LIMITS.perRestaurant orders waiting at a restaurant. Ten customers at a time.
  const ids: number[] = [];
  const body = { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }], submit: standardWallet };
  const each = OPEN_ORDER_LIMITS.perRestaurant;
  while (ids.length < BOARD_PAGE_SIZE + 1) {
    const customers = Math.min(10, Math.ceil((BOARD_PAGE_SIZE + 1 - ids.length) / each));
    const batches = await Promise.all(
      Array.from({ length: customers }, async (_, c) => {
        const { client: customer } = await signUpCustomer(baseURL!, { name: "Pat Plenty" });
        const wanted = Math.min(each, BOARD_PAGE_SIZE + 1 - ids.length - c * each);
        const placed: number[] = [];
        for (let i = 0; i < wanted; i++) {
          const response = await customer.post("/api/orders/", body);
          expect(response.status()).toBe(201);
          placed.push((await response.json()).id);
        }
        return placed;
      }),
    );
    ids.push(...batches.flat());
  }
  ids.sort((a, b) => a - b);
  await logIn(page, owner.email, owner.password);
  await page.goto(`/restaurants/${owner.restaurant.id}/orders`);
  const column = page.getByRole("region", { name: `New ${BOARD_PAGE_SIZE + 1}` });
  await expect(column.getByRole("listitem", { name: /^Order #/ })).toHaveCount(BOARD_PAGE_SIZE);
  await expect(page.locator("#main").getByText(`Showing the oldest ${BOARD_PAGE_SIZE} of ${BOARD_PAGE_SIZE + 1} open orders.`)).toBeVisible();
  await page.getByRole("button", { name: "Show 1 more orders" }).click();
  await expect(column.getByRole("listitem", { name: /^Order #/ })).toHaveCount(BOARD_PAGE_SIZE + 1);
  await expect(page.getByRole("button", { name: /^Show \d+ more orders/ })).toHaveCount(0);
  const newest = column.getByRole("listitem", { name: new RegExp(`^Order #${ids.at(-1)} `) });
  await expect(newest.getByText("New", { exact: true })).toBeVisible();
  await newest.getByRole("button", { name: `Accept order ${ids.at(-1)}` }).click();
  await page
    .getByRole("dialog", { name: `Accept order #${ids.at(-1)}` })
    .getByRole("radio", { name: "10 min" })
    .check();
  await page.getByRole("button", { name: "Accept order", exact: true }).click();
  await expect(page.getByRole("region", { name: "Preparing 1" })).toContainText(`Order #${ids.at(-1)}`);
});

test("the owner invites a cook on the Team page; the cook accepts with the mailed link and accepts an order on the board", async ({ page, browser, baseURL, owner }) => {
  const email = uniqueEmail("cook");
  await logIn(page, owner.email, owner.password);
  await page.goto(`/restaurants/${owner.restaurant.id}/team`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("staff");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: email })).toContainText("Staff");
  const link = await invitationLinkOf(owner.client, email);

  // The cook, on a device of their own: signed up with the invited address, confirmed, accepts.
  const cookContext = await browser.newContext();
  const cookPage = await cookContext.newPage();
  const cook = await pageClient(cookPage);
  await signUpWith(cook, { credential: email, name: "Cora Cook" });
  await verifyEmailOf(cook, email);
  await cookPage.goto(pathOf(link));
  await cookPage.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(cookPage.getByRole("status")).toContainText(`You joined ${owner.restaurant.name} as Staff.`);
  await expect(cookPage.getByRole("link", { name: "Open the menu" })).toHaveCount(0);

  const { client: customer } = await signUpCustomer(baseURL!, { name: "Hal Hungry" });
  const order = await placeOrder(customer, { restaurantId: owner.restaurant.id, itemId: owner.item.id, submit: standardWallet });
  await cookPage.getByRole("link", { name: "Open the order board" }).click();
  await cookPage.getByRole("button", { name: `Accept order ${order.id}` }).click();
  await cookPage
    .getByRole("dialog", { name: `Accept order #${order.id}` })
    .getByRole("radio", { name: "10 min" })
    .check();
  await cookPage.getByRole("button", { name: "Accept order", exact: true }).click();
  await expect(cookPage.getByRole("region", { name: "Preparing 1" })).toContainText("Accepted by Cora (Staff)");
  await cookContext.close();

  // The owner's Team page lists the cook.
  await page.reload();
  await expect(page.getByRole("listitem").filter({ hasText: "Cora Cook" })).toBeVisible();
  await expectAccessible(page, "team page");
  await shoot(page, "team");
});
