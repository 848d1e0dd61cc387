import { describe, expect, it } from "vitest";
import { SPEC_PRICING } from "@/lib/shared/money/delivery-pricing";
import { phoneOrderInputSchema } from "@/lib/contract/orders/phone-order-rules";
import { setUpTestDatabase } from "../platform/testing/db";

// Who delivers a phone order (docs/architecture/phone-orders.md "Who delivers"), on a real migrated
// database: the restaurant's own staff (`delivery`) get no Nosh courier job (not at accept, not from
// the undispatched sweep) and the customer pays no Nosh delivery or small-order fee, paid at the
// door or by a link alike; the staff mark it out for delivery and delivered, and the ledger settles
// with no courier's line. A Nosh courier (`courier`) is Nosh's fee, paid by a link, and gets its job.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  post: await import("../ledger/post"),
  check: await import("../ledger/check"),
  fixtures: await import("../platform/testing/fixtures"),
  phone: await import("./phone-order"),
  accept: await import("./accept"),
  ready: await import("./ready"),
  out: await import("./out-for-delivery"),
  deliver: await import("./deliver"),
  json: await import("./to-json"),
  incoming: await import("./incoming"),
  undispatched: await import("./undispatched"),
  provider: await import("../payments/providers/test/provider"),
  link: await import("../payments/pay-link"),
};

type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;
const T0 = new Date();
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const ADDRESS = { street: "9 Oak St", city: "Springfield", state: "OR", zip: "97403" };

/** A shop with a place (so a courier could be sent) under a market rule with a $6.49 delivery fee and a $2.00 small-order fee under $50. */
async function shop(): Promise<Shop> {
  const s = await m.fixtures.shop();
  await m.db.restaurant.update({ where: { id: s.restaurant.id }, data: { lat: 44.05, lng: -123.09 } });
  const rule = JSON.stringify({ ...SPEC_PRICING, flatFeeCents: 649, smallOrderFeeCents: 200, smallOrderUnderCents: 5_000 });
  await m.db.marketPricing.upsert({ where: { id: 1 }, create: { id: 1, rule }, update: { rule } });
  return s;
}

const place = (s: Shop, over: Record<string, unknown>, now = T0) =>
  m.sql.sqlTransaction(
    (sql) =>
      m.phone.placePhoneOrder(
        sql,
        s.owner,
        s.restaurant.id,
        phoneOrderInputSchema.parse({ name: "Rosa Diaz", phone: "415-555-0134", items: [{ menuItemId: s.dish.id, quantity: 2 }], ...ADDRESS, ...over }),
        now,
      ),
    { prisma: true },
  );

const card = async () => (await m.provider.tokenize({ number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" })).id;
const balanced = async () => expect(await m.check.ledgerProblems(m.sql.plainSql())).toEqual([]);
/** The order's ledger lines summed by account. */
async function linesByAccount(orderId: number): Promise<Record<string, number>> {
  const lines = await m.db.ledgerLine.groupBy({ by: ["account"], where: { entry: { orderId } }, _sum: { amountCents: true } });
  return Object.fromEntries(lines.map((line) => [line.account, line._sum.amountCents ?? 0]));
}

/** Accept, ready, out with the staff, delivered: the board's steps for an order with no courier. */
async function deliverWithStaff(s: Shop, orderId: number) {
  await m.accept.acceptOrder(s.owner, s.restaurant.id, orderId, 15, minutes(1));
  expect(await m.db.deliveryJob.count({ where: { orderId } })).toBe(0);
  await m.ready.markReady(s.owner, s.restaurant.id, orderId, minutes(16));
  // Ready for long past the sweep's wait: still no courier, and not canceled.
  expect(await m.undispatched.cancelUndispatchedOrders(minutes(40))).toBe(0);
  await m.out.markOutForDelivery(s.owner, s.restaurant.id, orderId, minutes(41));
  await m.deliver.markDelivered(s.owner, s.restaurant.id, orderId, minutes(60));
  expect(await m.db.deliveryJob.count({ where: { orderId } })).toBe(0);
}

describe("a phone order delivered by the restaurant's own staff", () => {
  it("paid at the door: no Nosh delivery or small-order fee, no courier job ever; the card says who delivers; settled with no courier's share, balanced", async () => {
    const s = await shop();
    const order = await place(s, { fulfilment: "delivery", payment: "door" });
    expect(order).toMatchObject({ staffDelivery: true, pickup: false, paymentMethod: "door", deliveryFeeCents: 0, smallOrderFeeCents: 0, priorityFeeCents: 0 });
    expect(order.serviceFeeCents).toBeGreaterThan(0);
    expect(order.totalCents).toBe(order.subtotalCents + order.serviceFeeCents + order.taxCents - order.discountCents);
    const card = m.json.incomingOrderToJson(await m.incoming.getIncomingOrder(s.owner, s.restaurant.id, order.id));
    expect(card).toMatchObject({ staffDelivery: true, deliveryFee: 0, delivery: null, phoneOrder: { phone: "4155550134" } });

    await deliverWithStaff(s, order.id);
    const lines = await linesByAccount(order.id);
    expect(Object.keys(lines).filter((account) => account.startsWith("courier"))).toEqual([]);
    expect(lines.clearing).toBe(0);
    // The restaurant holds the cash: it owes exactly Nosh's part (service fee, commission) and the tax.
    expect(lines[m.post.account.restaurant(s.restaurant.id)]).toBe(-(lines.platform! + (lines.tax ?? 0)));
    await balanced();
  });

  it("paid by a link: the link's total and lines carry no Nosh delivery fee; paid, cooked and delivered by the staff with no courier job; balanced", async () => {
    const s = await shop();
    const order = await place(s, { fulfilment: "delivery", payment: "link" });
    expect(order).toMatchObject({ staffDelivery: true, paymentMethod: "card", deliveryFeeCents: 0, smallOrderFeeCents: 0 });
    const token = order.payLink!.url.split("/pay/")[1]!;
    const view = await m.link.readPayLink(token);
    expect(view).toMatchObject({ total: order.totalCents / 100, delivery: { by: "restaurant", fee: 0 } });
    await m.link.payByLink(token, { card: await card() });

    await deliverWithStaff(s, order.id);
    expect(await m.db.payment.findFirstOrThrow({ where: { orderId: order.id } })).toMatchObject({ state: "captured", capturedCents: order.totalCents });
    const lines = await linesByAccount(order.id);
    expect(Object.keys(lines).filter((account) => account.startsWith("courier"))).toEqual([]);
    expect(lines.clearing).toBe(0);
    // Paid by card: the restaurant's share is the subtotal less the commission; Nosh keeps the service fee and the commission.
    expect(lines[m.post.account.restaurant(s.restaurant.id)]! + lines.platform! + (lines.tax ?? 0)).toBe(order.totalCents);
    expect(lines.platform).toBe(order.totalCents - order.taxCents - lines[m.post.account.restaurant(s.restaurant.id)]!);
    await balanced();
  });
});

describe("a phone order delivered by a Nosh courier", () => {
  it("is charged Nosh's delivery (and small-order) fee, paid by a link, and gets its courier job at accept", async () => {
    const s = await shop();
    const order = await place(s, { fulfilment: "courier", payment: "link" });
    expect(order).toMatchObject({ staffDelivery: false, paymentMethod: "card", deliveryFeeCents: 649, smallOrderFeeCents: 200 });
    expect((await m.link.readPayLink(order.payLink!.url.split("/pay/")[1]!)).delivery).toEqual({ by: "courier", fee: 6.49 });
    const json = m.json.incomingOrderToJson(await m.incoming.getIncomingOrder(s.owner, s.restaurant.id, order.id));
    expect(json.staffDelivery).toBeUndefined();
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 15, minutes(1));
    expect(await m.db.deliveryJob.count({ where: { orderId: order.id } })).toBe(1);
    await balanced();
  });
});
