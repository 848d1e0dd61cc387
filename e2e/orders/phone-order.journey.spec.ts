import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { alertWith, expectAccessible, shoot } from "../support/pages";

// A phone order on the board (docs/architecture/phone-orders.md): the owner opens "New phone
// order", what is missing is said beside its field, the dishes are counted with thumb-sized
// steppers, and the order placed lands in New marked as a phone order, to be paid at pickup.

const column = (page: Page, title: string) => page.getByRole("region", { name: new RegExp(`^${title} \\d+$`) });

test("the owner enters a pickup order taken by phone; it lands in New marked as a phone order", async ({ page, owner }) => {
  const id = owner.restaurant.id;
  await page.context().addCookies((await owner.client.ctx.storageState()).cookies);
  await page.goto(`/restaurants/${id}/orders`);
  await page.getByRole("button", { name: "New phone order" }).click();
  const dialog = page.getByRole("dialog", { name: "New phone order" });
  await expect(dialog.getByRole("group", { name: `Quantity of ${owner.item.name}` })).toBeVisible();

  await dialog.getByLabel("Name").fill("Rosa Diaz");
  await dialog.getByLabel("Phone").fill("555-0134");
  await dialog.getByRole("button", { name: "Place phone order" }).click();
  await expect(dialog.getByText("Enter the customer's 10-digit phone number")).toBeVisible();
  await expect(dialog.getByText("Add at least one dish")).toBeVisible();
  await dialog.getByLabel("Phone").fill("415-555-0134");
  await dialog.getByRole("button", { name: `More ${owner.item.name}` }).click();
  await dialog.getByRole("button", { name: `More ${owner.item.name}` }).click();
  await expect(dialog.getByRole("group", { name: `Quantity of ${owner.item.name}` })).toContainText("2");
  // Delivery asks for the address; back to pickup.
  await dialog.getByText("Delivery by your staff").click();
  await expect(dialog.getByLabel("Street address")).toBeVisible();
  await expectAccessible(page, "board, phone order form");
  await shoot(page, "phone-order-form");
  await dialog.getByText("Pickup", { exact: true }).click();

  await dialog.getByRole("button", { name: "Place phone order" }).click();
  await expect(alertWith(page, /^Phone order #\d+ placed: \$[\d.]+ to collect at pickup$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = column(page, "New").getByRole("listitem").filter({ hasText: "Rosa Diaz" });
  await expect(card.getByTestId("phone-order")).toHaveText("Phone order · 415-555-0134");
  await expect(card).toContainText("Pay at pickup");
  await expect(card).toContainText("Phone order taken by");
  await expectAccessible(page, "board, a phone order in New");
  await shoot(page, "phone-order-board");
});

test("paid by a link: the owner gets the link, the customer pays it at 390 px with no account, and the board shows the order paid", async ({ page, owner, browser }) => {
  const id = owner.restaurant.id;
  await page.context().addCookies((await owner.client.ctx.storageState()).cookies);
  await page.goto(`/restaurants/${id}/orders`);
  await page.getByRole("button", { name: "New phone order" }).click();
  const dialog = page.getByRole("dialog", { name: "New phone order" });
  await dialog.getByLabel("Name").fill("Rosa Diaz");
  await dialog.getByLabel("Phone").fill("415-555-0134");
  await dialog.getByRole("button", { name: `More ${owner.item.name}` }).click();
  await dialog.getByText("Card, by a payment link").click();
  await dialog.getByRole("button", { name: "Place phone order" }).click();
  const linkDialog = page.getByRole("dialog", { name: /^Phone order #\d+: payment link$/ });
  const url = await linkDialog.getByTestId("pay-link").inputValue();
  expect(url).toMatch(/\/pay\/[\w-]{32}$/);
  await expect(linkDialog.getByRole("link", { name: "Email link" })).toHaveAttribute("href", /^mailto:\?subject=/);
  await expectAccessible(page, "board, a phone order's payment link");
  await shoot(page, "phone-order-pay-link");
  await linkDialog.getByRole("button", { name: "Done" }).click();
  await expect(alertWith(page, /^Phone order #\d+ placed: \$[\d.]+ waiting for payment on its link$/)).toBeVisible();
  const card = column(page, "New").getByRole("listitem").filter({ hasText: "Rosa Diaz" });
  await expect(card).toContainText("Waiting for payment");

  // The customer's phone: no session, 390 px.
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await customer.newPage();
  await phone.goto(new URL(url).pathname);
  await expect(phone.getByRole("heading", { name: `Pay ${owner.restaurant.name}` })).toBeVisible();
  await expect(phone.getByText("Rosa Diaz")).toHaveCount(0);
  await phone.getByLabel("Card number").fill("4242424242424242");
  await phone.getByLabel("Expiry (MM/YY)").fill("12/34");
  await phone.getByLabel("CVC").fill("123");
  await phone.getByLabel("Postal code").fill("94110");
  await expectAccessible(phone, "payment link page");
  await shoot(phone, "pay-link-page");
  await phone.getByRole("button", { name: /^Pay \$[\d.]+$/ }).click();
  await expect(phone.getByTestId("pay-done")).toContainText("was paid with Visa •••• 4242");
  await expectAccessible(phone, "payment link page, paid");
  await shoot(phone, "pay-link-paid");
  await customer.close();

  await page.reload();
  const paid = column(page, "New").getByRole("listitem").filter({ hasText: "Rosa Diaz" });
  await expect(paid).toContainText("Paid by card (link)");
  await expect(paid).not.toContainText("Waiting for payment");
  await shoot(page, "phone-order-link-paid-board");
});
