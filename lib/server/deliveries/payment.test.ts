import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { DELIVERY_SAID, type PayWith } from "@/lib/shared/delivery/deliveries";
import { checkoutDeliveryFeeCents } from "@/lib/shared/money/pricing";
import { deliveryQuoteInputSchema } from "@/lib/contract/deliveries/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Paying for a delivery (docs/architecture/api-keys.md "Paying for a delivery") on a real database:
// the red team's attack replayed (an unverified owner's new restaurant asks for two deliveries with
// big tips): refused while nothing can pay, charged up front to the owner's card when one is saved,
// never on credit; the restaurant's own available earnings spent, never more, not even by accepts at
// once; a cancel gives back exactly what was taken, the way it came; a courier is paid only money
// that came in (the owner cannot mark it delivered to keep it); the owner's limit on deliveries on
// their way.

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
  cancel: await import("./cancel"),
  read: await import("./read"),
  tokens: await import("../payments/providers/test/provider"),
  methods: await import("../payments/methods"),
  fixtures: await import("../platform/testing/fixtures"),
  complete: await import("../orders/complete"),
  outForDelivery: await import("../orders/out-for-delivery"),
  payouts: await import("../payouts/restaurant"),
  jobAccept: await import("../courier-steps/accept"),
  arrived: await import("../courier-steps/arrived"),
  pickedUp: await import("../courier-steps/picked-up"),
  delivered: await import("../courier-steps/delivered"),
};

const HERE = { lat: 61.2176, lng: -149.8997 };
const north = (km: number) => ({ lat: HERE.lat + km / 111.32, lng: HERE.lng });
const FEE = checkoutDeliveryFeeCents("standard");
const HOLD_MS = 48 * 3600_000;

/** A new owner (email not verified unless `verified`) and a restaurant made a minute ago, no earnings, no card. */
async function newShop(verified = false) {
  const owner = await m.db.user.create({ data: { firstName: "Owner", emailVerifiedAt: verified ? new Date() : null } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: HERE });
  return { owner, restaurant, id: restaurant.id };
}

async function saveCard(user: User, number: string) {
  const token = await m.tokens.tokenize({ number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
}

const input = (tip: number) =>
  deliveryQuoteInputSchema.parse({
    dropoff: { name: "Rosa Diaz", phone: "9075550123", street: "5 Birch Ln", city: "Anchorage", state: "AK", zip: "99501", location: north(2) },
    orderValue: 31.5,
    tip,
  });

/** POST /api/manage/{id}/deliveries as its route runs it (pay.ts requestDelivery, the accept in the Idempotency-Key's transaction). */
const accept = (owner: User, restaurantId: number, quoteId: string, payWith?: PayWith, now = new Date()) =>
  m.pay
    .requestDelivery(
      owner,
      restaurantId,
      { quoteId, payWith },
      (payment) =>
        m.idempotency.idempotent(
          { userId: owner.id, name: `deliveries.accept.${restaurantId}`, key: null, request: { quoteId, payWith } },
          async (sql) => ({
            status: 201,
            body: await m.read.readDelivery(
              owner,
              restaurantId,
              await m.accept.acceptDelivery(sql, owner, restaurantId, { quoteId, payWith }, payment, now),
              m.sql.prismaOf(sql),
            ),
          }),
          { prisma: true },
        ),
      now,
    )
    .then((answer) => answer.body as Awaited<ReturnType<typeof m.read.readDelivery>>);

const balance = (account: string) => m.post.balanceOf(m.sql.plainSql(), account);
const restaurantBalance = (id: number) => balance(m.post.account.restaurant(id));
const ledgerProblems = () => m.check.ledgerProblems(m.sql.plainSql());
const statusOf = (result: PromiseSettledResult<unknown>) => (result.status === "rejected" ? (result.reason as { status: number }).status : 201);

/** A courier on shift at `at` (every other courier off). */
async function courier(at: { lat: number; lng: number }) {
  await m.db.courierState.updateMany({ data: { onShift: false } });
  const user = await m.db.user.create({ data: { firstName: "Luis", courier: true } });
  await m.db.courierState.create({ data: { userId: user.id, onShift: true, ...at, positionAt: new Date() } });
  return { id: user.id, firstName: "Luis" };
}

/** The courier offered the delivery's job takes it to the drop-off. */
async function deliver(luis: { id: number; firstName: string }, orderId: number) {
  const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId } });
  await m.jobAccept.acceptJob(luis, job.id);
  await m.db.courierState.update({ where: { userId: luis.id }, data: { ...HERE, positionAt: new Date() } });
  await m.arrived.arrivedAtPickup(luis, job.id);
  await m.pickedUp.pickedUp(luis, job.id, new Date(), { handedOver: true });
  await m.db.courierState.update({ where: { userId: luis.id }, data: { ...north(2), positionAt: new Date() } });
  await m.delivered.deliveredJob(luis, job.id);
}

describe("paying for a delivery", () => {
  it("the attack: a new, unverified owner's restaurant with no earnings and no card is refused, and nothing is owed or paid out of Nosh's pocket", async () => {
    const { owner, id } = await newShop();
    // Two requests with big tips ($100 and $50): no quote, a 402 naming payWith; nothing written.
    for (const tip of [100, 50]) {
      await expect(m.quote.quoteDelivery(owner, id, input(tip))).rejects.toMatchObject({
        status: 402,
        message:
          "Nothing can pay for this delivery: your restaurant has no earnings available to cover it and its owner has no saved card. Nosh gives no credit: add a card, or ask once your earnings cover it",
        errors: {
          payWith:
            "Nothing can pay for this delivery: your restaurant has no earnings available to cover it and its owner has no saved card. Nosh gives no credit: add a card, or ask once your earnings cover it",
        },
      });
    }
    expect(await m.db.deliveryRequest.count({ where: { restaurantId: id } })).toBe(0);
    // A quote taken while a card was saved, accepted once it is gone: refused the same way at the accept.
    await saveCard(owner, "4242424242424242");
    const { quoteId, payWith, total } = await m.quote.quoteDelivery(owner, id, input(100));
    expect({ payWith, total }).toEqual({ payWith: "card", total: (FEE + 100_00) / 100 });
    await m.methods.removeCard(owner, (await m.methods.listCards(owner))[0]!.id);
    await expect(accept(owner, id, quoteId)).rejects.toMatchObject({
      status: 402,
      errors: {
        payWith:
          "Nothing can pay for this delivery: your restaurant has no earnings available to cover it and its owner has no saved card. Nosh gives no credit: add a card, or ask once your earnings cover it",
      },
    });
    // Asked to spend earnings it does not have: a 402, never an overdraft.
    await expect(accept(owner, id, quoteId, "earnings")).rejects.toMatchObject({
      status: 402,
      errors: { payWith: "Your restaurant's available earnings cannot cover this delivery's fee and tip: pay it by card" },
    });
    expect(await m.db.deliveryRequest.findUniqueOrThrow({ where: { quoteId } })).toMatchObject({ state: "quoted", orderId: null });
    expect(await m.db.order.count({ where: { restaurantId: id } })).toBe(0);
    expect(await restaurantBalance(id)).toBe(0);
    expect(await m.db.ledgerLine.count({ where: { account: { startsWith: "courier:" } } })).toBe(0);
    expect((await m.payouts.restaurantPayouts(owner, id, null)).owed).toBe(0);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a declined card or one asking for 3-D Secure is a 402 that accepts nothing and releases what was authorized", async () => {
    const { owner, id } = await newShop();
    await saveCard(owner, "4000000000000002");
    const declined = await m.quote.quoteDelivery(owner, id, input(5));
    await expect(accept(owner, id, declined.quoteId)).rejects.toMatchObject({ status: 402, errors: { payWith: expect.stringMatching(/declined/i) } });
    await saveCard(owner, "4000002500003155");
    const challenged = await m.quote.quoteDelivery(owner, id, input(5));
    await expect(accept(owner, id, challenged.quoteId)).rejects.toMatchObject({
      status: 402,
      errors: { payWith: "The owner's card asks for the bank's confirmation, which a delivery request cannot give: make another card the default" },
    });
    expect((await m.db.payment.findMany({ where: { userId: owner.id } })).map((row) => [row.state, row.orderId])).toEqual([
      ["failed", null],
      ["voided", null],
    ]);
    expect(await m.db.deliveryRequest.count({ where: { restaurantId: id, state: "accepted" } })).toBe(0);
    expect(await m.db.ledgerEntry.count()).toBe(0);
  });

  it("with the owner's card: both requests charged up front, tips too; the courier is paid what came in; a cancel refunds the card exactly; a third on its way waits for a verified email", async () => {
    const { owner, id } = await newShop();
    await saveCard(owner, "4242424242424242");
    const luis = await courier(north(0.3));
    const big = await accept(owner, id, (await m.quote.quoteDelivery(owner, id, input(100))).quoteId);
    const other = await accept(owner, id, (await m.quote.quoteDelivery(owner, id, input(50))).quoteId);
    expect([big.paidWith, other.paidWith]).toEqual(["card", "card"]);
    const captured = await m.db.payment.findMany({ where: { userId: owner.id }, orderBy: { id: "asc" } });
    expect(captured.map((row) => [row.orderId, row.state, row.capturedCents])).toEqual([
      [big.orderId, "captured", FEE + 100_00],
      [other.orderId, "captured", FEE + 50_00],
    ]);
    // Until the owner's email is verified, two on their way at once: the third is a 409, nothing charged.
    const third = await m.quote.quoteDelivery(owner, id, input(1));
    await expect(accept(owner, id, third.quoteId)).rejects.toMatchObject({ status: 409, message: inEnglish(DELIVERY_SAID.openMaxUnverified(2)) });
    expect(await m.db.payment.count({ where: { userId: owner.id, state: "captured" } })).toBe(2);

    // The owner cannot take it themselves: the card's money would become the restaurant's own earnings.
    for (const step of [() => m.complete.closeIncomingOrder(owner, id, big.orderId!, "Completed"), () => m.outForDelivery.markOutForDelivery(owner, id, big.orderId!)])
      await expect(step()).rejects.toMatchObject({
        status: 409,
        message: "This order is a delivery request: a Nosh courier carries it. Cancel the request if your own staff take it",
      });
    await deliver(luis, big.orderId!);
    // The courier earned the fee and the $100 tip, exactly what the card paid in; the restaurant owes nothing.
    expect(await balance(m.post.account.courier(luis.id))).toBe(FEE + 100_00);
    const external = await m.db.ledgerLine.aggregate({ _sum: { amountCents: true }, where: { account: "external", entry: { orderId: big.orderId! } } });
    expect(external._sum.amountCents).toBe(-(FEE + 100_00));
    const canceled = await m.cancel.cancelDelivery(owner, id, other.id);
    expect(canceled).toMatchObject({ status: "canceled", refunded: (FEE + 50_00) / 100 });
    expect(await m.db.payment.findFirstOrThrow({ where: { orderId: other.orderId! } })).toMatchObject({ capturedCents: FEE + 50_00, refundedCents: FEE + 50_00 });
    expect(await restaurantBalance(id)).toBe(0);
    expect((await m.payouts.restaurantPayouts(owner, id, null)).owed).toBe(0);
    // Now one is on its way no more: the third goes through.
    expect((await accept(owner, id, third.quoteId)).paidWith).toBe("card");
    expect(await ledgerProblems()).toEqual([]);
  });

  it("from the restaurant's available earnings: not while they are pending, never more than they hold, and a cancel puts back exactly what was taken", async () => {
    const { owner, restaurant, id } = await newShop(true);
    const closedAt = await m.fixtures.earnedCardOrder(owner, restaurant);
    // Just delivered: the $26.00 is pending, not spendable; no card: nothing pays.
    await expect(m.quote.quoteDelivery(owner, id, input(10))).rejects.toMatchObject({ status: 402 });
    const later = new Date(closedAt.getTime() + HOLD_MS + 60_000);
    const first = await m.quote.quoteDelivery(owner, id, input(10), later);
    expect(first).toMatchObject({ payWith: "earnings", card: null, total: (FEE + 10_00) / 100 });
    const paid = await accept(owner, id, first.quoteId, undefined, later);
    expect(paid.paidWith).toBe("earnings");
    expect(await restaurantBalance(id)).toBe(26_00 - FEE - 10_00);
    // What is left ($9.51) does not cover another: a 402, never an overdraft.
    const second = await m.quote.quoteDelivery(owner, id, input(5), later).catch((error: { status: number }) => error);
    expect(second).toMatchObject({ status: 402 });
    expect(await restaurantBalance(id)).toBe(26_00 - FEE - 10_00);
    // Canceled: exactly the fee and tip back to the earnings.
    expect(await m.cancel.cancelDelivery(owner, id, paid.id, later)).toMatchObject({ status: "canceled", paidWith: "earnings", refunded: (FEE + 10_00) / 100 });
    expect(await restaurantBalance(id)).toBe(26_00);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("two accepts at once cannot both spend the same earnings", async () => {
    const { owner, restaurant, id } = await newShop(true);
    const later = new Date((await m.fixtures.earnedCardOrder(owner, restaurant)).getTime() + HOLD_MS + 60_000);
    // Five quotes of $16.49 each against $26.00 available: one is paid, the others refused.
    const quotes = await Promise.all(Array.from({ length: 5 }, () => m.quote.quoteDelivery(owner, id, input(10), later)));
    const results = await Promise.allSettled(quotes.map((quote) => accept(owner, id, quote.quoteId, "earnings", later)));
    expect(results.map(statusOf).sort()).toEqual([201, 402, 402, 402, 402]);
    expect(await restaurantBalance(id)).toBe(26_00 - FEE - 10_00);
    expect(await m.db.deliveryRequest.count({ where: { restaurantId: id, state: "accepted" } })).toBe(1);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("an owner's restaurants have at most DELIVERIES_OPEN_MAX deliveries on their way, counted across them, accepts at once included", async () => {
    const { owner, id } = await newShop(true);
    const second = await m.manage.createRestaurant(owner, restaurantInput());
    await m.db.restaurant.update({ where: { id: second.id }, data: HERE });
    await saveCard(owner, "4242424242424242");
    for (let i = 0; i < 9; i++) await accept(owner, id, (await m.quote.quoteDelivery(owner, id, input(0))).quoteId);
    const racing = await Promise.all([id, second.id, second.id].map(async (at) => ({ at, quoteId: (await m.quote.quoteDelivery(owner, at, input(0))).quoteId })));
    const results = await Promise.allSettled(racing.map(({ at, quoteId }) => accept(owner, at, quoteId)));
    expect(results.map(statusOf).sort()).toEqual([201, 409, 409]);
    expect(results.filter((result) => result.status === "rejected").map((result) => (result.reason as Error).message)).toEqual([
      inEnglish(DELIVERY_SAID.openMax(10)),
      inEnglish(DELIVERY_SAID.openMax(10)),
    ]);
    expect(await m.db.payment.count({ where: { userId: owner.id, state: "captured" } })).toBe(10);
    expect(await m.db.payment.count({ where: { userId: owner.id, state: "authorized" } })).toBe(0);
  });
});
