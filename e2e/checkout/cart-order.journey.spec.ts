import { expect, test, type Page } from "../fixtures";
import { alertWith, cartButton, expectAccessible, fillCart, shoot, signUpInBrowser } from "../support/pages";

// One cart, one Active order at checkout (docs/architecture/cart-checkout-reviews.md "One cart,
// one order"): opening checkout again from an unchanged cart is the order made the first time,
// even when leaving checkout could not delete it (its DELETE lost with the page, as on a phone
// or a reload); a changed cart replaces it; /orders never shows a second card at checkout.

const RESTAURANT = 3;
type Stored = { id: number; orderItems: { quantity: number }[] };

/** Checkout from the cart panel of the page shown: the order stored for /checkout. */
async function openCheckout(page: Page): Promise<Stored> {
  await cartButton(page).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();
  return page.evaluate(() => JSON.parse(localStorage.getItem("currentOrder")!) as Stored);
}

const activeOrders = async (page: Page) =>
  ((await (await page.request.get("/api/orders/?limit=50")).json()).orders as { id: number; status: string }[])
    .filter((order) => order.status === "Active")
    .map((order) => order.id);

test("checkout opened three times from one unchanged cart is one Active order, even when leaving it deleted nothing; a changed cart replaces it; /orders shows one card at checkout", async ({
  page,
}) => {
  // Every DELETE of an order at checkout is lost, as a page going away can lose it (a keepalive
  // request at pagehide is beyond page.route, so the page's own fetch drops it).
  await page.addInitScript(() => {
    const send = window.fetch;
    window.fetch = (input, init) =>
      init?.method === "DELETE" && /\/api\/orders\/\d+$/.test(String(input)) ? Promise.reject(new TypeError("Failed to fetch")) : send(input, init);
  });
  await signUpInBrowser(page);
  await fillCart(page, RESTAURANT);

  const first = await openCheckout(page);
  await test.step("Back to store, then checkout again: the same order", async () => {
    await page.getByRole("link", { name: "Back to store" }).click();
    await page.goto(`/restaurants/${RESTAURANT}`);
    expect((await openCheckout(page)).id).toBe(first.id);
  });
  await test.step("a reload of checkout (its order made again from the lines), then checkout a third time: still the same order", async () => {
    await page.reload();
    await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem("currentOrder")!) as { id: number }).id)).toBe(first.id);
    await page.goto(`/restaurants/${RESTAURANT}`);
    expect((await openCheckout(page)).id).toBe(first.id);
    expect(await activeOrders(page)).toEqual([first.id]);
  });
  await test.step("/orders: one card at checkout", async () => {
    await page.goto("/orders");
    await expect(page.getByRole("button", { name: "Continue checkout" })).toHaveCount(1);
  });
  await test.step("another dish in the cart: a new order in place of the old one", async () => {
    const [before] = await activeOrders(page);
    await page.goto(`/restaurants/${RESTAURANT}`);
    await page
      .getByRole("button", { name: /^Add .* to cart$/ })
      .nth(2)
      .click();
    await expect(cartButton(page)).toHaveAccessibleName("Open cart, 4 items");
    const changed = await openCheckout(page);
    expect(changed.id).not.toBe(before);
    expect(changed.orderItems.reduce((sum, line) => sum + line.quantity, 0)).toBe(4);
    expect(await activeOrders(page)).toEqual([changed.id]);
    await page.goto("/orders");
    await expect(page.getByRole("button", { name: "Continue checkout" })).toHaveCount(1);
    await expectAccessible(page, "orders with one at checkout");
    await shoot(page, "orders-one-at-checkout");
  });
  await test.step("Continue checkout, then Place order: nothing is left at checkout", async () => {
    await page.getByRole("button", { name: "Continue checkout" }).click();
    await page.waitForURL("**/checkout");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(alertWith(page, "Your food will arrive soon!")).toBeVisible();
    await page.waitForURL(/\/orders$/);
    await expect(page.getByRole("button", { name: "Continue checkout" })).toHaveCount(0);
    expect(await activeOrders(page)).toEqual([]);
  });
});
