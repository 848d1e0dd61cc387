import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { problemDecisionSchema, problemReportSchema } from "@/lib/contract/problems/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";

// Packed and sealed (docs/architecture/problem-reports.md "Packed and sealed") on a real migrated
// database (SQLite, and PostgreSQL with `npm run test:postgres -- lib/server/problems/packed-sealed.test.ts`):
// the kitchen ticks lines packed (who and when) and counts the bags; a missing-item claim on a
// packed line of an order the courier picked up sealed goes to Nosh support with that trail, the
// restaurant's balance untouched; the operator's decision charges the side it names, once.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  wallet: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  accept: await import("../orders/accept"),
  packing: await import("../orders/packing"),
  complete: await import("../orders/complete"),
  check: await import("../ledger/check"),
  post: await import("../ledger/post"),
  paid: await import("../orders/testing/place-paid"),
  report: await import("./report"),
  operator: await import("./decide-as-operator"),
  owner: await import("./decide-as-owner"),
};

const inTx = <T>(work: (sql: import("../platform/sql").Sql) => Promise<T>) => m.db.$transaction((tx) => work(m.sql.sqlOf(tx)));
const balance = (account: string) => inTx((sql) => m.post.balanceOf(sql, account));
// 19:02 in Los Angeles.
const PACKED_AT = new Date("2026-11-26T03:02:00Z");

async function customer(): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  await inTx((sql) => m.wallet.moveWallet(sql, { userId: user.id, amountCents: 20_000, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function shop() {
  const owner = await m.db.user.create({ data: { firstName: "Ana", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = (name: string, priceCents: number) =>
    m.db.menuItem.create({ data: { restaurantId: restaurant.id, name, description: "d", priceCents, foodImage: "/d.webp", foodType: "entree" } });
  return { owner, restaurant, burger: await dish("Burger", 1_800), fries: await dish("Fries", 300) };
}

/** An order of a burger and 2 fries, accepted, packed in 2 bags (every line ticked unless `pack` says which), delivered by `courierId`, who counted `bagsConfirmed`. */
async function packedOrder(s: Awaited<ReturnType<typeof shop>>, user: User, courierId: number, bagsConfirmed: number, pack?: "burger") {
  const input = placeOrderSchema.parse({
    restaurantId: s.restaurant.id,
    items: [
      { menuItemId: s.burger.id, quantity: 1 },
      { menuItemId: s.fries.id, quantity: 2 },
    ],
    submit: { deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" },
  });
  const order = await m.paid.placePaid(user, { cart: input }, input.submit!);
  // Before the kitchen accepts it: nothing to pack yet.
  await expect(m.packing.setPacking(s.owner, s.restaurant.id, order.id, { bags: 2 })).rejects.toMatchObject({ status: 409 });
  await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
  const [burger, fries] = await m.db.orderItem.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
  const lines = (pack === "burger" ? [burger!] : [burger!, fries!]).map((line) => ({ orderItemId: line.id, packed: true }));
  const packing = await m.packing.setPacking(s.owner, s.restaurant.id, order.id, { lines, bags: 2 }, PACKED_AT);
  await m.db.deliveryJob.create({
    data: {
      orderId: order.id,
      restaurantId: s.restaurant.id,
      userId: user.id,
      state: "delivered",
      courierId,
      payCents: order.deliveryFeeCents + order.tipCents,
      pickupLat: 0,
      pickupLng: 0,
      dropoffLat: 0,
      dropoffLng: 0,
      dropoffAddress: "1 Main St",
      itemsCount: 3,
    },
  });
  await m.db.order.update({ where: { id: order.id }, data: { bagsConfirmed } });
  await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
  return { order, burger: burger!, fries: fries!, packing };
}

const missingFries = (friesId: number) => problemReportSchema.parse({ lines: [{ orderItemId: friesId, quantity: 1, reason: "missing" }] });

describe("packed and sealed", () => {
  it("the kitchen ticks lines with who and when, and counts the bags", async () => {
    const s = await shop();
    const courier = await m.db.user.create({ data: { firstName: "Luis", courier: true } });
    const { packing, order, fries } = await packedOrder(s, await customer(), courier.id, 2);
    expect(packing).toMatchObject({ bags: 2, summary: "packed 2/2, Ana, 7:02 PM" });
    expect(packing.lines.map((line) => line.packedBy)).toEqual(["Ana", "Ana"]);
    // Read back as the board and the ticket do; delivered, it is no longer packed.
    expect(await m.packing.readPacking(s.owner, s.restaurant.id, order.id)).toMatchObject({ bags: 2, bagsConfirmed: 2, summary: "packed 2/2, Ana, 7:02 PM" });
    await expect(m.packing.setPacking(s.owner, s.restaurant.id, order.id, { lines: [{ orderItemId: fries.id, packed: false }] })).rejects.toMatchObject({ status: 409 });
    // Another restaurant's owner: 404, like a missing order.
    const other = await shop();
    await expect(m.packing.readPacking(other.owner, other.restaurant.id, order.id)).rejects.toMatchObject({ status: 404 });
  });

  it("a missing-item claim on a packed line picked up sealed goes to Nosh support with the trail; the operator's decision charges the courier, once under parallel requests", async () => {
    const s = await shop();
    const ada = await customer();
    const courier = await m.db.user.create({ data: { firstName: "Luis", courier: true } });
    const { order, fries } = await packedOrder(s, ada, courier.id, 2);
    const restaurantAccount = m.post.account.restaurant(s.restaurant.id);
    const courierAccount = m.post.account.courier(courier.id);
    const [restaurantBefore, courierBefore, walletBefore] = await Promise.all([
      balance(restaurantAccount),
      balance(courierAccount),
      balance(m.post.account.wallet(ada.id)),
    ]);

    // A small claim, approved at once on an order not sealed (below): here it waits for support.
    const claim = await m.report.submitProblem(ada, order.id, missingFries(fries.id), null);
    expect(claim).toMatchObject({ status: "escalated", refund: null, decidedBy: null });
    expect(claim.sealed).toMatchObject({
      summary: "packed 2/2, Ana, 7:02 PM",
      bags: 2,
      bagsConfirmed: 2,
      lines: [{ orderItemId: fries.id, name: "Fries", packedBy: "Ana" }],
    });
    expect(await balance(restaurantAccount)).toBe(restaurantBefore);
    // The owner is not asked, and cannot choose who pays.
    await expect(
      m.owner.decideAsOwner(s.owner, s.restaurant.id, claim.id, problemDecisionSchema.parse({ decision: "approve_all", chargeTo: "restaurant" })),
    ).rejects.toMatchObject({ status: 400, errors: { chargeTo: "Nosh support chooses who is charged" } });

    const operators = await Promise.all(["Nia", "Omar", "Pat", "Quinn", "Rae"].map((firstName) => m.db.user.create({ data: { firstName, operator: true } })));
    const decision = problemDecisionSchema.parse({ decision: "approve_all", chargeTo: "courier" });
    const results = await Promise.allSettled(operators.map((operator) => m.operator.decideAsOperator(operator, claim.id, decision)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 409 });
    const decided = (results.find((result) => result.status === "fulfilled") as PromiseFulfilledResult<{ refund: { amount: number } | null; chargedTo: string | null }>)
      .value;
    expect(decided.chargedTo).toBe("courier");
    const refundCents = Math.round(decided.refund!.amount * 100);
    expect(await balance(m.post.account.wallet(ada.id))).toBe(walletBefore + refundCents);
    // The fries' $3.00 from the courier (their service fee share from the platform); the restaurant untouched.
    expect(await balance(courierAccount)).toBe(courierBefore - 300);
    expect(await balance(restaurantAccount)).toBe(restaurantBefore);
    expect(await m.db.ledgerEntry.count({ where: { key: `problem:${claim.id}:refund` } })).toBe(1);
    expect(await inTx((sql) => m.check.ledgerProblems(sql))).toEqual([]);
  });

  it("charged to the platform, the restaurant and courier keep theirs; an unsealed pickup or an unpacked line is the usual claim", async () => {
    const s = await shop();
    const courier = await m.db.user.create({ data: { firstName: "Luis", courier: true } });
    const restaurantAccount = m.post.account.restaurant(s.restaurant.id);
    const courierAccount = m.post.account.courier(courier.id);

    const sealed = await packedOrder(s, await customer(), courier.id, 2);
    const claim = await m.report.submitProblem(
      await m.db.user.findUniqueOrThrow({ where: { id: sealed.order.userId } }),
      sealed.order.id,
      missingFries(sealed.fries.id),
      null,
    );
    const [restaurantBefore, courierBefore] = await Promise.all([balance(restaurantAccount), balance(courierAccount)]);
    const operator = await m.db.user.create({ data: { firstName: "Nia", operator: true } });
    const decided = await m.operator.decideAsOperator(operator, claim.id, problemDecisionSchema.parse({ decision: "approve_all", chargeTo: "platform" }));
    expect(decided).toMatchObject({ status: "approved", chargedTo: "platform" });
    expect([await balance(restaurantAccount), await balance(courierAccount)]).toEqual([restaurantBefore, courierBefore]);

    // The courier counted 1 bag of 2: not sealed, the small claim is approved at once as before.
    const ada = await customer();
    const opened = await packedOrder(s, ada, courier.id, 1);
    expect(await m.report.submitProblem(ada, opened.order.id, missingFries(opened.fries.id), null)).toMatchObject({
      status: "approved",
      decidedBy: "auto",
      sealed: null,
    });
    // Sealed, but the fries were never ticked packed: the usual claim too.
    const bea = await customer();
    const unticked = await packedOrder(s, bea, courier.id, 2, "burger");
    expect(await m.report.submitProblem(bea, unticked.order.id, missingFries(unticked.fries.id), null)).toMatchObject({ status: "approved", sealed: null });
    expect(await inTx((sql) => m.check.ledgerProblems(sql))).toEqual([]);
  });
});
