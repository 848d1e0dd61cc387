import { expect, test, type Page } from "../fixtures";
import { priceOrder } from "@/lib/shared/money/pricing";
import { createItem } from "../support/owner";
import { alertWith, cartButton, signUpInBrowser } from "../support/pages";

// One cart per user across tabs and submit's price check (docs/architecture/cart-checkout-reviews.md, docs/architecture/money-and-orders.md): one cart across
// tabs, a cart emptied the moment an order is placed, and no price charged before it is shown.

test.describe.configure({ timeout: 90_000 });

const addButtons = (page: Page) => page.getByRole("button", { name: /^Add .+ to cart$/ });
const dishName = async (page: Page, index: number) => ((await addButtons(page).nth(index).getAttribute("aria-label")) ?? "").replace(/^Add (.+) to cart$/, "$1");
const storedCart = (page: Page, userId: number) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]") as { name: string; quantity: number }[], `cartItems_${userId}`);

async function openCheckout(page: Page) {
  await cartButton(page).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();
}

test("two tabs add to one cart, and an old tab still asks before replacing another restaurant's cart", async ({ page, context }) => {
  const { user } = await signUpInBrowser(page);
  await page.goto("/restaurants/3");
  const second = await context.newPage();
  await second.goto("/restaurants/3");
  const other = await context.newPage();
  await other.goto("/restaurants/4");
  await expect(addButtons(other).first()).toBeVisible();

  const salad = await dishName(page, 0);
  const dessert = await dishName(second, 1);
  await addButtons(page).nth(0).click();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 1 item");
  await addButtons(second).nth(1).click();
  await expect(cartButton(second)).toHaveAccessibleName("Open cart, 2 items");
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 2 items");
  expect((await storedCart(page, user.id)).map((line) => line.name)).toEqual([salad, dessert]);

  // The tab opened on restaurant 4 before either add: the spec's conflict rule, not a silent replace.
  await addButtons(other).first().click();
  const dialog = other.getByRole("dialog", { name: "Start a new cart?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: /keep/i }).click();
  await expect(dialog).toBeHidden();
  await expect(cartButton(other)).toHaveAccessibleName("Open cart, 2 items");
  expect((await storedCart(page, user.id)).map((line) => line.name)).toEqual([salad, dessert]);
});

test("a reload right after Place order succeeds shows an empty cart and the placed order", async ({ page }) => {
  const { user } = await signUpInBrowser(page);
  await page.goto("/restaurants/3");
  // A kept page's scripts load after its main photo ("Paint first"): an Add pressed before they
  // have run does nothing, so wait for them, as fillCart does (a CI run's click fell in that gap).
  await page.waitForLoadState("networkidle");
  await addButtons(page).nth(0).click();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 1 item");
  await openCheckout(page);

  await page.getByRole("button", { name: "Place order" }).click();
  // The moment the page has the submitted order (stored with it), reload: no timer is left to run.
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("currentOrder") ?? "null")?.status === "Submitted");
  expect(await storedCart(page, user.id)).toEqual([]);
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 0 items");
  const { orders } = await (await page.request.get("/api/orders/")).json();
  expect(orders.map((o: { status: string }) => o.status)).toEqual(["Submitted"]);
});

test("a price changed after checkout opened is shown, not charged; placing again charges what is shown", async ({ page, owner: shop }) => {
  await createItem(shop.client, shop.restaurant.id, { name: "Fudge Brownie", price: 4, food_type: "dessert" });
  await signUpInBrowser(page);
  await page.goto(`/restaurants/${shop.restaurant.id}`);
  await page.getByRole("button", { name: `Add ${shop.item.name} to cart` }).click();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 1 item");
  await openCheckout(page);

  expect((await shop.client.put(`/api/menu-items/${shop.item.id}`, { price: 14.25 })).status()).toBe(200);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(alertWith(page, "Prices changed since you opened checkout. Review your order.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Price updated" })).toContainText(`${shop.item.name}: $12.50 → $14.25`);
  let { orders } = await (await page.request.get("/api/orders/")).json();
  expect(orders.map((o: { status: string }) => o.status)).toEqual(["Active"]);

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(alertWith(page, "Your food will arrive soon!")).toBeVisible();
  await page.waitForURL(/\/orders$/);
  ({ orders } = await (await page.request.get("/api/orders/")).json());
  const total = priceOrder(1425, "standard", { percent: 15 }).totalCents;
  expect(orders.map((o: { status: string; totalCost: number }) => [o.status, Math.round(o.totalCost * 100)])).toEqual([["Submitted", total]]);
});
