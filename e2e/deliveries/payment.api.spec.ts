import { expect, test } from "../fixtures";
import { DELIVERY_SAID } from "@/lib/shared/delivery/deliveries";
import { northOf, rideTo } from "../support/couriers";
import { saveDefaultCard } from "../support/disputes";
import { bearer, cardPaymentOf, courierAt, keyOf, offeredJob, placedOwner } from "./support";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Paying for a delivery over HTTP (docs/architecture/api-keys.md "Paying for a delivery"), the red
// team's attack replayed with an API key of scope `deliveries`: a new, unverified owner's
// restaurant made a minute ago asks for two deliveries with big tips ($100 and $50). With nothing
// to pay (no earnings, no card) both are refused (402, in the reader's language) and nothing is
// owed; with a card saved both are charged to it up front, the courier who delivers one is paid
// exactly what came in, a cancel refunds the other to the card, and a third on its way waits for
// the owner's verified email. The restaurant never owes Nosh a cent.

test("the attack: a new restaurant cannot spend Nosh's money; with a card its deliveries are paid up front", async ({ baseURL }) => {
  test.slow();
  const { owner, spot, dropoffAt, quoteBody } = await placedOwner(baseURL!);
  const id = owner.restaurant.id;
  const pos = await bearer(baseURL!, (await keyOf(owner, ["deliveries"])).key);
  // A new account's demo card removed: no earnings, no card.
  for (const card of (await (await owner.client.get("/api/payment-methods")).json()).paymentMethods as { id: number }[])
    expect((await owner.client.del(`/api/payment-methods/${card.id}`)).status()).toBe(200);
  for (const tip of [100, 50]) {
    const refused = await pos.post(`/api/manage/${id}/deliveries/quotes`, { data: { ...quoteBody, tip } });
    expect(refused.status()).toBe(402);
    expect(await refused.json()).toEqual({
      message:
        "Nothing can pay for this delivery: your restaurant has no earnings available to cover it and its owner has no saved card. Nosh gives no credit: add a card, or ask once your earnings cover it",
      errors: {
        payWith:
          "Nothing can pay for this delivery: your restaurant has no earnings available to cover it and its owner has no saved card. Nosh gives no credit: add a card, or ask once your earnings cover it",
      },
    });
  }
  const spanish = await pos.post(`/api/manage/${id}/deliveries/quotes`, { data: quoteBody, headers: { "Accept-Language": "es" } });
  expect(spanish.status()).toBe(402);
  expect((await spanish.json()).message).toMatch(/^Nada puede pagar esta entrega/);
  expect((await (await owner.client.get(`/api/manage/${id}/payouts`)).json()).owed).toBe(0);

  // A card saved: both requests charged to it up front, tips included.
  await saveDefaultCard(owner.client, "4242424242424242");
  const courier = await courierAt(baseURL!, northOf(spot, 0.3));
  const accepted = [];
  for (const tip of [100, 50]) {
    const quote = await (await pos.post(`/api/manage/${id}/deliveries/quotes`, { data: { ...quoteBody, tip } })).json();
    expect(quote).toMatchObject({ tip, payWith: "card", card: "Visa •••• 4242" });
    const made = await pos.post(`/api/manage/${id}/deliveries`, { data: { quoteId: quote.quoteId }, headers: { "Idempotency-Key": `pos-${quote.quoteId}` } });
    expect(made.status(), await made.text()).toBe(201);
    const delivery = await made.json();
    expect(delivery).toMatchObject({ paidWith: "card", fee: quote.fee, tip });
    const total = Math.round(quote.total * 100);
    expect(await cardPaymentOf(delivery.orderId)).toEqual({ state: "captured", captured: total, refunded: 0, cameIn: total });
    accepted.push({ delivery, total });
  }
  // An unverified owner's restaurants have at most two on their way: the third is a 409, nothing charged.
  const third = await (await pos.post(`/api/manage/${id}/deliveries/quotes`, { data: quoteBody })).json();
  const full = await pos.post(`/api/manage/${id}/deliveries`, { data: { quoteId: third.quoteId } });
  expect(full.status()).toBe(409);
  expect((await full.json()).message).toBe(inEnglish(DELIVERY_SAID.openMaxUnverified(2)));

  // A courier delivers the first: paid its fee and $100 tip, exactly what the card paid in.
  const [big, other] = accepted as [{ delivery: { id: number; orderId: number }; total: number }, { delivery: { id: number; orderId: number }; total: number }];
  const job = await offeredJob(courier, big.delivery.orderId);
  expect((await courier.client.post(`/api/courier/jobs/${job.id}/accept`)).status()).toBe(200);
  await rideTo(courier.user.id, spot);
  expect((await courier.client.post(`/api/courier/jobs/${job.id}/arrived`)).status()).toBe(200);
  expect((await courier.client.post(`/api/courier/jobs/${job.id}/picked-up`, { handedOver: true })).status()).toBe(200);
  await rideTo(courier.user.id, dropoffAt);
  expect((await courier.client.post(`/api/courier/jobs/${job.id}/delivered`)).status()).toBe(200);
  const earnings = await (await courier.client.get("/api/courier/earnings")).json();
  expect(earnings.entries.filter((entry: { orderId: number }) => entry.orderId === big.delivery.orderId)).toEqual([
    expect.objectContaining({ kind: "delivery", amount: big.total / 100 }),
  ]);
  // The other canceled: exactly what was taken back to the card.
  expect((await pos.post(`/api/manage/${id}/deliveries/${other.delivery.id}/cancel`)).status()).toBe(200);
  expect(await cardPaymentOf(other.delivery.orderId)).toMatchObject({ captured: other.total, refunded: other.total });
  const payouts = await (await owner.client.get(`/api/manage/${id}/payouts`)).json();
  expect(payouts).toMatchObject({ owed: 0, available: 0 });
  await pos.dispose();
});

test("asked to pay from earnings a restaurant does not have: a 402 naming payWith, nothing accepted", async ({ baseURL }) => {
  const { owner, quoteBody } = await placedOwner(baseURL!);
  const id = owner.restaurant.id;
  const pos = await bearer(baseURL!, (await keyOf(owner, ["deliveries"])).key);
  const quote = await (await pos.post(`/api/manage/${id}/deliveries/quotes`, { data: quoteBody })).json();
  const refused = await pos.post(`/api/manage/${id}/deliveries`, { data: { quoteId: quote.quoteId, payWith: "earnings" } });
  expect(refused.status()).toBe(402);
  expect(await refused.json()).toEqual({
    message: "Your restaurant's available earnings cannot cover this delivery's fee and tip: pay it by card",
    errors: { payWith: "Your restaurant's available earnings cannot cover this delivery's fee and tip: pay it by card" },
  });
  const bad = await pos.post(`/api/manage/${id}/deliveries`, { data: { quoteId: quote.quoteId, payWith: "credit" } });
  expect(bad.status()).toBe(400);
  expect(Object.keys((await bad.json()).errors)).toEqual(["payWith"]);
  // The quote is still there to accept, paid by the card.
  const made = await pos.post(`/api/manage/${id}/deliveries`, { data: { quoteId: quote.quoteId, payWith: "card" } });
  expect(made.status(), await made.text()).toBe(201);
  expect((await made.json()).paidWith).toBe("card");
  await pos.dispose();
});
