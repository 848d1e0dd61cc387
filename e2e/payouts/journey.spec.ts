import { expect, test, type Page } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { ageDelivery, makeCourier, plantJob } from "../support/couriers";
import { verifyEmailOf } from "../support/mailbox";
import { placeOrder, standardCard } from "../support/orders";
import { expectAccessible, shoot } from "../support/pages";

// Payouts on screen (docs/architecture/ledger.md): the owner's payouts page shows a delivered
// order's gross, commission and net, refuses more than is available beside the field, and pays
// out with a reference; the courier app shows each delivery's pay and pays out. A delivered
// order's money is pending, with the date it becomes available, until its problem report window
// closes: the specs then move the delivery 49 hours back.

test.describe.configure({ timeout: 120_000 });

/** The fixture's session in the browser (signing in through the form would count against the login throttle). */
async function logIn(page: Page, client: Client) {
  await page.context().addCookies((await client.ctx.storageState()).cookies);
}

/** The summary's available balance, in the page's main landmark (a streamed reload briefly holds a second, hidden copy outside it). */
const availableOn = (page: Page) => page.locator("#main").getByTestId("payouts-available");

test("the owner sees a delivered order's net on the payouts page and pays out", async ({ page, baseURL, owner }) => {
  // Payouts wait for a verified email.
  await verifyEmailOf(owner.client, owner.email);
  const { client: customer } = await signUpCustomer(baseURL!);
  const order = await placeOrder(customer, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 2, submit: standardCard });
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);

  await logIn(page, owner.client);
  await page.goto("/restaurants/manage");
  await page.getByRole("link", { name: `Payouts ${owner.restaurant.name}` }).click();
  await page.waitForURL(`**/restaurants/${owner.restaurant.id}/payouts`);
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  // Just delivered: pending until its report window closes, with the date.
  await expect(availableOn(page)).toHaveText("$0.00");
  await expect(page.getByTestId("pending-earnings")).toContainText(`Order #${order.id}`);
  await expect(page.getByTestId("pending-earnings")).toContainText("available from");
  await ageDelivery(order.id, 49);
  const { available } = await (await owner.client.get(`/api/manage/${owner.restaurant.id}/payouts`)).json();
  expect(available).toBeGreaterThan(0);
  await page.reload();
  await expect(availableOn(page)).toHaveText(`$${available.toFixed(2)}`);
  const row = page.getByRole("row", { name: new RegExp(`Order #${order.id}`) });
  // Commission: 15% of the subtotal; the net is all the restaurant has (its own staff delivered: the fees and tip are its too).
  await expect(row).toContainText(`-$${(Math.floor(Math.round(order.subtotal * 100) * 0.15) / 100).toFixed(2)}`);
  await expect(row.getByRole("cell").last()).toHaveText(`$${available.toFixed(2)}`);
  await expectAccessible(page, "payouts");
  await shoot(page, "payouts");

  // Payout details: a bad field named beside it, then saved: pending verification.
  const details = page.getByRole("form", { name: "Payout details" });
  await details.getByLabel("Account holder's name").fill("Ada Lovelace");
  await details.getByLabel("Routing number").fill("123");
  await details.getByLabel("Account number").fill("000999999991");
  await details.getByRole("button", { name: "Save bank details" }).click();
  await expect(details.getByLabel("Routing number")).toHaveAttribute("aria-invalid", "true");
  await expect(details.getByText("Enter a 9-digit routing number.")).toBeVisible();
  await shoot(page, "payout-details-error");
  await details.getByLabel("Routing number").fill("110000000");
  await details.getByRole("button", { name: "Save bank details" }).click();
  await expect(page.getByTestId("payout-account-state")).toContainText("Verification pending · Bank account ••••9991");
  await shoot(page, "payout-details-pending");

  const amount = page.getByLabel("Amount to pay out ($)");
  await amount.fill((available + 1).toFixed(2));
  await page.getByRole("button", { name: "Pay out" }).click();
  await expect(page.getByText(`You can pay out at most $${available.toFixed(2)}`)).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await shoot(page, "payouts-refused");

  await amount.fill("5.00");
  await page.getByRole("button", { name: "Pay out" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Payout PO-\d{8}-[0-9A-F]{6} of \$5\.00 is on its way/ })).toBeVisible();
  await expect(availableOn(page)).toHaveText(`$${(available - 5).toFixed(2)}`);
  await expect(page.getByRole("row", { name: /Payout PO-/ })).toContainText("-$5.00");
  await shoot(page, "payouts-paid");

  // A weekly payout day, and on a phone each entry is a card with its Net in view.
  await page.getByRole("combobox", { name: "Weekly payout" }).selectOption("fri");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Every Friday, the available balance is paid out by itself." })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const card = page.getByRole("row", { name: new RegExp(`Order #${order.id}`) });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole("cell").last()).toBeInViewport();
  await expect(card).toContainText("15%");
  await shoot(page, "payouts-cards");
});

test("the courier app shows each delivery's pay and pays it out", async ({ browser, baseURL, owner }) => {
  const { client: customer } = await signUpCustomer(baseURL!);
  const order = await placeOrder(customer, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 1, submit: standardCard });
  // Accepted first, as every order a courier picks up: the card authorized at placement is captured then (docs/architecture/payments.md).
  expect((await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${order.id}/stage`, { stage: "accepted", prepMinutes: 20 })).status()).toBe(200);
  const { client: courier, user, email } = await signUpCustomer(baseURL!);
  await makeCourier(user.id);
  await verifyEmailOf(courier, email);
  const job = await plantJob(order.id, user.id, "picked_up");
  expect((await courier.post(`/api/courier/jobs/${job}/delivered`)).status()).toBe(200);
  const money = order as unknown as { deliveryFee: number; priorityFee: number; tip: number };
  const pay = Math.round((money.deliveryFee + money.priorityFee + money.tip) * 100) / 100;

  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, storageState: await courier.ctx.storageState() });
  const page = await context.newPage();
  try {
    await page.goto("/courier");
    await page.getByRole("button", { name: "Show earnings" }).click();
    // Pending until the order's report window closes, with the date; then available.
    await expect(page.getByTestId("earnings-available")).toHaveText("$0.00");
    await expect(page.getByTestId("pending-earnings")).toContainText(`Order #${order.id}`);
    await ageDelivery(order.id, 49);
    await page.reload();
    await page.getByRole("button", { name: "Show earnings" }).click();
    await expect(page.getByTestId("earnings-available")).toHaveText(`$${pay.toFixed(2)}`);
    await expect(page.getByRole("listitem").filter({ hasText: `#${order.id}` })).toContainText(`$${pay.toFixed(2)}`);
    await expect(page.getByRole("listitem").filter({ hasText: "1 delivery" })).toContainText(`$${pay.toFixed(2)}`);
    await shoot(page, "courier-earnings");
    await page.getByRole("button", { name: "Pay out" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: /Payout PO-.* is on its way/ })
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId("earnings-available")).toHaveText("$0.00");
    await shoot(page, "courier-earnings-paid");
  } finally {
    await context.close();
  }
});
