import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import type { Client } from "../support/api";
import { walletOf } from "../support/orders";
import { stuckOrder } from "../support/operator";

// The operator's orders in a browser, on a phone (docs/architecture/operator.md "Orders"): from
// the console's nav, "needs attention" finds an order out 51 minutes with no courier; its page
// says why, shows its timeline and money in words (no raw stage, no zone after every date); a
// refund of part of it, with too much and a bad amount first (told under the amount), reaches the customer's
// wallet. Every console page fits 390 px. SCREENSHOT_DIR=/tmp/x saves them at 390 and 1280 px.

async function pageAs(browser: Browser, client: Client, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, storageState: await client.ctx.storageState() });
  return context.newPage();
}

const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
};

const fits = async (page: Page, what: string) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} fits ${page.viewportSize()!.width} px`).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

test("on a phone, the operator finds an order stuck out for delivery, opens it and refunds part of it", async ({ browser, baseURL }) => {
  const { nia, restaurant, customer, order } = await stuckOrder(baseURL!);
  const phone = await pageAs(browser, nia.client, baseURL!, 390);
  await phone.goto("/admin");
  await phone.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Orders", exact: true }).click();
  await expect(phone.getByRole("heading", { name: "Orders", exact: true })).toBeVisible();
  await phone.getByLabel("Order number, customer or restaurant").fill(restaurant.name);
  await phone.getByLabel("Needs attention").check();
  await phone.getByRole("button", { name: "Search" }).click();
  await expect(phone.getByRole("heading", { name: "Orders needing attention" })).toBeVisible();
  const card = phone.locator(`[data-order="${order.id}"]`);
  await expect(card.locator("[data-attention]")).toContainText("Out for delivery with no courier since");
  const main = phone.getByRole("main");
  await expect(main).not.toContainText("out_for_delivery");
  await expect(main).not.toContainText("(UTC)");
  await fits(phone, "orders");
  await shot(phone, "orders-attention-390");

  await card.getByRole("link", { name: `Order #${order.id}` }).click();
  await expect(phone.getByRole("heading", { name: `Order #${order.id}` })).toBeVisible();
  await expect(main.locator("[data-attention]")).toContainText("Needs attention: Out for delivery with no courier");
  await expect(phone.getByRole("region", { name: "Timeline" })).toContainText("Out for delivery");
  await expect(main).not.toContainText("out_for_delivery");
  await fits(phone, "the order");
  await shot(phone, "order-390");

  // A bad amount is told in the form, and nothing moves; then 3.00 back to the customer.
  const before = await walletOf(customer.client);
  await phone.getByRole("button", { name: /^Refund part/ }).click();
  const amount = phone.getByLabel(/Amount in dollars/);
  const form = phone.getByRole("form", { name: `Refund part order #${order.id}` });
  // More than the order took: told under the amount, naming the most that is left.
  await amount.fill("500");
  await phone.getByLabel(/Why\?/).fill("Food arrived cold");
  await phone.getByRole("button", { name: "Confirm: refund part" }).click();
  const most = `At most $${order.totalCost.toFixed(2)} is left to refund on this order`;
  await expect(form.getByRole("alert")).toHaveText(most);
  await expect(amount).toHaveAccessibleDescription(most);
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await shot(phone, "order-refund-too-much-390");
  expect(await walletOf(customer.client)).toBe(before);
  await amount.fill("3.001");
  await phone.getByRole("button", { name: "Confirm: refund part" }).click();
  await expect(form.getByRole("alert")).toHaveText("amount must be an amount in dollars with at most two decimals");
  await expect(amount).toHaveAccessibleDescription("amount must be an amount in dollars with at most two decimals");
  expect(await walletOf(customer.client)).toBe(before);
  await phone.getByLabel(/Amount in dollars/).fill("3.00");
  await phone.getByRole("button", { name: "Confirm: refund part" }).click();
  await expect(phone.getByRole("region", { name: "Ledger" })).toContainText("Refund #");
  await expect(phone.getByRole("region", { name: "Payment" })).toContainText(`$${(order.totalCost - 3).toFixed(2)}`);
  expect(await walletOf(customer.client)).toBeCloseTo(before + 3, 2);
  await fits(phone, "the order after the refund");
  await shot(phone, "order-refunded-390");

  // Every console page this change touches fits a phone, and at 1280 px for the screenshots.
  const wide = await pageAs(browser, nia.client, baseURL!, 1280);
  for (const [path, label] of [
    ["/admin", "dashboard"],
    [`/admin/orders?q=${encodeURIComponent(restaurant.name)}`, "orders"],
    [`/admin/orders/${order.id}`, "order"],
    ["/admin/deliveries", "deliveries"],
    ["/admin/couriers", "couriers"],
    [`/admin/users/${customer.user.id}`, "user"],
  ] as const) {
    for (const [page, width] of [
      [phone, 390],
      [wide, 1280],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Operator console" })).toBeVisible();
      await fits(page, path);
      await shot(page, `${label}-${width}`);
    }
  }
});
