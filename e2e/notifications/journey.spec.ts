import { expect, test, type Browser, type Page } from "@playwright/test";
import { signUpCustomer, type Client } from "../support/api";
import { makeCourier } from "../support/couriers";
import { acceptOrder, placeOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { expectAccessible, shoot } from "../support/pages";

// The bell and the choices on screen (docs/architecture/notifications.md): a customer's order
// raises the owner's bell count live, the owner's accept raises the customer's, each on its own
// server process of the e2e setup; the popover lists links and marks read; the choices page saves.

test.describe.configure({ timeout: 120_000 });

async function pageAs(browser: Browser, client: Client, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await client.ctx.storageState() });
  return context.newPage();
}

const bell = (page: Page) => page.getByTestId("notification-bell");

test("an order raises the owner's bell live; the owner's accept raises the customer's; the list links to the order and marks read", async ({ browser, baseURL }) => {
  const owner = await signUpOwner(baseURL!);
  const customer = await signUpCustomer(baseURL!, { name: "Bea Bell" });
  const ownerPage = await pageAs(browser, owner.client, baseURL!);
  const shopper = await pageAs(browser, customer.client, process.env.E2E_SECOND_URL ?? baseURL!);
  await ownerPage.goto("/home");
  await shopper.goto("/home");
  await expect(bell(ownerPage)).toHaveAccessibleName("Notifications");

  const order = await placeOrder(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
  // Without a reload: the owner's count, and the customer's receipt.
  await expect(bell(ownerPage)).toHaveAccessibleName("Notifications, 1 unread");
  await expect(ownerPage.getByTestId("notification-count")).toHaveText("1");
  await expect(bell(shopper)).toHaveAccessibleName("Notifications, 1 unread");

  await acceptOrder(owner.client, owner.restaurant.id, order.id);
  await expect(bell(shopper)).toHaveAccessibleName("Notifications, 2 unread");

  // The popover, by keyboard: open, the newest first, Escape back to the bell.
  await bell(shopper).focus();
  await shopper.keyboard.press("Enter");
  const panel = shopper.getByRole("dialog", { name: "Notifications" });
  await expect(panel).toBeVisible();
  const items = panel.getByRole("link", { name: new RegExp(`Order #${order.id}`) });
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`Order #${order.id} accepted`);
  await expectAccessible(shopper, "the notification popover");
  await shoot(shopper, "notifications-bell-open");
  await shopper.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell(shopper)).toBeFocused();

  // Opening one goes to the order and marks it read.
  await bell(shopper).click();
  await panel.getByRole("link", { name: new RegExp(`Order #${order.id} accepted`) }).click();
  await expect(shopper).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(bell(shopper)).toHaveAccessibleName("Notifications, 1 unread");
  await bell(shopper).click();
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(bell(shopper)).toHaveAccessibleName("Notifications");

  // Without SMTP_URL (the e2e servers) the receipt is kept for the development mailbox, once.
  await expect(async () => {
    await shopper.goto("/dev/mailbox");
    await expect(shopper.getByRole("heading", { level: 2, name: `Your Nosh receipt for order #${order.id}` })).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(shopper.getByRole("listitem").filter({ hasText: `Your Nosh receipt for order #${order.id}` })).toContainText(`Total: $${order.totalCost.toFixed(2)}`);

  // The owner's entry leads to the board.
  await bell(ownerPage).click();
  await ownerPage
    .getByRole("dialog", { name: "Notifications" })
    .getByRole("link", { name: `New order #${order.id}` })
    .click();
  await expect(ownerPage).toHaveURL(new RegExp(`/restaurants/${owner.restaurant.id}/orders$`));
  await Promise.all([ownerPage.context().close(), shopper.context().close()]);
});

test("the choices page saves, and what it saved is what the API answers", async ({ browser, baseURL }) => {
  const customer = await signUpCustomer(baseURL!);
  const page = await pageAs(browser, customer.client, baseURL!);
  await page.goto("/account");
  await page.getByRole("link", { name: "Edit notifications" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const receiptByEmail = page.getByRole("checkbox", { name: "Receipt when you place an order: Email" });
  await expect(receiptByEmail).toBeChecked();
  await receiptByEmail.uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved");
  await expectAccessible(page, "notification choices");
  await shoot(page, "notifications-preferences");
  const answer = (await (await customer.client.get("/api/account/notifications")).json()) as { kinds: { kind: string; channels: Record<string, boolean> }[] };
  expect(answer.kinds.find((k) => k.kind === "order_receipt")!.channels).toEqual({ in_app: true, email: false, push: false });
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Receipt when you place an order: Email" })).not.toBeChecked();
  await page.context().close();
});

test("the courier app has the same bell, and a courier can turn off 'Payout made'", async ({ browser, baseURL }) => {
  const owner = await signUpOwner(baseURL!);
  const courier = await signUpCustomer(baseURL!, { name: "Cora Courier" });
  await makeCourier(courier.user.id);
  // A courier orders food too: the receipt is in their bell, in the courier app as in the store.
  await placeOrder(courier.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
  const page = await pageAs(browser, courier.client, baseURL!);
  await page.setViewportSize({ width: 390, height: 780 });
  await page.goto("/courier");
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
  await bell(page).click();
  await expect(page.getByRole("dialog", { name: "Notifications" }).getByRole("link", { name: /placed: your receipt/ })).toBeVisible();
  await expectAccessible(page, "the courier app's bell");
  await shoot(page, "notifications-courier-bell");
  await page.keyboard.press("Escape");

  await page.goto("/account/notifications");
  const payoutByEmail = page.getByRole("checkbox", { name: "Payout made: Email" });
  await expect(payoutByEmail).toBeChecked();
  await payoutByEmail.uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved");
  const answer = (await (await courier.client.get("/api/account/notifications")).json()) as { kinds: { kind: string; channels: Record<string, boolean> }[] };
  expect(answer.kinds.find((k) => k.kind === "payout_made")!.channels).toEqual({ in_app: true, email: false, push: false });
  // Not an owner: no daily summary to choose.
  expect(answer.kinds.some((k) => k.kind === "owner_daily_summary")).toBe(false);
  await page.context().close();
});
