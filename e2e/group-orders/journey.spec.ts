import { expect, test, type Browser, type Page } from "../fixtures";
import { createItem } from "../support/owner";
import { expectAccessible, shoot, signUpInBrowser } from "../support/pages";

// Group orders through the pages (docs/architecture/group-orders.md "Group orders"): a host and two guests
// in three browsers build one order live, the host locks it and pays from the wallet, and all
// three see it placed. Each page polls the group (about every second), so every expectation
// here waits for what the others did without a reload.

test.describe.configure({ timeout: 240_000 }); // three browsers on a loaded 2-core machine

const LOCKED = "The host has locked this order";

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The group cart's block of one person (its region is named after them). */
const personOf = (page: Page, name: string | RegExp) => page.getByRole("region", { name });
const lines = (page: Page) => page.getByTestId("group-line");

test("host and two guests build one group order live; the host locks it and pays from the wallet; all three see it placed", async ({ browser, owner }) => {
  const { client: kitchen, restaurant, item: burger } = owner; // House Burger, $12.50
  await kitchen.put(`/api/menu-items/${burger.id}`, {
    optionGroups: [
      {
        name: "Size",
        required: true,
        minChoices: 1,
        maxChoices: 1,
        options: [
          { name: "Small", priceDelta: 0, available: true },
          { name: "Large", priceDelta: 3.5, available: true },
        ],
      },
    ],
  });
  await createItem(kitchen, restaurant.id, { name: "Crispy Fries", price: 4, food_type: "appetizer" });

  // The host starts the group from the restaurant page.
  const host = await newPage(browser);
  const { client: hostClient } = await signUpInBrowser(host); // Casey Customer, wallet $999.99
  await host.goto(`/restaurants/${restaurant.id}`);
  await host.waitForLoadState("networkidle");
  await host.getByRole("button", { name: "Group order", exact: true }).click();
  await host.waitForURL(/\/group\/[A-Za-z0-9_-]{22,}$/);
  const link = host.url();
  await expect(host.getByRole("heading", { name: "You are the host" })).toBeVisible();
  await expect(host.getByLabel("Group order link")).toHaveValue(link);

  // Guest A opens the link signed out and continues as a guest; guest B has an account.
  const guestA = await newPage(browser);
  await guestA.goto(link);
  await expect(guestA.getByRole("heading", { name: `Casey invited you to a group order from ${restaurant.name}` })).toBeVisible();
  await expectAccessible(guestA, "group invite");
  await guestA.getByRole("button", { name: "Continue as guest" }).click();
  await expect(guestA.getByRole("heading", { name: "Join Casey’s group order" })).toBeVisible();
  await guestA.getByLabel("Your name in this group").fill("Alex");
  await guestA.getByRole("button", { name: "Join", exact: true }).click();

  const guestB = await newPage(browser);
  await signUpInBrowser(guestB);
  await guestB.goto(link);
  await expect(guestB.getByLabel("Your name in this group")).toHaveValue("Casey");
  await guestB.getByLabel("Your name in this group").fill("");
  await guestB.getByRole("button", { name: "Join", exact: true }).click();
  await expect(guestB.getByRole("alert").filter({ hasText: "displayName" })).toBeVisible();
  await guestB.getByLabel("Your name in this group").fill("Blake");
  await guestB.getByRole("button", { name: "Join", exact: true }).click();

  // Everyone adds: the host and B a dish without choices, A the burger in Large (the dish's dialog).
  for (const page of [host, guestA, guestB]) await expect(page.getByRole("heading", { name: "Group cart" })).toBeVisible();
  await host.getByRole("button", { name: "Add Crispy Fries to the group order" }).click();
  await guestA.getByRole("button", { name: "Add House Burger to the group order: choose options" }).click();
  const dialog = guestA.getByRole("dialog", { name: "House Burger" });
  await dialog.getByRole("radio", { name: /Large/ }).check();
  await dialog.getByRole("button", { name: /^Add to order/ }).click();
  await guestB.getByRole("button", { name: "Add Crispy Fries to the group order" }).click();

  // Each sees the others' lines appear, marked with who added them, without a reload.
  for (const page of [host, guestA, guestB]) {
    await expect(lines(page)).toHaveCount(3);
    await expect(personOf(page, /^Casey/)).toContainText("Crispy Fries");
    await expect(personOf(page, /^Alex/)).toContainText("Large (+$3.50)");
    await expect(personOf(page, /^Blake/)).toContainText("Crispy Fries");
    await expect(page.getByTestId("group-subtotal")).toHaveText("$24.00");
  }
  await expect(personOf(guestA, "Alex (you)")).toBeVisible();
  await shoot(guestA, "group-joined");
  await expectAccessible(guestA, "group page, joined");

  // A guest changes only their own lines: no control on the host's line; their own can be stepped.
  await expect(personOf(guestA, /^Casey/).getByRole("button", { name: /Remove|Increase|Decrease/ })).toHaveCount(0);
  await guestA.getByRole("button", { name: "Increase House Burger (Large)" }).click();
  await expect(host.getByTestId("group-subtotal")).toHaveText("$40.00");
  // The host may remove anyone's line (not step it).
  await expect(personOf(host, /^Blake/).getByRole("button", { name: /Increase/ })).toHaveCount(0);
  await expect(personOf(host, /^Blake/).getByRole("button", { name: "Remove Crispy Fries added by Blake" })).toBeVisible();
  await shoot(host, "group-host");
  await expectAccessible(host, "group page, host");

  // The host sets a deadline (a time of day in the restaurant's zone): everyone is told when orders close.
  await host.getByLabel("Order deadline (restaurant time)").fill("23:30");
  await host.getByRole("button", { name: "Set deadline" }).click();
  await expect(host.getByText(/^Orders close at .* 11:30 PM\.$/)).toBeVisible();
  await expect(guestA.getByText(/^Add your dishes by .* 11:30 PM\.$/)).toBeVisible();

  // The host locks: the guests are told, and their Add buttons are disabled with the same words.
  await host.getByRole("button", { name: "Lock order" }).click();
  await expect(guestB.getByRole("status").filter({ hasText: LOCKED })).toBeVisible();
  await expect(guestB.getByRole("button", { name: `${LOCKED}: Crispy Fries` })).toBeDisabled();
  await expect(lines(host)).toHaveCount(3);
  await shoot(guestB, "group-locked");
  await expectAccessible(guestB, "group page, locked");

  // The host checks out with the wallet: one charge for everyone.
  await host.getByRole("button", { name: "Checkout", exact: true }).click();
  await host.getByRole("radio", { name: /Wallet/ }).check();
  await shoot(host, "group-checkout");
  await expectAccessible(host, "group checkout");
  await host.getByRole("button", { name: "Place order" }).click();
  for (const page of [host, guestA, guestB]) await expect(page.getByRole("heading", { name: "Order placed by Casey" })).toBeVisible();
  await expect(guestA.getByTestId("group-order-stage")).toHaveText("Your order is placed");
  await expect(guestA.getByRole("list", { name: "Each person's subtotal" })).toContainText("Alex$32.00");
  await shoot(guestA, "group-placed");
  await expectAccessible(guestA, "group page, placed");

  // The host follows the order; its receipt shows each person's subtotal; the wallet paid the total once.
  await host.getByRole("link", { name: "Follow the order" }).click();
  await host.waitForURL(/\/orders\/\d+$/);
  const orderId = Number(host.url().split("/").pop());
  const order = await (await hostClient.get(`/api/orders/${orderId}`)).json();
  expect(order.subtotal).toBe(40);
  await expect(host.getByRole("heading", { name: "Group order placed by Casey" })).toBeVisible();
  await expect(host.getByText("Alex", { exact: true })).toBeVisible();
  const me = await (await hostClient.get("/api/auth/")).json();
  expect(Math.round(me.wallet * 100)).toBe(99_999 - Math.round(order.totalCost * 100));
});

test("a dead or unknown group link is a 404 page that says so", async ({ page }) => {
  await signUpInBrowser(page);
  for (const path of ["/group/AAAAAAAAAAAAAAAAAAAAAA", "/group/not-a-token"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This group order link is no longer active")).toBeVisible();
  }
  await expectAccessible(page, "group link gone");
});

test("Group order signed out goes to sign in and comes back to the restaurant", async ({ page, owner }) => {
  await page.goto(`/restaurants/${owner.restaurant.id}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Group order", exact: true }).click();
  await page.waitForURL(`**/login?next=%2Frestaurants%2F${owner.restaurant.id}`);
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await page.waitForURL(`**/restaurants/${owner.restaurant.id}`);
});

// The "no longer active" view of a group canceled while its page is open loads when it is needed
// (not with the page): it must still replace the page, without a reload.
test("a group canceled while a participant has it open says it is no longer active", async ({ page, owner, customer }) => {
  const group = await (await customer.client.post("/api/group-orders", { restaurantId: owner.restaurant.id })).json();
  await signUpInBrowser(page);
  await page.goto(`/group/${group.token}`);
  await page.getByLabel("Your name in this group").fill("Casey");
  await page.getByRole("button", { name: "Join", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Menu" })).toBeVisible();
  expect((await customer.client.del(`/api/group-orders/${group.token}`)).status()).toBe(200);
  await expect(page.getByText("This group order link is no longer active")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("link", { name: "Browse restaurants" })).toBeVisible();
});
