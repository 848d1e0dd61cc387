import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { placeOrder } from "../support/orders";

// Raising the tip on a card whose bank asks for 3-D Secure (docs/architecture/payments.md,
// "Charges that are not an order's payment"): the challenge's 402, as checkout answers it (the
// page to send the customer to and the intent to bring back), nothing changed until the challenge
// is passed; a failed one changes nothing and another card can be chosen (`paymentMethodId`).

const SECURE = "4000002500003155";

async function saveCard(client: Client, number: string): Promise<number> {
  const token = await client.post("/api/test-provider/payment-methods", { number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  expect(token.status()).toBe(201);
  const saved = await client.post("/api/payment-methods", { paymentMethodId: (await token.json()).id, makeDefault: true });
  expect(saved.status()).toBe(201);
  return (await saved.json()).id;
}

test("a 3-D Secure card: the raise answers the challenge, a failed one changes nothing, another card raises it, a passed one raises it once", async ({
  baseURL,
  customer: { client },
  owner,
}) => {
  const submit = { deliveryOption: "standard", tip: 2, paymentMethod: "card" };
  const order = await placeOrder(client, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 2, submit });
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);
  const { paymentMethods } = await (await client.get("/api/payment-methods")).json();
  const visa = paymentMethods.find((card: { last4: string }) => card.last4 === "4242").id as number;
  const secure = await saveCard(client, SECURE);
  const tipOf = async () => (await (await client.get(`/api/orders/${order.id}`)).json()).tip as number;
  expect(await tipOf()).toBe(2);

  // The default card now asks for 3-D Secure: the challenge's 402, nothing raised.
  const asked = await client.post(`/api/orders/${order.id}/tip`, { tip: 5 });
  expect(asked.status()).toBe(402);
  const { payment, errors } = await asked.json();
  expect(errors).toEqual({ tip: "Confirm this payment with your bank to raise the tip." });
  expect(payment).toMatchObject({ state: "requires_action", challengeUrl: `/test-provider/3ds/${payment.intentId}` });
  expect(await tipOf()).toBe(2);
  expect((await client.get(payment.challengeUrl)).status()).toBe(200);

  // Failed at the bank: the same raise with it is the decline, nothing raised.
  const failed = await client.post(`/api/test-provider/challenges/${payment.intentId}`, { outcome: "fail" });
  expect(await failed.json()).toMatchObject({ returnUrl: `/orders/${order.id}?payment_intent=${payment.intentId}` });
  const refused = await client.post(`/api/orders/${order.id}/tip`, { tip: 5, paymentIntent: payment.intentId });
  expect(refused.status()).toBe(402);
  expect((await refused.json()).errors.tip).toMatch(/bank/);
  expect(await tipOf()).toBe(2);

  // Another card: raised at once.
  const other = await client.post(`/api/orders/${order.id}/tip`, { tip: 5, paymentMethodId: visa });
  expect(other.status(), await other.text()).toBe(200);
  expect((await other.json()).tip).toBe(5);

  // The 3-D Secure card chosen again for a further raise: passed, then raised once however often it is sent.
  const again = await client.post(`/api/orders/${order.id}/tip`, { tip: 8, paymentMethodId: secure });
  expect(again.status()).toBe(402);
  const second = (await again.json()).payment;
  expect(second.intentId).not.toBe(payment.intentId);
  expect((await client.post(`/api/test-provider/challenges/${second.intentId}`, { outcome: "pass" })).status()).toBe(200);
  const answers = await Promise.all([1, 2, 3].map(() => client.post(`/api/orders/${order.id}/tip`, { tip: 8, paymentIntent: second.intentId })));
  expect(answers.map((answer) => answer.status())).toEqual([200, 200, 200]);
  expect(await tipOf()).toBe(8);
  // Someone else's raise cannot use it.
  const { client: stranger } = await signUpCustomer(baseURL!);
  expect((await stranger.post(`/api/orders/${order.id}/tip`, { tip: 9, paymentIntent: second.intentId })).status()).toBe(404);
});
