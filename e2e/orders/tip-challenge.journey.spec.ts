import { expect, test } from "../fixtures";
import { pageClient } from "../support/api";
import { placeOrder } from "../support/orders";
import { alertWith, expectAccessible, shoot, signUpInBrowser } from "../support/pages";

// Raising the tip on a card whose bank asks for 3-D Secure (docs/architecture/payments.md): the
// order page sends the customer to the challenge, as checkout does, and back; a failed challenge
// is said beside the cards, where another card raises it; a passed one raises it.

test.describe.configure({ timeout: 90_000 });

test("raising the tip on a 3-D Secure card: the challenge page, a failure said beside the cards, another card, then a passed challenge", async ({ page, owner }) => {
  await signUpInBrowser(page);
  const client = await pageClient(page);
  const order = await placeOrder(client, {
    restaurantId: owner.restaurant.id,
    itemId: owner.item.id,
    quantity: 2,
    submit: { deliveryOption: "standard", tip: 2, paymentMethod: "card" },
  });
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);
  const token = await client.post("/api/test-provider/payment-methods", { number: "4000002500003155", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  expect((await client.post("/api/payment-methods", { paymentMethodId: (await token.json()).id, makeDefault: true })).status()).toBe(201);
  const tipOf = async () => (await (await page.request.get(`/api/orders/${order.id}`)).json()).tip as number;

  await test.step("the raise on the default card opens its bank's challenge", async () => {
    await page.goto(`/orders/${order.id}`);
    // The form is its own chunk, loaded after the page: a press before it has hydrated does nothing.
    await expect(async () => {
      await page.getByRole("button", { name: "Raise the tip" }).click();
      await expect(page.getByLabel("New tip ($)")).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await page.getByLabel("New tip ($)").fill("5");
    await expect(page.getByRole("radio", { name: /Visa •••• 3155/ })).toBeChecked();
    await expectAccessible(page, "raise the tip by card");
    await page.getByRole("button", { name: "Raise the tip" }).click();
    await page.waitForURL(/\/test-provider\/3ds\/pi_/);
    await expect(page.getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
    await shoot(page, "tip-raise-challenge");
    expect(await tipOf()).toBe(2);
  });

  await test.step("a failed challenge: back on the order, the bank's answer beside the cards, nothing raised; another card raises it", async () => {
    await page.getByRole("button", { name: "Fail authentication" }).click();
    await page.waitForURL(new RegExp(`/orders/${order.id}$`));
    await expect(page.getByRole("alert").filter({ hasText: "Your bank could not confirm this payment." })).toBeVisible();
    await expect(page.getByLabel("New tip ($)")).toHaveValue("5");
    expect(await tipOf()).toBe(2);
    await expectAccessible(page, "tip raise refused by the bank");
    await shoot(page, "tip-raise-challenge-failed");
    await page.getByRole("radio", { name: /Visa •••• 4242/ }).check();
    await page.getByRole("button", { name: "Raise the tip" }).click();
    await expect(alertWith(page, "Thanks! Your courier gets the whole raise.")).toBeVisible();
    await expect.poll(tipOf).toBe(5);
  });

  await test.step("the 3-D Secure card chosen again: a passed challenge raises it", async () => {
    await page.getByRole("button", { name: "Raise the tip" }).click();
    await page.getByLabel("New tip ($)").fill("8");
    await page.getByRole("radio", { name: /Visa •••• 3155/ }).check();
    await page.getByRole("button", { name: "Raise the tip" }).click();
    await page.waitForURL(/\/test-provider\/3ds\/pi_/);
    await page.getByRole("button", { name: "Complete authentication" }).click();
    await page.waitForURL(new RegExp(`/orders/${order.id}$`));
    await expect(alertWith(page, "Thanks! Your courier gets the whole raise.")).toBeVisible();
    await expect.poll(tipOf).toBe(8);
  });
});
