import { expect, test, type Page } from "../fixtures";
import { percentOf } from "@/lib/shared/money/money";
import type { Client } from "../support/api";
import { alertWith, cartButton, expectAccessible, fillCart, shoot, signUpInBrowser } from "../support/pages";

// Two walk-through defects at checkout: a guest's address searched on the landing page in the
// standard US form places the order (docs/architecture/places.md "Address lines"), and a failed
// 3-D Secure challenge brings the customer back with every choice kept and the bank's answer first
// in the form, focused (docs/architecture/payments.md).

test.describe.configure({ timeout: 90_000 });

const RESTAURANT = 3;
const VALENCIA = "41 Valencia St, San Francisco, CA 94103";
const SECURE = "4000002500003155";

async function checkoutCart(page: Page) {
  await cartButton(page).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  return page.evaluate(() => JSON.parse(localStorage.getItem("currentOrder") ?? "null") as { id: number; subtotal: number });
}

async function saveCard(client: Client, number: string): Promise<void> {
  const token = await client.post("/api/test-provider/payment-methods", { number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  const saved = await client.post("/api/payment-methods", { paymentMethodId: (await token.json()).id, makeDefault: true });
  expect(saved.status()).toBe(201);
}

test("a guest's landing search '41 Valencia St, San Francisco, CA 94103' is checkout's address, and the order is placed there", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Delivery address").fill(VALENCIA);
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(/\/home\?address=/);
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await page.waitForURL("**/home");
  await fillCart(page, RESTAURANT);
  const order = await checkoutCart(page);
  await expect(page.getByLabel("Delivery address")).toHaveValue(VALENCIA);
  const place = page.getByRole("button", { name: "Place order" });
  await expect(place).toBeEnabled();
  await place.click();
  await expect(alertWith(page, "Your food will arrive soon!")).toBeVisible();
  await page.waitForURL(/\/orders$/);
  const placed = await (await page.request.get(`/api/orders/${order.id}`)).json();
  expect(placed).toMatchObject({ status: "Submitted", deliveryAddress: { address: "41 Valencia St", city: "San Francisco", state: "CA", zip: "94103" } });
});

test("a failed 3-D Secure challenge: back at checkout with every choice kept and the bank's answer first, focused; another card places it as chosen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { client } = await signUpInBrowser(page);
  await saveCard(client, SECURE);
  await fillCart(page, RESTAURANT);
  const order = await checkoutCart(page);
  let slot = "";

  await test.step("the choices: a scheduled delivery, left at the door, a 20% tip, the 3-D Secure card", async () => {
    await page.getByRole("radio", { name: /Schedule/ }).check();
    const modal = page.getByRole("dialog", { name: "Schedule delivery" });
    await modal.getByRole("tabpanel").getByRole("button").first().click();
    const scheduleFor = modal.getByRole("button", { name: /^Schedule for / });
    slot = ((await scheduleFor.textContent()) ?? "").replace(/^Schedule for /, "");
    await scheduleFor.click();
    await expect(modal).toBeHidden();
    await page.getByRole("radio", { name: /Leave it at my door/ }).check();
    await page.getByRole("button", { name: /^20%/ }).click();
    await page.getByRole("radio", { name: /Credit card/ }).check();
    await page.getByRole("radio", { name: /Visa •••• 3155/ }).check();
    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(/\/test-provider\/3ds\/pi_/);
    await page.getByRole("button", { name: "Fail authentication" }).click();
    await page.waitForURL(/\/checkout$/);
  });

  await test.step("back at checkout: the bank's answer first in the form, in view at 390 px and focused; every choice as it was", async () => {
    const message = page.getByRole("alert").filter({ hasText: "Your bank could not confirm this payment." });
    await expect(message).toBeVisible();
    await expect(message).toBeFocused();
    await expect(message).toBeInViewport();
    await expect(page.getByRole("radio", { name: new RegExp(`Schedule ${slot.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) })).toBeChecked();
    await expect(page.getByRole("radio", { name: /Leave it at my door/ })).toBeChecked();
    await expect(page.getByRole("button", { name: /^20%/ })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("radio", { name: /Credit card/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: /Visa •••• 3155/ })).toBeChecked();
    expect((await (await page.request.get(`/api/orders/${order.id}`)).json()).status).toBe("Active");
    // Its "Choose another card" goes to the cards, far below on a phone.
    await message.getByRole("button", { name: "Choose another card" }).click();
    await expect(page.getByRole("radio", { name: /Visa •••• 3155/ })).toBeFocused();
    await expect(page.getByRole("radio", { name: /Visa •••• 3155/ })).toBeInViewport();
    await message.focus();
    await expectAccessible(page, "checkout after a failed 3-D Secure challenge");
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: `${dir}/checkout-3ds-failed-viewport-390.png` });
    await shoot(page, "checkout-3ds-failed");
    if (dir) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${dir}/checkout-3ds-failed-viewport-1280.png` });
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  await test.step("another card places the order with the same choices", async () => {
    await page.getByRole("radio", { name: /Visa •••• 4242/ }).check();
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(alertWith(page, /^Your order is scheduled for /)).toBeVisible();
    await page.waitForURL(/\/orders$/);
    const placed = await (await page.request.get(`/api/orders/${order.id}`)).json();
    expect(placed).toMatchObject({ status: "Submitted", dropoff: "leave_at_door", paymentMethod: "card", scheduledFor: expect.any(String) });
    expect(Math.round(placed.tip * 100)).toBe(percentOf(Math.round(order.subtotal * 100), 20));
    expect((await (await page.request.get(`/api/orders/${order.id}/payment`)).json()).payment).toMatchObject({ card: "Visa •••• 4242" });
  });
});
