import { expect, test, type Browser, type Page } from "../fixtures";
import type { Client } from "../support/api";
import { createItem, signUpOwner } from "../support/owner";
import { alertWith, cartButton, expectAccessible, fillCart, openPlacedOrder, signUpInBrowser } from "../support/pages";

// Pickup on screen (docs/architecture/pickup.md): the top bar's Delivery/Pickup toggle is
// remembered (a cookie the server reads, so a reload shows the same mode), cards and the
// restaurant page show the pickup estimate and directions, checkout has no delivery fee and offers
// a scheduled pickup slot, and the owner's board ends a pickup with "Picked up".

test.describe.configure({ timeout: 150_000 });

const modeToggle = (page: Page) => page.getByRole("group", { name: "Order type" });
const status = (page: Page) => page.getByRole("region", { name: /^Your (food|order)/ });
const progress = (page: Page) => page.getByRole("list", { name: "Order progress" });
const column = (page: Page, title: string) => page.getByRole("region", { name: new RegExp(`^${title} \\d+$`) });
const card = (page: Page, title: string, id: number) => column(page, title).getByRole("listitem", { name: new RegExp(`^Order #${id} for`) });

async function pageAs(browser: Browser, client: Client, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await client.ctx.storageState() });
  return context.newPage();
}

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

test("switch to Pickup, remembered on reload; a scheduled pickup checkout; the owner marks it ready then Picked up", async ({ page, browser, baseURL }) => {
  const owner = await signUpOwner(baseURL!);
  await createItem(owner.client, owner.restaurant.id, { name: "Side Salad", price: 4.5 });
  await signUpInBrowser(page);

  // The top bar's toggle: Pickup pressed, the cards show a pickup time, and a reload keeps it.
  await page.goto("/home");
  const firstCard = page.getByRole("main").getByRole("article").first();
  await expect(firstCard).toContainText("delivery fee");
  await modeToggle(page).getByRole("button", { name: "Pickup" }).click();
  await expect(modeToggle(page).getByRole("button", { name: "Pickup" })).toHaveAttribute("aria-pressed", "true");
  await expect(firstCard).toContainText(/Pickup \d+-\d+ min/);
  await expect(firstCard).not.toContainText("delivery fee");
  await expect(alertWith(page, "Feature coming soon")).toHaveCount(0);
  await page.reload();
  await expect(modeToggle(page).getByRole("button", { name: "Pickup" })).toHaveAttribute("aria-pressed", "true");
  await expect(modeToggle(page).getByRole("button", { name: "Delivery" })).toHaveAttribute("aria-pressed", "false");
  await expect(firstCard).toContainText(/Pickup \d+-\d+ min/);
  await shoot(page, "pickup-home");

  // The restaurant page: the pickup estimate, the address with directions in a new tab.
  await fillCart(page, owner.restaurant.id);
  await expect(page.getByRole("group", { name: "Order options" }).getByRole("button", { name: "Pickup" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(/Ready in \d+-\d+ min/)).toBeVisible();
  const directions = page.getByRole("link", { name: /Get directions/ });
  await expect(directions).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
  await expect(directions).toHaveAttribute("target", "_blank");
  await expect(directions).toHaveAttribute("rel", /noopener/);
  await expectAccessible(page, "restaurant page in pickup mode");
  await shoot(page, "pickup-restaurant");

  // The cart promises no delivery fee in pickup mode.
  await cartButton(page).click();
  const cart = page.getByRole("dialog", { name: "Your cart" });
  await expect(cart).toContainText("Pickup: no delivery fee");
  await expect(cart.getByText("Delivery fee", { exact: true })).toHaveCount(0);
  await shoot(page, "pickup-cart");
  await cart.getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();

  // Checkout: Pickup chosen, no delivery fee, no priority, tip for the staff (none), a scheduled slot.
  await expect(page.getByRole("radio", { name: /^Pickup/ })).toBeChecked();
  const summary = page.getByRole("complementary", { name: "Your order" });
  await expect(summary.getByText("Delivery fee", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /Priority/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Tip the restaurant staff" })).toBeVisible();
  await expect(page.getByText(/Get directions/)).toBeVisible();
  await page.getByRole("button", { name: /^No tip/ }).click();
  await expect(summary.locator("dl > div").filter({ hasText: "Staff tip" })).toContainText("$0.00");
  await page.getByRole("radio", { name: /^Schedule/ }).check();
  const modal = page.getByRole("dialog", { name: "Schedule pickup" });
  await modal.getByRole("tabpanel").getByRole("button").first().click();
  await modal.getByRole("button", { name: /^Schedule for / }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("button", { name: "Change time" })).toBeVisible();
  await expect(summary).toContainText("Pickup scheduled for");
  await expectAccessible(page, "pickup checkout");
  await shoot(page, "pickup-checkout");
  // Switching back to delivery at checkout brings its fee back, and pickup again removes it.
  await page.getByRole("radio", { name: /^Delivery/ }).check();
  await expect(summary.getByText("Delivery fee", { exact: true })).toBeVisible();
  await page.getByRole("radio", { name: /^Pickup/ }).check();
  await expect(summary.getByText("Delivery fee", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Place order" }).click();
  // A scheduled pickup's confirmation says when (the restaurant's time zone), not "placed".
  await expect(alertWith(page, /^Your pickup is scheduled for [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M\./)).toBeVisible();
  const orderId = await openPlacedOrder(page);
  const order = await (await page.request.get(`/api/orders/${orderId}`)).json();
  expect(order).toMatchObject({ deliveryOption: "pickup", deliveryFee: 0, priorityFee: 0, tip: 0 });
  expect(order.scheduledFor).not.toBeNull();

  // The order page says Pickup; its steps skip Out for delivery and end with Picked up.
  await expect(page.getByRole("main")).toContainText("Pickup at the restaurant");
  await expect(status(page).getByRole("heading", { name: "Your order is scheduled" })).toBeVisible();
  await expect(progress(page).getByRole("listitem")).toHaveText([/Order placed/, /Accepted by the restaurant/, /Ready for pickup/, /Picked up/]);
  await shoot(page, "pickup-order");

  // The owner's board: Pickup on the card, Mark ready, then Picked up (no Out for delivery).
  const board = await pageAs(browser, owner.client, baseURL!);
  await board.goto(`/restaurants/${owner.restaurant.id}/orders`);
  await expect(card(board, "New", orderId)).toContainText("Pickup at");
  await card(board, "New", orderId)
    .getByRole("button", { name: `Accept order ${orderId}` })
    .click();
  await board
    .getByRole("dialog", { name: `Accept order #${orderId}` })
    .getByRole("button", { name: "Accept order" })
    .click();
  await card(board, "Preparing", orderId)
    .getByRole("button", { name: `Mark ready order ${orderId}` })
    .click();
  await expect(card(board, "Ready", orderId).getByRole("button", { name: `Out for delivery order ${orderId}` })).toHaveCount(0);
  await expect(status(page).getByRole("heading", { name: "Your order is ready for pickup" })).toBeVisible();
  await shoot(board, "pickup-board");
  await card(board, "Ready", orderId)
    .getByRole("button", { name: `Picked up order ${orderId}` })
    .click();
  await expect(card(board, "Done today", orderId)).toContainText("Picked up");
  await expect(status(page).getByRole("heading", { name: "Your order was picked up" })).toBeVisible();
  await expect(progress(page).getByRole("listitem")).toHaveText([/Order placed/, /Accepted by the restaurant/, /Ready for pickup/, /Picked up/]);
  await page.goto("/orders");
  await expect(page.getByRole("article", { name: `Order ${orderId} from`, exact: false })).toContainText("Pickup");
  await board.context().close();
});
