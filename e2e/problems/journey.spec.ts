import sharp from "sharp";
import { expect, test, type Page } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { placeOrder } from "../support/orders";
import { createItem } from "../support/owner";
import { demoLogin, expectAccessible, shoot } from "../support/pages";

// Problem reports on screen (docs/architecture/problem-reports.md): the customer reports
// missing fries with a photo on the order's page, the owner approves one of the two on the order
// board, and the wallet shows the refund; an appealed report waits in the operators' queue.

test.describe.configure({ timeout: 180_000 });

/** The fixture's session in the browser (signing in through the form would count against the login throttle). */
async function logIn(page: Page, client: Client) {
  await page.context().addCookies((await client.ctx.storageState()).cookies);
}

test("a customer reports missing fries with a photo, the owner approves one, the wallet shows the refund", async ({ browser, page, baseURL, owner }) => {
  const fries = await createItem(owner.client, owner.restaurant.id, { name: "Fries", price: 3 });
  const { client: customer } = await signUpCustomer(baseURL!);
  const order = await placeOrder(customer, {
    restaurantId: owner.restaurant.id,
    items: [
      { menu_item_id: owner.item.id, quantity: 1 },
      { menu_item_id: fries.id, quantity: 2 },
    ],
  });
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);
  // One of the fries and its share of "Tax and fees".
  const money = order as unknown as { subtotal: number; serviceFee: number };
  const refundCents = 300 + Math.floor((Math.round(money.serviceFee * 100) * 300) / Math.round(money.subtotal * 100));
  const refund = `$${(refundCents / 100).toFixed(2)}`;

  // The customer: "Something wrong with your order?" on the delivered order's page.
  await logIn(page, customer);
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole("heading", { name: "Something wrong with your order?" })).toBeVisible();
  await page.getByRole("button", { name: "Report a problem" }).click();
  await page.getByRole("checkbox", { name: "Report Fries" }).check();
  await page.getByLabel("How many Fries").selectOption("2");
  await page.getByLabel("What was wrong with Fries").selectOption("missing");
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#d9a441" } })
    .png()
    .toBuffer();
  await page.getByLabel("Add a photo (optional)").setInputFiles({ name: "bag.png", mimeType: "image/png", buffer: photo });
  await expectAccessible(page, "problem report form");
  await shoot(page, "problem-report-form");
  await page.getByRole("button", { name: "Send report" }).click();
  const report = page.getByRole("article", { name: /Problem report/ });
  await expect(report).toContainText("Waiting for the restaurant");
  await expect(report).toContainText("2 × Fries: Missing");
  await expect(report.getByRole("img", { name: "The photo sent with the report" })).toBeVisible();

  // The owner: the report on the order board; one of the two fries approved.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await logIn(ownerPage, owner.client);
  await ownerPage.goto(`/restaurants/${owner.restaurant.id}/orders`);
  const decision = ownerPage.getByRole("article", { name: new RegExp(`order #${order.id}`) });
  await expect(decision).toContainText("2 × Fries: Missing");
  // Screenshots first: with SCREENSHOT_DIR set, the quantity typed before shoot()'s resizes did not
  // reach the approval (both fries were approved, and the toast said $6.60).
  await shoot(ownerPage, "problem-owner-decision");
  await decision.getByLabel("Approve how many Fries").fill("1");
  await expectAccessible(ownerPage, "owner's problem decision");
  await decision.getByRole("button", { name: "Approve selected" }).click();
  await expect(
    ownerPage
      .getByRole("status")
      .or(ownerPage.getByRole("alert"))
      .filter({ hasText: `Approved: ${refund} refunded to the customer.` }),
  ).toBeVisible();
  await expect(decision).toBeHidden();
  await ownerContext.close();

  // The customer sees the decision (live: re-read while open) and the refund in the wallet.
  await page.reload();
  await expect(report).toContainText("Partly approved");
  await expect(report).toContainText(`${refund} refunded to the wallet`);
  // The receipt: under the total, what was charged, the refund and the net (a refund after "Total"
  // alone read as a second deduction from it).
  const receipt = page.getByRole("region", { name: "Receipt" });
  const line = (label: RegExp) => receipt.locator("dl > div").filter({ hasText: label });
  await expect(line(/^Charged/)).toContainText(`$${order.totalCost.toFixed(2)}`);
  await expect(receipt.getByText(/^Refunded · problem report #\d+/)).toBeVisible();
  await expect(receipt.getByText(`-${refund}`)).toBeVisible();
  await expect(line(/^Net\$/)).toHaveText(`Net$${((Math.round(order.totalCost * 100) - refundCents) / 100).toFixed(2)}`);
  await expect(receipt).not.toContainText("Net paid");
  await shoot(page, "receipt-refunded");
  await page.goto("/wallet");
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: `+${refund}` })
      .first(),
  ).toBeVisible();
});

test("an appealed report waits in the operators' queue", async ({ browser, baseURL, owner }) => {
  const { client: customer } = await signUpCustomer(baseURL!);
  const order = await placeOrder(customer, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 2 });
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);
  const { items } = await (await customer.get(`/api/orders/${order.id}/problems`)).json();
  const sent = await customer.post(`/api/orders/${order.id}/problems`, { lines: [{ orderItemId: items[0].orderItemId, quantity: 2, reason: "cold" }] });
  const { problem } = await sent.json();
  expect((await owner.client.post(`/api/manage/${owner.restaurant.id}/problems/${problem.id}/decision`, { decision: "decline", reason: "Left hot" })).status()).toBe(200);
  expect((await customer.post(`/api/orders/${order.id}/problems/${problem.id}/appeal`, { note: "It was cold through" })).status()).toBe(200);

  const context = await browser.newContext();
  const page = await context.newPage();
  await demoLogin(page, 9);
  await page.goto("/admin/problems");
  await expect(page.getByRole("heading", { level: 1, name: "Problem reports" })).toBeVisible();
  const queued = page.getByRole("article", { name: new RegExp(`order #${order.id}`) });
  await expect(queued).toContainText("Appealed to Nosh support");
  await expect(queued).toContainText("It was cold through");
  await expectAccessible(page, "operators' problem queue");
  await shoot(page, "problem-operator-queue");
  // Decided, it leaves the queue for the history.
  await queued.getByRole("button", { name: "Approve all" }).click();
  await expect(queued).toBeHidden();
  await page.getByRole("link", { name: "Decided", exact: true }).click();
  const decided = page
    .getByRole("list", { name: "Decided reports" })
    .getByRole("listitem")
    .filter({ hasText: `order #${order.id}` });
  await expect(decided).toContainText("decided by Nosh support");
  await expectAccessible(page, "operators' decided reports");
  await shoot(page, "problem-operator-decided");
  await context.close();
});
