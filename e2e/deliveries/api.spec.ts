import { expect, test } from "../fixtures";
import { northOf, rideTo } from "../support/couriers";
import { bearer, cardPaymentOf, courierAt, keyOf, offeredJob, placedOwner } from "./support";

// Delivery only over HTTP (docs/architecture/api-keys.md "Delivery only"): a restaurant's point of
// sale with a key of scope `deliveries` gets a quote, accepts it (a retry with the same
// Idempotency-Key answers the same and charges nothing more) and a tracking link; a courier is
// offered it like any job, picks it up at the restaurant and delivers it while the public
// tracking read and page follow; the owner's card (a new account's demo card here) paid the fee
// and tip up front, once, and the restaurant owes nothing. A key without the scope: 403; revoked:
// 401. A cancel before pickup refunds the card. What cannot pay, and the attack: payment.api.spec.ts.

test("a key with the deliveries scope gets a quote and a tracking link; a courier delivers it; the owner's card pays once", async ({ baseURL }) => {
  test.slow();
  const { owner, spot, dropoffAt, quoteBody } = await placedOwner(baseURL!);
  const id = owner.restaurant.id;
  const courier = await courierAt(baseURL!, northOf(spot, 0.3));
  const { id: keyId, key } = await keyOf(owner, ["deliveries"]);
  const pos = await bearer(baseURL!, key);

  // Without the scope: 403, nothing quoted.
  const reader = await bearer(baseURL!, (await keyOf(owner, ["orders.read"])).key);
  const refused = await reader.post(`/api/manage/${id}/deliveries/quotes`, { data: quoteBody });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe("This API key's scopes do not allow this operation");

  const quoted = await pos.post(`/api/manage/${id}/deliveries/quotes`, { data: quoteBody });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const quote = await quoted.json();
  expect(quote).toMatchObject({ quoteId: expect.stringMatching(/^q_/), tip: 2, distanceKm: 2, payWith: "card", card: "Visa •••• 4242" });
  expect(quote.fee).toBeGreaterThan(0);
  expect(Date.parse(quote.dropoffEta)).toBeGreaterThan(Date.parse(quote.pickupEta));
  // Bad input: the field named, nothing made.
  const bad = await pos.post(`/api/manage/${id}/deliveries/quotes`, { data: { ...quoteBody, dropoff: { ...quoteBody.dropoff, phone: "12" } } });
  expect(bad.status()).toBe(400);
  expect(Object.keys((await bad.json()).errors)).toEqual(["dropoff.phone"]);

  const headers = { "Idempotency-Key": `pos-${quote.quoteId}` };
  const accepted = await pos.post(`/api/manage/${id}/deliveries`, { data: { quoteId: quote.quoteId }, headers });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const delivery = await accepted.json();
  expect(delivery).toMatchObject({ quoteId: quote.quoteId, status: "finding_courier", fee: quote.fee, tip: 2, reference: "POS-77", courier: null, paidWith: "card" });
  expect(delivery.trackingUrl).toMatch(/\/track\/[\w-]{32}$/);
  // The same request again (a retry): the same answer, charged once; another key of the till: the quote is taken.
  const again = await pos.post(`/api/manage/${id}/deliveries`, { data: { quoteId: quote.quoteId }, headers });
  expect(again.status()).toBe(201);
  expect(await again.json()).toEqual(delivery);
  expect((await pos.post(`/api/manage/${id}/deliveries`, { data: { quoteId: quote.quoteId }, headers: { "Idempotency-Key": "another" } })).status()).toBe(409);
  const total = Math.round((quote.fee + 2) * 100);
  // Charged to the card up front, once; the restaurant's balance never moved: it owes nothing.
  expect(await cardPaymentOf(delivery.orderId)).toEqual({ state: "captured", captured: total, refunded: 0, cameIn: total });
  const payouts = await (await owner.client.get(`/api/manage/${id}/payouts`)).json();
  expect(payouts.owed).toBe(0);
  expect(payouts.entries.filter((entry: { kind: string }) => entry.kind === "delivery_fee")).toEqual([]);

  // The courier is offered it like any job: the pickup at the restaurant, the drop-off's area.
  const token = delivery.trackingUrl.split("/track/")[1];
  const job = await offeredJob(courier, delivery.orderId);
  expect(job).toMatchObject({ state: "offered", restaurant: { id, name: owner.restaurant.name }, dropoff: { area: "Fairbanks, AK 99701", tripKm: 2 } });
  expect((await courier.client.post(`/api/courier/jobs/${job.id}/accept`)).status()).toBe(200);
  const tracking = await courier.client.get(`/api/deliveries/track/${token}`);
  expect(await tracking.json()).toMatchObject({ status: "courier_assigned", courier: { firstName: "Test" }, recipient: "Rosa" });
  await rideTo(courier.user.id, spot);
  expect((await courier.client.post(`/api/courier/jobs/${job.id}/arrived`)).status()).toBe(200);
  const picked = await courier.client.post(`/api/courier/jobs/${job.id}/picked-up`, { handedOver: true });
  expect(picked.status(), await picked.text()).toBe(200);
  // Picked up: too late to cancel.
  expect((await pos.post(`/api/manage/${id}/deliveries/${delivery.id}/cancel`)).status()).toBe(409);
  await rideTo(courier.user.id, dropoffAt);
  expect((await courier.client.post(`/api/courier/jobs/${job.id}/delivered`)).status()).toBe(200);

  const read = await pos.get(`/api/manage/${id}/deliveries/${delivery.id}`);
  expect(await read.json()).toMatchObject({ status: "delivered", courier: { firstName: "Test" }, refunded: 0, closedAt: expect.any(String) });
  const page = await courier.client.get(`/track/${token}`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain(`Your delivery from ${owner.restaurant.name}`);
  expect(html).toContain("Delivered");
  expect(html).not.toContain("9075550123");
  // Paid once: the courier earned fee and tip, the money that came in from the card; the restaurant owes nothing.
  const earnings = await (await courier.client.get("/api/courier/earnings")).json();
  expect(earnings.entries.filter((entry: { orderId: number }) => entry.orderId === delivery.orderId)).toEqual([
    expect.objectContaining({ kind: "delivery", amount: total / 100 }),
  ]);
  expect((await (await owner.client.get(`/api/manage/${id}/payouts`)).json()).owed).toBe(0);

  // An unknown token: 404. Revoked, the key's next request is a 401.
  expect((await courier.client.get(`/api/deliveries/track/${"x".repeat(32)}`)).status()).toBe(404);
  expect((await owner.client.del(`/api/manage/${id}/api-keys/${keyId}`)).status()).toBe(200);
  const revoked = await pos.get(`/api/manage/${id}/deliveries/${delivery.id}`);
  expect(revoked.status()).toBe(401);
  expect((await revoked.json()).message).toBe("Unknown or revoked API key");
  await Promise.all([pos.dispose(), reader.dispose()]);
});

test("a cancel before pickup refunds the whole fee to the card", async ({ baseURL }) => {
  const { owner, quoteBody } = await placedOwner(baseURL!);
  const id = owner.restaurant.id;
  const pos = await bearer(baseURL!, (await keyOf(owner, ["deliveries"])).key);
  const quote = await (await pos.post(`/api/manage/${id}/deliveries/quotes`, { data: { ...quoteBody, tip: 0 } })).json();
  const delivery = await (await pos.post(`/api/manage/${id}/deliveries`, { data: { quoteId: quote.quoteId } })).json();
  const fee = Math.round(quote.fee * 100);
  expect(await cardPaymentOf(delivery.orderId)).toEqual({ state: "captured", captured: fee, refunded: 0, cameIn: fee });
  const canceled = await pos.post(`/api/manage/${id}/deliveries/${delivery.id}/cancel`);
  expect(canceled.status(), await canceled.text()).toBe(200);
  expect(await canceled.json()).toMatchObject({ status: "canceled", paidWith: "card", refunded: quote.fee });
  // Exactly what was taken, back to the card through the provider; the restaurant owes nothing.
  expect(await cardPaymentOf(delivery.orderId)).toMatchObject({ captured: fee, refunded: fee });
  const payouts = await (await owner.client.get(`/api/manage/${id}/payouts`)).json();
  expect(payouts.owed).toBe(0);
  expect((await pos.post(`/api/manage/${id}/deliveries/${delivery.id}/cancel`)).status()).toBe(409);
  const tracked = await (await pos.get(`/api/deliveries/track/${delivery.trackingUrl.split("/track/")[1]}`)).json();
  expect(tracked).toMatchObject({ status: "canceled", statusText: "Canceled" });
  await pos.dispose();
});
