import { describe, expect, it } from "vitest";
import { phoneOrderInputSchema } from "@/lib/contract/orders/phone-order-rules";
import { setUpTestDatabase } from "../platform/testing/db";

// A phone order paid by a card over a payment link (docs/architecture/phone-orders.md "Paid by a
// link"), on a real migrated database (SQLite, or PostgreSQL under npm run test:postgres): placed as
// a card order that moves no money, held as a held order is (the board's "Waiting for payment", no
// step past accepted), its link showing only the restaurant, the dishes and the total, paid once of
// 20 requests at once, a decline leaving it payable, and canceled by the unpaid sweep once expired
// with nothing charged; the ledger balanced throughout.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0", HELD_ORDER_MINUTES: "30" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  phone: await import("../orders/phone-order"),
  accept: await import("../orders/accept"),
  ready: await import("../orders/ready"),
  incoming: await import("../orders/incoming"),
  unpaid: await import("../orders/unpaid"),
  provider: await import("./providers/test/provider"),
  link: await import("./pay-link"),
  check: await import("../ledger/check"),
  fixtures: await import("../platform/testing/fixtures"),
  offers: await import("../dispatch/queries/offers"),
};

type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;
const minutesFrom = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

async function linkOrder(s: Shop, now = new Date(), over: Record<string, unknown> = {}) {
  const input = phoneOrderInputSchema.parse({
    name: "Rosa Diaz",
    phone: "415-555-0134",
    fulfilment: "pickup",
    payment: "link",
    items: [{ menuItemId: s.dish.id, quantity: 2 }],
    ...over,
  });
  const order = await m.sql.sqlTransaction((sql) => m.phone.placePhoneOrder(sql, s.owner, s.restaurant.id, input, now), { prisma: true });
  return { order, token: order.payLink!.url.split("/pay/")[1]! };
}

const cardToken = async (number = "4242424242424242") => (await m.provider.tokenize({ number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" })).id;
const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));
const awaiting = async (s: Shop, orderId: number) => (await m.incoming.getBoard(s.owner, s.restaurant.id)).orders.find((o) => o.id === orderId)?.awaitingPayment ?? false;

describe("a phone order paid by a link", () => {
  it("is placed as a card order that moves no money, held at accepted, and its page shows only the restaurant, the dishes and the total", async () => {
    const s = await m.fixtures.shop();
    const { order, token } = await linkOrder(s);
    expect(order).toMatchObject({ stage: "placed", paymentMethod: "card", phoneOrder: true });
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(await m.db.ledgerEntry.count({ where: { orderId: order.id } })).toBe(0);
    expect(await awaiting(s, order.id)).toBe(true);
    const view = await m.link.readPayLink(token);
    expect(view).toMatchObject({
      restaurant: s.restaurant.name,
      paid: false,
      total: order.totalCents / 100,
      currency: "USD",
      items: [{ name: "Dumplings", quantity: 2, total: 20 }],
    });
    expect(JSON.stringify(view)).not.toMatch(/Rosa|555|0134/);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    await expect(m.ready.markReady(s.owner, s.restaurant.id, order.id)).rejects.toMatchObject({ status: 409, errors: { payment: "Waiting for payment" } });
    await expect(m.link.readPayLink("not-a-token")).rejects.toMatchObject({ status: 404 });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("paid by 20 requests at once: one pays, the others are 409s, the card authorized once and captured on the accepted order", async () => {
    const s = await m.fixtures.shop();
    const { order, token } = await linkOrder(s);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    const card = await cardToken();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => m.link.payByLink(token, { card })));
    const won = results.filter((result) => result.status === "fulfilled");
    expect(won).toHaveLength(1);
    expect(results.flatMap((result) => (result.status === "rejected" ? [(result.reason as { status: number }).status] : []))).toEqual(Array(19).fill(409));
    const intents = await m.db.testProviderIntent.findMany({ where: { cardId: card } });
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amountCents: order.totalCents });
    const payments = await m.db.payment.findMany({ where: { orderId: order.id } });
    expect(payments).toMatchObject([{ state: "captured", capturedCents: order.totalCents }]);
    expect(await awaiting(s, order.id)).toBe(false);
    await m.ready.markReady(s.owner, s.restaurant.id, order.id);
    await expect(m.link.payByLink(token, { card })).rejects.toMatchObject({ status: 409 });
    expect((await m.link.readPayLink(token)).paid).toBe(true);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a declined card leaves the link payable with another; paid before the accept, captured at the accept", async () => {
    const s = await m.fixtures.shop();
    const { order, token } = await linkOrder(s);
    await expect(m.link.payByLink(token, { card: await cardToken("4000000000000002") })).rejects.toMatchObject({ status: 402, errors: { card: expect.any(String) } });
    await expect(m.link.payByLink(token, { card: "pm_unknown12345" })).rejects.toMatchObject({ status: 400, errors: { card: expect.any(String) } });
    await m.link.payByLink(token, { card: await cardToken() });
    expect(await m.db.payment.findFirstOrThrow({ where: { orderId: order.id }, orderBy: { id: "desc" } })).toMatchObject({ state: "authorized" });
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    expect(await m.db.payment.findFirstOrThrow({ where: { orderId: order.id }, orderBy: { id: "desc" } })).toMatchObject({ state: "captured" });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("expired unpaid: the link is a 404, and the sweep cancels the order with nothing charged", async () => {
    const s = await m.fixtures.shop();
    const placedAt = new Date();
    const { order, token } = await linkOrder(s, placedAt);
    const later = minutesFrom(placedAt, 31);
    await expect(m.link.readPayLink(token, later)).rejects.toMatchObject({ status: 404 });
    await expect(m.link.payByLink(token, { card: await cardToken() }, later)).rejects.toMatchObject({ status: 404 });
    // Not yet expired: the sweep leaves it alone.
    expect(await m.unpaid.cancelUnpaidOrders(minutesFrom(placedAt, 29))).toBe(0);
    // (The first test's order, accepted and unpaid, expires too.)
    expect(await m.unpaid.cancelUnpaidOrders(later)).toBeGreaterThanOrEqual(1);
    expect(await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ stage: "rejected", rejectionKey: "payLink", rejectionReason: null });
    expect(await m.db.payment.count({ where: { orderId: order.id } })).toBe(0);
    expect(await m.db.ledgerEntry.count({ where: { orderId: order.id } })).toBe(0);
    await expect(m.link.readPayLink(token)).rejects.toMatchObject({ status: 404 });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a Nosh courier's delivery: its job is offered to no courier until the link is paid", async () => {
    const s = await m.fixtures.shop();
    await m.db.restaurant.update({ where: { id: s.restaurant.id }, data: { lat: 44.05, lng: -123.09 } });
    const address = { fulfilment: "courier", street: "9 Oak St", city: "Springfield", state: "OR", zip: "97403" };
    const { order, token } = await linkOrder(s, new Date(), address);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    const job = await m.db.deliveryJob.findFirstOrThrow({ where: { orderId: order.id } });
    const offered = async () => (await m.sql.sqlTransaction((sql) => m.offers.waitingJobRows(sql, [job.id], false))).map((row) => row.orderId);
    expect(await offered()).toEqual([]);
    await m.link.payByLink(token, { card: await cardToken() });
    expect(await offered()).toEqual([order.id]);
  });
});
