import { describe, expect, it } from "vitest";
import { DELIVERY_SAID, type PayWith } from "@/lib/shared/delivery/deliveries";
import { checkoutDeliveryFeeCents } from "@/lib/shared/money/pricing";
import { deliveryQuoteInputSchema } from "@/lib/contract/deliveries/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Delivery only (docs/architecture/api-keys.md "Delivery only") on a real migrated database: a
// quote accepted once whatever the parallel accepts (the same Idempotency-Key or others), its fee
// charged to the owner's card once (the test provider's) and paid to the courier who delivers it,
// a cancel before pickup refunding it whole to the card, and the tracking read. How a delivery is
// paid, and what cannot pay it: payment.test.ts.

setUpTestDatabase({ DISPATCH_OFFER_SECONDS: "30", TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  post: await import("../ledger/post"),
  check: await import("../ledger/check"),
  manage: await import("../restaurants/manage"),
  idempotency: await import("../web/idempotency"),
  quote: await import("./quote"),
  accept: await import("./accept"),
  pay: await import("./pay"),
  tokens: await import("../payments/providers/test/provider"),
  methods: await import("../payments/methods"),
  cancel: await import("./cancel"),
  read: await import("./read"),
  jobAccept: await import("../courier-steps/accept"),
  arrived: await import("../courier-steps/arrived"),
  pickedUp: await import("../courier-steps/picked-up"),
  delivered: await import("../courier-steps/delivered"),
};

const HERE = { lat: 61.2176, lng: -149.8997 };
const north = (km: number) => ({ lat: HERE.lat + km / 111.32, lng: HERE.lng });
const FEE = checkoutDeliveryFeeCents("standard");

/** An owner whose default card is the test provider's 4242 (a restaurant with no earnings: its deliveries are charged to it), and their restaurant. */
async function shop() {
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: HERE });
  const token = await m.tokens.tokenize({ number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(owner, { paymentMethodId: token.id, makeDefault: true });
  return { owner, restaurantId: restaurant.id };
}

const input = (over: Record<string, unknown> = {}) =>
  deliveryQuoteInputSchema.parse({
    dropoff: { name: "Rosa Diaz", phone: "9075550123", street: "5 Birch Ln", city: "Anchorage", state: "AK", zip: "99501", notes: "Blue door", location: north(2) },
    orderValue: 31.5,
    reference: "POS-77",
    ...over,
  });

const balance = (restaurantId: number) => m.post.balanceOf(m.sql.plainSql(), m.post.account.restaurant(restaurantId));
/** POST /api/manage/{id}/deliveries as its route runs it: paid (pay.ts requestDelivery), the accept in the Idempotency-Key's transaction. */
const accept = (owner: { id: number; guestAccount: boolean }, restaurantId: number, quoteId: string, key: string | null, payWith?: PayWith) =>
  m.pay.requestDelivery(owner, restaurantId, { quoteId, payWith }, (payment) =>
    m.idempotency.idempotent(
      { userId: owner.id, name: `deliveries.accept.${restaurantId}`, key, request: { quoteId, payWith } },
      async (sql) => ({
        status: 201,
        body: await m.read.readDelivery(owner, restaurantId, await m.accept.acceptDelivery(sql, owner, restaurantId, { quoteId, payWith }, payment), m.sql.prismaOf(sql)),
      }),
      { prisma: true },
    ),
  );
const paymentsOf = (orderId: number) => m.db.ledgerEntry.count({ where: { orderId, kind: "payment" } });
/** The order's card payments by state (the test provider's). */
const cardPaymentsOf = async (ownerId: number) =>
  (await m.db.payment.findMany({ where: { userId: ownerId }, orderBy: { id: "asc" } })).map((row) => ({
    state: row.state,
    orderId: row.orderId,
    captured: row.capturedCents,
    refunded: row.refundedCents,
  }));

async function courier(at: { lat: number; lng: number }, name = "Luis") {
  await m.db.courierState.updateMany({ data: { onShift: false } });
  const user = await m.db.user.create({ data: { firstName: name, courier: true } });
  await m.db.courierState.create({ data: { userId: user.id, onShift: true, ...at, positionAt: new Date() } });
  return { id: user.id, firstName: name };
}

describe("delivery only", () => {
  it("quotes the checkout's delivery fee with pickup and drop-off estimates, and writes no money", async () => {
    const { owner, restaurantId } = await shop();
    const now = new Date();
    const quote = await m.quote.quoteDelivery(owner, restaurantId, input({ tip: 3 }), now);
    expect(quote).toMatchObject({ fee: FEE / 100, tip: 3, total: (FEE + 300) / 100, distanceKm: 2 });
    expect(new Date(quote.pickupEta).getTime()).toBeGreaterThan(now.getTime());
    expect(new Date(quote.dropoffEta).getTime()).toBeGreaterThan(new Date(quote.pickupEta).getTime());
    expect(new Date(quote.expiresAt).getTime() - now.getTime()).toBe(5 * 60_000);
    expect(await balance(restaurantId)).toBe(0);
    // Beyond the radius: a 422 naming the drop-off; a pickup time too far ahead: a 400 naming it.
    await expect(m.quote.quoteDelivery(owner, restaurantId, input({ dropoff: { ...input().dropoff, location: north(30) } }))).rejects.toMatchObject({
      status: 422,
      errors: { dropoff: expect.stringContaining("30 km away") },
    });
    await expect(m.quote.quoteDelivery(owner, restaurantId, input({ dropoff: { ...input().dropoff, location: north(30) } }))).rejects.toMatchObject({
      message: expect.stringMatching(/^The drop-off is 30 km away; .+ delivers within \d+(\.\d)? km$/),
    });
    const later = new Date(now.getTime() + 3 * 3600_000).toISOString();
    await expect(m.quote.quoteDelivery(owner, restaurantId, input({ pickupTime: later }), now)).rejects.toMatchObject({
      status: 400,
      errors: { pickupTime: expect.any(String) },
    });
    // Another owner's restaurant: 404.
    const stranger = await m.db.user.create({ data: { firstName: "Stranger", restaurantOwner: true } });
    await expect(m.quote.quoteDelivery(stranger, restaurantId, input())).rejects.toMatchObject({ status: 404 });
  });

  it("charges the fee once however many accepts race, with one Idempotency-Key or several", async () => {
    const { owner, restaurantId } = await shop();
    await courier(north(0.3));
    const { quoteId } = await m.quote.quoteDelivery(owner, restaurantId, input());
    // The same key, six times at once: one delivery, every answer the same.
    const same = await Promise.all(Array.from({ length: 6 }, () => accept(owner, restaurantId, quoteId, "pos-order-77")));
    expect(new Set(same.map((answer) => JSON.stringify(answer)))).toHaveProperty("size", 1);
    const delivery = same[0]!.body as Awaited<ReturnType<typeof m.read.readDelivery>>;
    expect(delivery).toMatchObject({
      quoteId,
      status: "finding_courier",
      fee: FEE / 100,
      reference: "POS-77",
      trackingUrl: expect.stringMatching(/\/track\/[\w-]{32}$/),
    });
    // Other keys (another till retrying its own way), at once: each a 409, nothing charged again.
    const others = await Promise.allSettled(Array.from({ length: 4 }, (_, i) => accept(owner, restaurantId, quoteId, `other-${i}`)));
    expect(others.map((result) => (result.status === "rejected" ? (result.reason as { status: number }).status : 201))).toEqual([409, 409, 409, 409]);
    // Charged to the card once: the order's authorization captured; every other request's released. The balance is untouched.
    const payments = await cardPaymentsOf(owner.id);
    expect(payments.filter((row) => row.state === "captured")).toEqual([{ state: "captured", orderId: delivery.orderId, captured: FEE, refunded: 0 }]);
    expect(payments.filter((row) => row.state !== "captured").every((row) => row.state === "voided" && row.orderId === null)).toBe(true);
    expect(await balance(restaurantId)).toBe(0);
    expect(await paymentsOf(delivery.orderId!)).toBe(1);
    expect(await m.db.order.count({ where: { restaurantId } })).toBe(1);
    expect(await m.check.ledgerProblems(m.sql.plainSql())).toEqual([]);
  });

  it("is offered like any job; the courier delivers it, is paid the fee, and the tracking read follows", async () => {
    const { owner, restaurantId } = await shop();
    const luis = await courier(north(0.3));
    // The restaurant's webhook receiver hears each stage, as of any order's (with the orderId the delivery names).
    const endpoint = await m.db.webhookEndpoint.create({
      data: { restaurantId, url: "https://pos.example/hooks", events: "order.stage_changed,order.cancelled", secret: "sealed" },
    });
    const { quoteId } = await m.quote.quoteDelivery(owner, restaurantId, input({ tip: 2 }));
    const delivery = (await accept(owner, restaurantId, quoteId, "k1")).body as Awaited<ReturnType<typeof m.read.readDelivery>>;
    const token = delivery.trackingUrl.split("/track/")[1]!;
    const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: delivery.orderId! } });
    expect(job).toMatchObject({ state: "offered", courierId: luis.id, payCents: FEE + 200, dropoffAddress: "5 Birch Ln, Anchorage, AK 99501", itemsCount: 0 });
    expect(job.instructions).toBe("Delivery only, order POS-77 · Blue door · Rosa Diaz, 9075550123");
    expect(await m.read.trackDelivery(token)).toMatchObject({ status: "finding_courier", recipient: "Rosa", dropoffArea: "Anchorage, AK 99501", courier: null });

    await m.jobAccept.acceptJob(luis, job.id);
    expect(await m.read.trackDelivery(token)).toMatchObject({ status: "courier_assigned", courier: { firstName: "Luis" } });
    await m.db.courierState.update({ where: { userId: luis.id }, data: { ...HERE, positionAt: new Date() } });
    await m.arrived.arrivedAtPickup(luis, job.id);
    await m.pickedUp.pickedUp(luis, job.id, new Date(), { handedOver: true });
    // Picked up: a cancel is too late.
    await expect(m.cancel.cancelDelivery(owner, restaurantId, delivery.id)).rejects.toMatchObject({
      status: 409,
      message: "The courier has already picked this delivery up, so it can no longer be canceled",
    });
    const riding = await m.read.trackDelivery(token);
    expect(riding).toMatchObject({ status: "picked_up", eta: { from: expect.any(String) } });
    expect(JSON.stringify(riding)).not.toContain("Birch");
    expect(JSON.stringify(riding)).not.toContain("9075550123");
    await m.db.courierState.update({ where: { userId: luis.id }, data: { ...north(2), positionAt: new Date() } });
    await m.delivered.deliveredJob(luis, job.id);

    expect(await m.read.readDelivery(owner, restaurantId, delivery.id)).toMatchObject({ status: "delivered", courier: { firstName: "Luis" }, refunded: 0 });
    const hooks = await m.db.webhookMessage.findMany({ where: { endpointId: endpoint.id }, orderBy: { id: "asc" } });
    expect(hooks.map((hook) => [hook.eventType, (JSON.parse(hook.payload) as { data: { orderId: number; stage: string } }).data])).toEqual(
      ["accepted", "out_for_delivery", "delivered"].map((stage) => ["order.stage_changed", { orderId: delivery.orderId, restaurantId, stage }]),
    );
    expect((await m.read.trackDelivery(token)).steps.map((step) => step.stage)).toEqual(["accepted", "out_for_delivery", "delivered"]);
    // Paid up front by the owner's card: the courier is paid what came in, the restaurant's balance never moved.
    expect(await balance(restaurantId)).toBe(0);
    expect(await cardPaymentsOf(owner.id)).toEqual([{ state: "captured", orderId: delivery.orderId, captured: FEE + 200, refunded: 0 }]);
    expect(await m.post.balanceOf(m.sql.plainSql(), m.post.account.courier(luis.id))).toBe(FEE + 200);
    expect(await m.post.balanceOf(m.sql.plainSql(), m.post.account.clearing)).toBeGreaterThanOrEqual(0);
    expect(await m.check.ledgerProblems(m.sql.plainSql())).toEqual([]);
  });

  it("a cancel before pickup gives the whole fee back to the card and frees the courier; a second cancel is a 409", async () => {
    const { owner, restaurantId } = await shop();
    const luis = await courier(north(0.3));
    const { quoteId } = await m.quote.quoteDelivery(owner, restaurantId, input());
    const delivery = (await accept(owner, restaurantId, quoteId, null)).body as Awaited<ReturnType<typeof m.read.readDelivery>>;
    const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: delivery.orderId! } });
    await m.jobAccept.acceptJob(luis, job.id);
    expect(await cardPaymentsOf(owner.id)).toEqual([{ state: "captured", orderId: delivery.orderId, captured: FEE, refunded: 0 }]);
    const canceled = await m.cancel.cancelDelivery(owner, restaurantId, delivery.id);
    expect(canceled).toMatchObject({ status: "canceled", paidWith: "card", refunded: FEE / 100 });
    // Refunded to the card through the provider once the cancel committed, exactly what was taken.
    expect(await cardPaymentsOf(owner.id)).toEqual([{ state: "captured", orderId: delivery.orderId, captured: FEE, refunded: FEE }]);
    expect(await balance(restaurantId)).toBe(0);
    expect(await m.db.deliveryJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ state: "canceled" });
    expect((await m.db.courierState.findUniqueOrThrow({ where: { userId: luis.id } })).activeJobs).toBe(0);
    await expect(m.cancel.cancelDelivery(owner, restaurantId, delivery.id)).rejects.toMatchObject({ status: 409 });
    expect(await balance(restaurantId)).toBe(0);
    // An accepted quote is taken; an unknown one is a 404; an expired one a 409.
    await expect(accept(owner, restaurantId, quoteId, null)).rejects.toMatchObject({
      status: 409,
      message: "This quote was already accepted: read the delivery it became",
    });
    await expect(accept(owner, restaurantId, "q_unknown", null)).rejects.toMatchObject({ status: 404 });
    const old = await m.quote.quoteDelivery(owner, restaurantId, input(), new Date(Date.now() - 6 * 60_000));
    await expect(accept(owner, restaurantId, old.quoteId, null)).rejects.toMatchObject({ status: 409, message: inEnglish(DELIVERY_SAID.quoteExpired) });
    expect(await m.check.ledgerProblems(m.sql.plainSql())).toEqual([]);
    // A quote never accepted goes an hour after it expired (when the restaurant asks for another); an accepted one stays.
    await m.db.deliveryRequest.update({ where: { quoteId: old.quoteId }, data: { expiresAt: new Date(Date.now() - 61 * 60_000) } });
    await m.quote.quoteDelivery(owner, restaurantId, input());
    expect(await m.db.deliveryRequest.count({ where: { quoteId: { in: [old.quoteId, quoteId] } } })).toBe(1);
  });
});
