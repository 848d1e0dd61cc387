import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures";
import type { Client } from "../support/api";
import { createOrder, standardCard } from "../support/orders";

// Card payments over HTTP (docs/architecture/payments.md), through the built-in test provider:
// the provider's tokenization, saved cards, a decline and a 3-D Secure challenge placing nothing,
// authorize at submit, capture at accept (once, with 20 accepts at once), void at reject, a forged
// webhook refused; then no test card number anywhere in the e2e server's data folder.
// The rules themselves, on SQLite and PostgreSQL: lib/server/payments/payments.test.ts.

const CARDS = { success: "4242424242424242", decline: "4000000000000002", threeDs: "4000002500003155" };
const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });

/** A card tokenized at the provider and saved as the caller's default; its saved id. */
async function saveCard(client: Client, number: string): Promise<number> {
  const token = await client.post("/api/test-provider/payment-methods", card(number));
  expect(token.status()).toBe(201);
  const { id, last4 } = await token.json();
  expect(last4).toBe(number.slice(-4));
  expect(await token.text()).not.toContain(number);
  const saved = await client.post("/api/payment-methods", { paymentMethodId: id, makeDefault: true });
  expect(saved.status()).toBe(201);
  return (await saved.json()).id;
}

test.describe("card payments", () => {
  // In order: the last test greps the data folder after the others' checkouts.
  test.describe.configure({ mode: "serial" });
  test("every account starts with the test Visa 4242; cards are saved by token and listed by brand and last four", async ({ customer: { client } }) => {
    const { paymentMethods } = await (await client.get("/api/payment-methods")).json();
    expect(paymentMethods).toEqual([expect.objectContaining({ brand: "Visa", last4: "4242", isDefault: true, test: true, label: "Visa •••• 4242, test" })]);
    const bad = await client.post("/api/test-provider/payment-methods", card("4242424242424241"));
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: { number: "Your card number is invalid." } });
    const id = await saveCard(client, "5555555555554444");
    const listed = (await (await client.get("/api/payment-methods")).json()).paymentMethods;
    expect(listed[0]).toMatchObject({ id, brand: "Mastercard", last4: "4444", isDefault: true });
    const left = await client.del(`/api/payment-methods/${id}`);
    expect(left.status()).toBe(200);
    expect((await left.json()).paymentMethods).toEqual([expect.objectContaining({ last4: "4242", isDefault: true })]);
  });

  test("a declined card: 402 naming the payment method, the order stays Active, nothing charged", async ({ customer: { client } }) => {
    await saveCard(client, CARDS.decline);
    const order = await createOrder(client);
    const response = await client.put(`/api/orders/${order.id}/submit`, standardCard);
    expect(response.status()).toBe(402);
    expect(await response.json()).toMatchObject({
      message: "Your card was declined. Try another card.",
      errors: { paymentMethod: "Your card was declined. Try another card." },
    });
    expect((await (await client.get(`/api/orders/${order.id}`)).json()).status).toBe("Active");
  });

  test("a 3-D Secure card is placed only after the challenge page is passed", async ({ customer: { client } }) => {
    await saveCard(client, CARDS.threeDs);
    const order = await createOrder(client);
    const first = await client.put(`/api/orders/${order.id}/submit`, standardCard);
    expect(first.status()).toBe(402);
    const { payment } = await first.json();
    expect(payment).toMatchObject({ state: "requires_action", challengeUrl: `/test-provider/3ds/${payment.intentId}` });
    expect((await (await client.get(`/api/orders/${order.id}`)).json()).status).toBe("Active");
    expect((await client.get(payment.challengeUrl)).status()).toBe(200);
    const passed = await client.post(`/api/test-provider/challenges/${payment.intentId}`, { outcome: "pass" });
    expect(await passed.json()).toMatchObject({ status: "requires_capture", returnUrl: `/checkout?payment_intent=${payment.intentId}` });
    const placed = await client.put(`/api/orders/${order.id}/submit`, { ...standardCard, paymentIntent: payment.intentId });
    expect(placed.status()).toBe(200);
    expect((await (await client.get(`/api/orders/${order.id}/payment`)).json()).payment).toMatchObject({ state: "authorized", card: "Visa •••• 3155" });
  });

  test("authorized at submit, captured once by 20 accepts at once, voided by a reject; a forged webhook changes nothing", async ({ customer: { client }, owner }) => {
    const place = async () => {
      const order = await createOrder(client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
      return (await client.put(`/api/orders/${order.id}/submit`, standardCard)).json();
    };
    const [accepted, rejected] = [await place(), await place()];
    expect((await (await client.get(`/api/orders/${accepted.id}/payment`)).json()).payment).toMatchObject({ state: "authorized", captured: 0 });

    const accepts = await Promise.all(
      Array.from({ length: 20 }, () => owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${accepted.id}/stage`, { stage: "accepted", prepMinutes: 20 })),
    );
    expect(accepts.filter((response) => response.status() === 200)).toHaveLength(1);
    expect((await (await client.get(`/api/orders/${accepted.id}/payment`)).json()).payment).toMatchObject({ state: "captured", captured: accepted.totalCost });

    await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${rejected.id}/stage`, { stage: "rejected", reason: "closing" });
    expect((await (await client.get(`/api/orders/${rejected.id}/payment`)).json()).payment).toMatchObject({
      state: "voided",
      captured: 0,
      message: "Nothing was charged: the authorization on Visa •••• 4242 was released.",
    });

    const forged = JSON.stringify({ id: "evt_forged", type: "payment_intent.canceled", intent: { id: "pi_x", status: "canceled" } });
    const answer = await client.ctx.fetch("/api/payments/webhooks/test", {
      method: "POST",
      headers: { "content-type": "application/json", "nosh-test-signature": "t=1,v1=00" },
      data: forged,
    });
    expect(answer.status()).toBe(400);
    expect((await (await client.get(`/api/orders/${accepted.id}/payment`)).json()).payment).toMatchObject({ state: "captured" });
  });

  test("no test card number is anywhere in the server's data folder (database, WAL, uploads) after checkouts", async () => {
    const dir = path.resolve("data/e2e");
    const files: string[] = [];
    const walk = (at: string) => {
      for (const name of readdirSync(at)) {
        const full = path.join(at, name);
        if (statSync(full).isDirectory()) walk(full);
        else files.push(full);
      }
    };
    walk(dir);
    expect(files.length).toBeGreaterThan(0);
    const found = files.filter((file) => {
      const bytes = readFileSync(file);
      return Object.values(CARDS).some((number) => bytes.includes(number) || bytes.includes(Buffer.from(number, "utf16le")));
    });
    expect(found).toEqual([]);
  });
});
