import { expect, test, type Page } from "../fixtures";
import { priceOrder, tipCeilingCents } from "@/lib/shared/money/pricing";
import { formatCents } from "@/lib/shared/money/money";
import { textOf } from "../support/html";
import { pageClient } from "../support/api";
import { createOrder, placeOrder as placeApiOrder, standardCard, standardWallet, submitOrder } from "../support/orders";
import { createItem } from "../support/owner";
import { alertWith, cartButton, expectAccessible, fillCart, openPlacedOrder, shoot, signUpInBrowser } from "../support/pages";

// Cart -> checkout -> orders -> wallet, each test as a fresh customer with an address (its
// own wallet of 999.99), through the pages; the API only sets the scene or checks the result.

// Each test is a multi-page journey; on a busy 2-core machine one took 40 s (the default is 30 s).
test.describe.configure({ timeout: 90_000 });

const RESTAURANT = 3;
const PLACED = "Your food will arrive soon!";
type Order = { id: number; status: string; subtotal: number; totalCost: number };

/** Adds the restaurant's first dish twice and its second once, then Checkout from the cart panel. */
async function checkoutFromCart(page: Page) {
  await fillCart(page, RESTAURANT);
  return checkoutCart(page);
}

/** Checkout from the cart panel of the page shown. */
async function checkoutCart(page: Page) {
  await cartButton(page).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();
  return storedOrder(page);
}

const storedOrder = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("currentOrder") ?? "null") as Order | null);
const summaryRow = (page: Page, label: string | RegExp) => page.getByRole("complementary", { name: "Your order" }).locator("dl > div").filter({ hasText: label });

/**
 * Places the order on /checkout: the success alert, then /orders (spec section 4) with the new
 * order first; unless `list`, on to its own page through the card's "Track order" (`order`: the expected id).
 */
async function placeOrder(page: Page, order?: Order, { list = true, confirmation = PLACED as string | RegExp } = {}) {
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(alertWith(page, confirmation)).toBeVisible();
  await page.waitForURL(/\/orders$/);
  if (list) return;
  const id = await openPlacedOrder(page);
  if (order) expect(id).toBe(order.id);
  await expect(page.getByRole("heading", { level: 1, name: `Order #${id}` })).toBeVisible();
}

/** An order of the demo restaurant's first dish, submitted through the API. */
async function submittedOrder(page: Page, paymentMethod: "card" | "wallet") {
  return placeApiOrder(await pageClient(page), { restaurantId: RESTAURANT, quantity: 2, submit: { ...standardWallet, paymentMethod } });
}

const orderCard = (page: Page, id: number) => page.getByRole("article", { name: `Order ${id} from`, exact: false });
/** The balance on /wallet. By role first: while the page streams in, React keeps a hidden copy of
 * the content until it swaps it in, and a role query skips hidden elements. */
const walletBalance = (page: Page) => page.getByRole("region", { name: /^(Wallet balance|Local guest balance)$/ }).getByTestId("wallet-balance");
const wallet = async (page: Page) => (await (await page.request.get("/api/auth/")).json()).wallet as number;

test.describe("checkout", () => {
  test("standard delivery, a preset tip and the wallet: priced like the server, charged once, listed in orders", async ({ page }) => {
    const { street } = await signUpInBrowser(page);
    const order = (await checkoutFromCart(page))!;
    await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
    await expect(page.getByText(`${street}, San Francisco, CA, 94105`)).toBeVisible();
    // The spec's "20-35 min" format; the range is quoted for the customer's address (order-stages.md "The arrival quoted before ordering").
    await expect(page.getByRole("radio", { name: /Standard \d+-\d+ min/ })).toBeChecked();
    // At the door: handed over unless the customer chooses to have it left.
    await expect(page.getByRole("radio", { name: /Hand it to me/ })).toBeChecked();
    await page.getByRole("radio", { name: /Leave it at my door/ }).check();
    await expectAccessible(page, "checkout");
    await shoot(page, "checkout-dropoff", [390, 1280]);

    await page.getByRole("button", { name: /^20%/ }).click();
    await page.getByRole("radio", { name: /Wallet Balance \$999\.99/ }).check();
    const price = priceOrder(Math.round(order.subtotal * 100), "standard", { percent: 20 });
    await expect(summaryRow(page, "Delivery fee")).toContainText("$6.49");
    await expect(summaryRow(page, "Tax and fees")).toContainText(formatCents(price.serviceFeeCents));
    await expect(summaryRow(page, "Tip (20%)")).toContainText(formatCents(price.tipCents));
    await expect(summaryRow(page, "Priority")).toHaveCount(0);
    await expect(summaryRow(page, /^Total/)).toContainText(formatCents(price.totalCents));

    await placeOrder(page, order, { list: false });
    await expect(page.getByRole("region", { name: "Receipt" })).toContainText(formatCents(price.totalCents));
    await expect(page.getByText("Wallet credits")).toBeVisible();
    await expect(page.getByText("Leave it at my door")).toBeVisible();
    await page.getByRole("link", { name: "All orders" }).click();
    await page.waitForURL("**/orders");
    const card = orderCard(page, order.id);
    await expect(card.getByText("Submitted")).toBeVisible();
    await expect(card).toContainText(formatCents(price.totalCents));
    await expect(card).toContainText("Paid from wallet");
    await expect(cartButton(page)).toHaveAccessibleName("Open cart, 0 items");
    expect(Math.round((await wallet(page)) * 100)).toBe(99_999 - price.totalCents);
    await expectAccessible(page, "orders");
  });

  test("a short wallet shows 'Insufficient funds in your wallet.' and nothing else happens", async ({ page }) => {
    const { user, headers } = await signUpInBrowser(page);
    await fillCart(page, RESTAURANT);
    // Spent after the restaurant's page loaded its user: checkout, reached by the cart's in-app link, reads it again.
    await page.request.put(`/api/users/wallet/deduct/${user.id}`, { data: { amount: 990 }, headers });
    const order = (await checkoutCart(page))!;
    await page.getByRole("radio", { name: /Wallet/ }).check();
    await expect(page.getByText(/Your wallet is \$[\d.]+ short/)).toBeVisible();
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(alertWith(page, "Insufficient funds in your wallet.")).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();
    expect((await (await page.request.get(`/api/orders/${order.id}`)).json()).status).toBe("Active");
    expect(await wallet(page)).toBe(9.99);

    // By card: a card the bank checks with 3-D Secure, added through the card form (tokenized at the
    // test provider), placed only once the challenge page is passed (docs/architecture/payments.md).
    await page.getByRole("radio", { name: /Credit card/ }).check();
    await expect(page.getByRole("radio", { name: /Visa •••• 4242, test/ })).toBeChecked();
    await page.getByRole("button", { name: "Add a card" }).click();
    await page.getByLabel("Card number").fill("4000002500003155");
    await expect(page.getByLabel("Card number")).toHaveAttribute("autocomplete", "cc-number");
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByLabel("CVC").fill("123");
    await page.getByLabel("Postal code").fill("94110");
    await shoot(page, "checkout-card-form");
    await page.getByRole("button", { name: "Save card" }).click();
    await expect(page.getByRole("radio", { name: /Visa •••• 3155/ })).toBeChecked();
    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(/\/test-provider\/3ds\/pi_/);
    await expect(page.getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
    await expectAccessible(page, "3-D Secure challenge");
    await shoot(page, "3ds-challenge");
    expect((await (await page.request.get(`/api/orders/${order.id}`)).json()).status).toBe("Active");
    await page.getByRole("button", { name: "Complete authentication" }).click();
    await expect(alertWith(page, PLACED)).toBeVisible();
    await page.waitForURL(/\/orders$/);
    await expect(orderCard(page, order.id)).toContainText("Paid by card");
  });

  test("a checkout opened directly has its order in the page's HTML, hydrates it, and renders only the visitor's own Active order", async ({ page, customer }) => {
    const { client } = await signUpInBrowser(page);
    await page.goto("/orders");
    const order = await createOrder(client, RESTAURANT, 2);
    const { name } = order.restaurant as { name: string };
    // Where the cart panel leaves it (storeCurrentOrder): localStorage, and its id in the cookie.
    const putAtCheckout = (id: number) =>
      page.evaluate(
        ({ stored, id }) => {
          localStorage.setItem("currentOrder", JSON.stringify(stored));
          document.cookie = `nosh_checkout=${id}; path=/; samesite=lax`;
        },
        { stored: order, id },
      );
    const serverHtml = async () => (await page.request.get("/checkout")).text();
    const price = priceOrder(Math.round(order.subtotal * 100), "standard", { percent: 15 });
    await putAtCheckout(order.id);
    // The form is markup in the HTML, not just data for the browser to render: its button and total.
    const html = await serverHtml();
    expect(html).toContain(">Place order<");
    expect(html.replaceAll("<!-- -->", "")).toContain(`Your order from ${name}`);
    expect(html).toContain(formatCents(price.totalCents));
    // And it paints first, as a kept catalog page does (server/paint-first-whole.mjs, PAINT_FIRST_PAGES): its
    // styles in the page, its scripts run by the loader after the first frame, gzipped here.
    const answer = await page.request.get("/checkout");
    expect(answer.headers()["content-encoding"]).toBe("gzip");
    expect(html).toContain(`<style data-href="/_next/static/`);
    expect(html).not.toMatch(/<script src="[^"]*"[^>]*\basync/);
    expect(html.match(/__noshScripts\(\)<\/script>/g)).toHaveLength(1);
    // A client-side navigation's answer (the RSC payload) is Next.js's own.
    const rsc = await page.request.get("/checkout", { headers: { RSC: "1" } });
    expect(rsc.headers()["content-type"]).toContain("text/x-component");
    expect(await rsc.text()).not.toContain("__noshScripts");

    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/checkout");
    // The server's form is shown before it hydrates (when the form's chunk is in, the network
    // then quiet); hydrated, a tip changes the total.
    await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: /^20%/ }).click();
    const twenty = priceOrder(Math.round(order.subtotal * 100), "standard", { percent: 20 });
    await expect(summaryRow(page, /^Total/)).toContainText(formatCents(twenty.totalCents));
    expect((await storedOrder(page))?.id).toBe(order.id);
    expect(errors).toEqual([]);

    // Another customer's order, named by the cookie: nothing of it is rendered or sent.
    const theirs = await createOrder(customer.client, RESTAURANT, 1);
    await putAtCheckout(theirs.id);
    // (The screen's words ride in the payload whatever it shows: what is shown is the HTML outside scripts.)
    const shown = (html: string) => textOf(html.replace(/<script\b[\s\S]*?<\/script>/g, ""));
    const foreign = await serverHtml();
    expect(shown(foreign)).not.toContain("Place order");
    expect(shown(foreign)).not.toContain("Your order from");
    expect(foreign).not.toContain(`"id":${theirs.id},`);
    // Nor the visitor's own order once it is no longer Active.
    await submitOrder(client, order.id);
    await putAtCheckout(order.id);
    expect(shown(await serverHtml())).not.toContain("Place order");
  });

  test("one customer's card orders: no orders yet, then the thumbs-up, Rate on a submitted order and a disabled Rate; priority with a custom tip; a scheduled delivery; leaving checkout and coming back", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const { headers } = await signUpInBrowser(page);
    await test.step("no orders yet, then the thumbs-up, Rate on a submitted order and a disabled Rate for a canceled order", async () => {
      await page.goto("/orders");
      await expect(page.getByText("No orders yet")).toBeVisible();
      await expectAccessible(page, "empty orders");

      const rated = await submittedOrder(page, "card");
      await page.request.post("/api/reviews/", {
        data: { restaurant_id: RESTAURANT, order_id: rated.id, review: "Lovely pancakes.", order_rating: 4, restaurant_rating: 5 },
        headers,
      });
      const open = await submittedOrder(page, "card");
      const canceled = await submittedOrder(page, "card");
      await page.request.put(`/api/orders/${canceled.id}/cancel`, { headers });

      await page.goto("/orders");
      await expect(orderCard(page, rated.id).getByRole("img", { name: /^Thumbs up: you rated this order 4 out of 5/ })).toBeVisible();
      await expect(orderCard(page, rated.id).getByRole("link", { name: /^Rate/ })).toHaveCount(0);
      // The spec's Rate: on a submitted order until it is reviewed, even one still waiting for the restaurant.
      await expect(orderCard(page, open.id).getByRole("link", { name: /^Rate/ })).toBeVisible();
      await expect(orderCard(page, open.id).getByRole("button", { name: "Cancel order" })).toBeVisible();
      await expect(orderCard(page, canceled.id).getByRole("button", { name: "Rate" })).toBeDisabled();
      // Why it is disabled is visible beside it, and read with it.
      await expect(orderCard(page, canceled.id).getByText("Canceled orders can't be rated")).toBeVisible();
      await expect(orderCard(page, canceled.id).getByRole("button", { name: "Rate" })).toHaveAccessibleDescription("Canceled orders can't be rated");
      await expect(orderCard(page, canceled.id).getByRole("button", { name: "Cancel order" })).toHaveCount(0);
      await expectAccessible(page, "orders with reviews");
    });

    await test.step("priority delivery, a custom tip saved with Enter, and card payment", async () => {
      const order = (await checkoutFromCart(page))!;
      await page.getByRole("radio", { name: /Priority/ }).check();
      await expect(summaryRow(page, "Priority delivery")).toContainText("$1.49");

      await page.getByRole("button", { name: /^Custom/ }).click();
      const modal = page.getByRole("dialog", { name: "Custom tip" });
      await expect(modal.getByRole("button", { name: "Save" })).toBeDisabled();
      await expectAccessible(page, "custom tip modal");
      // Over the order's ceiling (the defaults: 50% of the subtotal, at least $20): refused in the dialog with the limit, the total untouched.
      const max = formatCents(tipCeilingCents(Math.round(order.subtotal * 100), { tipMaxPercent: 50, tipFloorCents: 2_000 }));
      const amount = modal.getByLabel("Tip amount (dollars)");
      await expect(amount).toHaveAccessibleDescription(`Up to ${max} on this order`);
      const total = await summaryRow(page, /^Total/).textContent();
      await amount.fill("1000");
      await page.keyboard.press("Enter");
      await expect(amount).toHaveAccessibleDescription(`A tip can be at most ${max} on this order (50% of the subtotal, or $20.00)`);
      await expect(modal).toBeVisible();
      await shoot(page, "checkout-tip-limit");
      await expect(summaryRow(page, /^Total/)).toHaveText(total!);
      await amount.fill("4.25");
      await expect(modal.getByRole("button", { name: "Save" })).toBeEnabled();
      await page.keyboard.press("Enter");
      await expect(modal).toBeHidden();
      await expect(page.getByRole("button", { name: /^Custom \$4\.25/ })).toHaveAttribute("aria-pressed", "true");
      const price = priceOrder(Math.round(order.subtotal * 100), "priority", { cents: 425 });
      await expect(summaryRow(page, /^Tip/)).toContainText("$4.25");
      await expect(summaryRow(page, /^Total/)).toContainText(formatCents(price.totalCents));

      await page.getByRole("radio", { name: /Credit card/ }).check();
      await placeOrder(page, order);
      await expect(orderCard(page, order.id)).toContainText("Paid by card");
      await expect(orderCard(page, order.id)).toContainText(formatCents(price.totalCents));
      expect(await wallet(page)).toBe(999.99);
    });

    await test.step("scheduled delivery: day tabs with arrow keys, a slot, and back to Standard when closed without one", async () => {
      const order = (await checkoutFromCart(page))!;
      await page.getByRole("radio", { name: /Schedule/ }).check();
      const modal = page.getByRole("dialog", { name: "Schedule delivery" });
      await expect(modal.getByRole("tab").first()).toBeVisible();
      await expectAccessible(page, "schedule modal");
      await page.keyboard.press("Escape");
      await expect(modal).toBeHidden();
      await expect(page.getByRole("radio", { name: /Standard/ })).toBeChecked();

      await page.getByRole("radio", { name: /Schedule/ }).check();
      await modal.getByRole("tab", { selected: true }).focus();
      await page.keyboard.press("ArrowRight");
      const second = modal.getByRole("tab").nth(1);
      await expect(second).toBeFocused();
      await expect(second).toHaveAttribute("aria-selected", "true");
      const day = (await second.textContent())!;
      await modal.getByRole("tabpanel").getByRole("button").first().click();
      await modal.getByRole("button", { name: new RegExp(`^Schedule for ${day}, `) }).click();
      await expect(modal).toBeHidden();
      await expect(page.getByRole("radio", { name: new RegExp(`Schedule ${day}, \\d`) })).toBeChecked();
      await expect(page.getByRole("button", { name: "Change time" })).toBeVisible();

      // A scheduled order's confirmation says when (the restaurant's zone), not "arriving soon".
      await placeOrder(page, order, { confirmation: /^Your order is scheduled for [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M\./ });
      await expect(orderCard(page, order.id)).toContainText("Scheduled for");
    });

    await test.step("leaving checkout deletes the order; with no current order, typing /checkout or Forward goes to /orders (spec section 4), cart or not; a reload starts its order again", async () => {
      // Neither a cart nor an order: /orders.
      await page.goto("/checkout");
      await page.waitForURL("**/orders");

      const first = (await checkoutFromCart(page))!;
      await page.getByRole("link", { name: "Back to store" }).click();
      await page.waitForURL(`**/restaurants/${RESTAURANT}`);
      // The leaving deletes the order after the navigation starts: polled, not read once (a read on arrival was flaky).
      await expect.poll(() => storedOrder(page)).toBeNull();
      await expect.poll(async () => (await page.request.get(`/api/orders/${first.id}`)).status()).toBe(404);

      // The cart outlived the abandoned order, but the current order is missing: /checkout typed goes to /orders.
      await page.goto("/checkout");
      await page.waitForURL("**/orders");
      expect(await storedOrder(page)).toBeNull();
      await expect(cartButton(page)).toHaveAccessibleName(/^Open cart, [1-9]\d* items?$/);

      // The cart panel's Checkout makes the order; a reload of checkout starts it again.
      await page.goto(`/restaurants/${RESTAURANT}`);
      await checkoutCart(page);
      const second = (await storedOrder(page))!;
      expect(second.id).not.toBe(first.id);
      await page.reload();
      await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();
      const resumed = (await storedOrder(page))!;
      expect(resumed.id).not.toBe(second.id);
      await expect.poll(async () => (await page.request.get(`/api/orders/${second.id}`)).status()).toBe(404);

      // Back leaves it (deleted); Forward finds no current order: /orders.
      await page.goBack();
      await page.waitForURL(`**/restaurants/${RESTAURANT}`);
      await expect.poll(async () => (await page.request.get(`/api/orders/${resumed.id}`)).status()).toBe(404);
      await page.goForward();
      await page.waitForURL("**/orders");
    });
  });
});

test.describe("orders and wallet", () => {
  test("one customer's wallet: a wallet order canceled, its refund on the order and the statement; then Add Funds adds $1,000.00 a press; a guest's top-up stays local", async ({
    page,
  }) => {
    await signUpInBrowser(page);
    await test.step("cancel a wallet order: confirmation, refund shown on the order and on the wallet statement", async () => {
      const order = await submittedOrder(page, "wallet");
      await page.goto("/orders");
      await orderCard(page, order.id).getByRole("button", { name: "Cancel order" }).click();
      const modal = page.getByRole("dialog", { name: "Cancel this order?" });
      await expect(modal).toContainText(`${formatCents(Math.round(order.totalCost * 100))} goes back to your wallet`);
      await expectAccessible(page, "cancel modal");
      await modal.getByRole("button", { name: "Yes, cancel order" }).click();
      await expect(alertWith(page, /refunded to your wallet/)).toBeVisible();
      await expect(orderCard(page, order.id).getByText("Canceled", { exact: true })).toBeVisible();
      await expect(orderCard(page, order.id)).toContainText("refunded to your wallet");

      await page.goto("/wallet");
      await expect(walletBalance(page)).toHaveText("$999.99");
      const rows = page.getByRole("list", { name: "Wallet transactions" }).getByRole("listitem");
      await expect(rows.nth(0)).toContainText(`Refund · Fog City Pancake House`);
      await expect(rows.nth(0)).toContainText(`+${formatCents(Math.round(order.totalCost * 100))}`);
      await expect(rows.nth(1)).toContainText(`Payment · Fog City Pancake House`);
      await expect(rows.nth(1)).toContainText(`-${formatCents(Math.round(order.totalCost * 100))}`);
      await expectAccessible(page, "wallet");
    });

    await test.step("Add Funds adds $1,000.00 a press; a guest's top-up stays local", async () => {
      await page.goto("/wallet");
      await page.getByRole("button", { name: "Add Funds" }).click();
      await expect(walletBalance(page)).toHaveText("$1,999.99");
      await expect(page.getByRole("list", { name: "Wallet transactions" }).getByRole("listitem").first()).toContainText("Added funds");
      expect(await wallet(page)).toBe(1999.99);

      await page.context().clearCookies();
      await page.goto("/login");
      await page.getByRole("button", { name: "Continue as guest" }).click();
      await page.waitForURL("**/home");
      await page.goto("/wallet");
      // A role query, not text: while the page streams (its loading.tsx) a hidden second copy of
      // the content can be in the DOM for a moment, and a strict text match would see both.
      await expect(page.getByRole("region", { name: "Local guest balance" })).toBeVisible();
      await page.getByRole("button", { name: "Add Funds" }).click();
      await expect(walletBalance(page)).toHaveText("$1,000.00");
      await page.reload();
      await expect(walletBalance(page)).toHaveText("$1,000.00");
      expect(await wallet(page)).toBe(0);
      await expectAccessible(page, "guest wallet");
    });
  });

  test("reorder says which items are gone or repriced, then checks out the rest", async ({ page, owner: shop }) => {
    // Another account's restaurant: an owner cannot order from their own.
    await signUpInBrowser(page);
    const restaurant = shop.restaurant;
    const item = async (name: string, price: number) =>
      createItem(shop.client, restaurant.id, {
        name,
        description: "Made fresh every day.",
        price,
        food_image: "/images/food/american-meatloaf.webp",
        food_type: "entree",
      });
    const [kept, gone] = [await item("Meatloaf Plate", 12), await item("Pot Roast", 15)];
    const order = await placeApiOrder(await pageClient(page), {
      restaurantId: restaurant.id,
      items: [
        { menu_item_id: kept.id, quantity: 1 },
        { menu_item_id: gone.id, quantity: 1 },
      ],
      submit: standardCard,
    });
    expect((await shop.client.put(`/api/menu-items/${kept.id}`, { price: 13.5 })).status()).toBe(200);
    expect((await shop.client.del(`/api/menu-items/${gone.id}`)).status()).toBe(200);

    await page.goto("/orders");
    await orderCard(page, order.id)
      .getByRole("button", { name: `Reorder from ${restaurant.name}` })
      .click();
    await page.waitForURL("**/checkout");
    const notice = page.getByRole("status").filter({ hasText: "The menu changed since that order." });
    await expect(notice).toContainText("No longer available, so left out: Pot Roast.");
    await expect(notice).toContainText("Meatloaf Plate is now $13.50 (was $12.00)");
    await expect(summaryRow(page, "Subtotal")).toContainText("$13.50");
    await expectAccessible(page, "checkout after reorder");
    await placeOrder(page, (await storedOrder(page))!);
    const newest = page.getByRole("list", { name: "Your orders" }).getByRole("listitem").first();
    await expect(newest).toContainText("Submitted");
    await expect(newest).toContainText("1 × Meatloaf Plate");
    await expect(newest).not.toContainText("Pot Roast");
  });

  // Submit's expectedTotal (docs/architecture/money-and-orders.md): the page shows what submit will do with today's menu before paying.
  test("a new price and a removed dish since the order was made: shown at checkout, removed, charged at today's price", async ({ page, owner: shop }) => {
    const brownie = await createItem(shop.client, shop.restaurant.id, { name: "Fudge Brownie", price: 4, food_type: "dessert" });
    await signUpInBrowser(page);
    const items = [
      { menu_item_id: shop.item.id, quantity: 2 },
      { menu_item_id: brownie.id, quantity: 1 },
    ];
    const order = await createOrder(await pageClient(page), { restaurantId: shop.restaurant.id, items });
    expect((await shop.client.put(`/api/menu-items/${shop.item.id}`, { price: 14.25 })).status()).toBe(200);
    expect((await shop.client.del(`/api/menu-items/${brownie.id}`)).status()).toBe(200);

    await page.goto("/home");
    await page.evaluate((stored) => localStorage.setItem("currentOrder", JSON.stringify(stored)), order);
    await page.goto("/checkout");
    await expect(page.getByRole("status").filter({ hasText: "Price updated" })).toContainText("House Burger: $12.50 → $14.25");
    const unavailable = alertWith(page, "Fudge Brownie is no longer available. Remove it to continue.");
    await expect(unavailable).toBeVisible();
    await expect(page.getByRole("button", { name: "Place order" })).toBeDisabled();
    await expect(summaryRow(page, "Subtotal")).toContainText("$28.50");
    await expectAccessible(page, "checkout with menu changes");

    await unavailable.getByRole("button", { name: "Remove Fudge Brownie" }).click();
    await expect(unavailable).toHaveCount(0);
    await expect(page.getByRole("complementary", { name: "Your order" })).not.toContainText("Fudge Brownie");
    await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();
    await expect(summaryRow(page, "Subtotal")).toContainText("$28.50");
    await placeOrder(page);
    // Charged today's price; the replaced order was abandoned, so only the placed one is left.
    const total = priceOrder(2 * 1425, "standard", { percent: 15 }).totalCents;
    const { orders } = await (await page.request.get("/api/orders/")).json();
    expect(orders.map((o: Order) => [o.status, Math.round(o.totalCost * 100)])).toEqual([["Submitted", total]]);
  });
});

// The address book (docs/architecture/places.md "Address book") at a phone's width.
test("the address book at 390 px: a second address added on /account with its pin moved by keyboard and mouse, chosen at checkout; the order keeps it after the default changes and it is removed", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  const { street } = await signUpInBrowser(page);
  await page.goto("/account");
  const book = page.getByRole("region", { name: "Saved addresses" });
  await expect(book.getByTestId("saved-address")).toHaveCount(1);
  await expect(book.getByTestId("saved-address").first()).toContainText(`Home Default${street}`);

  await book.getByRole("button", { name: "Add address" }).click();
  let dialog = page.getByRole("dialog", { name: "Add an address" });
  await dialog.getByLabel("Label").selectOption("Work");
  await dialog.getByLabel("Address", { exact: true }).fill("500 Howard St, San Francisco, CA, 94105");
  await dialog.getByLabel("Apartment, suite or floor (optional)").fill("Floor 3");
  await dialog.getByLabel("Delivery instructions (optional)").fill("Front desk");
  await dialog.getByRole("button", { name: "Add address" }).click();
  // Saved at its ZIP's centre; now its pin: three presses north, one 50 m press east, then a drag.
  dialog = page.getByRole("dialog", { name: "Place the pin" });
  const pin = dialog.getByRole("button", { name: "Delivery pin" });
  await pin.focus();
  for (const key of ["ArrowUp", "ArrowUp", "ArrowUp", "Shift+ArrowRight"]) await page.keyboard.press(key);
  const hint = dialog.getByText(/^The pin (moved|is where)/);
  await expect(hint).toContainText("The pin moved 60 m.");
  const box = (await pin.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 30, box.y + box.height / 2 + 10, { steps: 4 });
  await page.mouse.up();
  await expect(hint).toContainText(/The pin moved \d+ m\./);
  await expect(hint).not.toContainText("60 m");
  await expectAccessible(page, "address pin");
  await shoot(page, "address-pin");
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog).toBeHidden();
  const work = book.getByTestId("saved-address").filter({ hasText: "Work" });
  await expect(work).toContainText("500 Howard St, Floor 3, San Francisco, CA 94105");
  await expect(work).toContainText("Pin placed on the map");
  await expectAccessible(page, "address book");
  // Every control of the book a thumb's size (expectPhoneThumbSized's rule, on this section: the page's picture input is not the book's).
  for (const box of await book.getByRole("button").evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()))) {
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  }
  await shoot(page, "account-address-book");
  const saved = (await (await page.request.get("/api/addresses")).json()).addresses.find((entry: { label: string }) => entry.label === "Work");
  expect(saved).toMatchObject({ pinned: true, isDefault: false });

  // Checkout: the default is chosen first; the customer picks Work.
  await checkoutFromCart(page);
  const deliverTo = page.getByRole("group", { name: "Deliver to" });
  await expect(deliverTo.getByRole("radio", { name: /^Home/ })).toBeChecked();
  await deliverTo.getByRole("radio", { name: /^Work/ }).check();
  await page.getByRole("radio", { name: /Wallet Balance/ }).check();
  await expectAccessible(page, "checkout address picker");
  await shoot(page, "checkout-address-picker");
  await placeOrder(page, undefined, { list: false });
  const orderUrl = page.url();
  const kept = page.getByTestId("order-delivery-address");
  await expect(kept).toContainText("Work · 500 Howard St, Floor 3, San Francisco, CA 94105");

  // Work becomes the default, then is removed: the order still shows where it went.
  await page.goto("/account");
  await work.getByRole("button", { name: "Make default Work" }).click();
  await expect(work).toContainText("Default");
  await work.getByRole("button", { name: "Remove Work" }).click();
  await expect(book.getByTestId("saved-address")).toHaveCount(1);
  await page.goto(orderUrl);
  await expect(kept).toContainText("Work · 500 Howard St, Floor 3, San Francisco, CA 94105");
  await expect(kept).toContainText("Front desk");
});
