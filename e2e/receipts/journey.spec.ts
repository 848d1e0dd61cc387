import { readFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import { expect, test, type Page } from "../fixtures";
import type { Client } from "../support/api";
import { placeOrder, standardCard } from "../support/orders";
import { expectAccessible, shoot } from "../support/pages";

// Receipts and statements on screen (docs/architecture/receipts.md): the customer goes from the
// order's page to its receipt and downloads the PDF; the owner goes from payouts to the
// statements, picks a month (one without activity: the empty state), and downloads the month.

test.describe.configure({ timeout: 120_000 });

/** The fixture's session in the browser (signing in through the form would count against the login throttle). */
async function logIn(page: Page, client: Client) {
  await page.context().addCookies((await client.ctx.storageState()).cookies);
}

/** A download's bytes, from the click that starts it. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

test("a customer opens an order's receipt and downloads it; the owner reads and downloads the month's statement", async ({ page, customer, owner }) => {
  const order = await placeOrder(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 2, submit: standardCard });
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);
  const total = `$${order.totalCost.toFixed(2)}`;

  await test.step("the customer's receipt", async () => {
    await logIn(page, customer.client);
    await page.goto(`/orders/${order.id}`);
    await page.getByRole("link", { name: `Receipt and PDF for order #${order.id}` }).click();
    await page.waitForURL(`**/orders/${order.id}/receipt`);
    await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
    const charges = page.getByRole("definition").filter({ hasText: total });
    await expect(charges.first()).toBeVisible();
    await expect(page.getByText("Visa •••• 4242")).toBeVisible();
    await expectAccessible(page, "receipt");
    await shoot(page, "receipt");
    const pdf = await downloaded(page, () => page.getByRole("link", { name: "Download PDF" }).click());
    expect(pdf.name).toBe(`nosh-receipt-order-${order.id}.pdf`);
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getTitle()).toBe(`Nosh receipt, order #${order.id}`);
    await page.context().clearCookies();
  });

  await test.step("the owner's statements", async () => {
    await logIn(page, owner.client);
    await page.goto(`/restaurants/${owner.restaurant.id}/payouts`);
    await page.getByRole("link", { name: "Monthly statements" }).click();
    await page.waitForURL(`**/restaurants/${owner.restaurant.id}/statements`);
    await expect(page.getByRole("heading", { level: 1, name: "Statements" })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(`Order #${order.id} delivered`) })).toBeVisible();
    await expect(page.getByText("Closing balance")).toBeVisible();
    await expectAccessible(page, "statements");
    await shoot(page, "statements");
    const csv = await downloaded(page, () => page.getByRole("link", { name: "Download CSV" }).click());
    expect(csv.bytes.toString("utf8")).toContain(`Order #${order.id} delivered`);
    const pdf = await downloaded(page, () => page.getByRole("link", { name: "Download PDF" }).click());
    expect((await PDFDocument.load(pdf.bytes)).getTitle()).toContain(owner.restaurant.name);

    // An earlier month without activity: the empty state, the balances still there.
    await page.getByLabel("Month", { exact: true }).fill("2020-01");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/month=2020-01/);
    await expect(page.getByText("No activity in January 2020").filter({ visible: true })).toBeVisible();
    await expectAccessible(page, "statements-empty");
    await shoot(page, "statements-empty");
  });
});
