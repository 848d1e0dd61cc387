import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { addDays, dateKey, localDateKey } from "@/lib/shared/time/opening-hours";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { problemReportSchema } from "@/lib/contract/problems/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";

// Insights' net revenue is what the ledger settled, so the insights page and the
// payouts page agree for the same days: orders placed and delivered through the real checkout and
// transitions (so the ledger has their payment, settlement and refund entries), the commission
// changed between them, one refunded by a problem report, one canceled, one still open, and a
// payout; on SQLite, and PostgreSQL under pg-vitest / `npm run test:postgres`.

// No hold on earnings, so a payout can be made in the range at once.
setUpTestDatabase({ EARNINGS_HOLD_SECONDS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  wallet: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  place: await import("../orders/place"),
  cancel: await import("../orders/cancel"),
  complete: await import("../orders/complete"),
  paid: await import("../orders/testing/place-paid"),
  report: await import("../problems/report"),
  check: await import("../ledger/check"),
  insights: await import("./read"),
  payouts: await import("../payouts/restaurant"),
};

const inTx = <T>(work: (sql: import("../platform/sql").Sql) => Promise<T>) => m.db.$transaction((tx) => work(m.sql.sqlOf(tx)));
const cents = (dollars: number) => Math.round(dollars * 100);

async function customer(firstName: string, walletCents = 50_000): Promise<User> {
  const user = await m.db.user.create({ data: { firstName } });
  if (walletCents) await inTx((sql) => m.wallet.moveWallet(sql, { userId: user.id, amountCents: walletCents, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

describe("insights' net revenue", () => {
  it("is what the ledger settled in the range, the payouts page's net: each order at the rate it was charged, less refunds", async () => {
    const owner = await m.db.user.create({ data: { firstName: "Owner", email: "owner-net@example.com", emailVerifiedAt: new Date(), restaurantOwner: true } });
    const created = await m.manage.createRestaurant(owner, restaurantInput());
    const restaurant = await m.db.restaurant.findUniqueOrThrow({ where: { id: created.id } });
    const dish = (name: string, priceCents: number) =>
      m.db.menuItem.create({ data: { restaurantId: restaurant.id, name, description: "d", priceCents, foodImage: "/d.webp", foodType: "entree" } });
    const burger = await dish("Burger", 1_800);
    const fries = await dish("Fries", 300);
    const ada = await customer("Ada");
    const dev = await m.db.user.create({ data: { firstName: "Dev", courier: true } });
    const setCommission = (commissionPercent: number | null) => m.db.restaurant.update({ where: { id: restaurant.id }, data: { commissionPercent } });

    // 1 burger and 2 fries (subtotal 24.00).
    const place = (deliveryOption: "standard" | "pickup", paymentMethod: "wallet" | "card") => {
      const input = placeOrderSchema.parse({
        restaurantId: restaurant.id,
        items: [
          { menuItemId: burger.id, quantity: 1 },
          { menuItemId: fries.id, quantity: 2 },
        ],
        submit: { deliveryOption, tipPercent: 15, paymentMethod },
      });
      // A card is authorized by the test provider first (the demo card), as POST /api/orders does; the close captures it.
      return m.paid.placePaid(ada, { cart: input }, input.submit!);
    };
    const deliver = (orderId: number) => m.complete.closeIncomingOrder(owner, restaurant.id, orderId, "Completed");

    // At the platform's default (15%), delivered by the restaurant's own staff: the fees and tip are its share too.
    const own = await place("standard", "wallet");
    await deliver(own.id);
    // At 5%, delivered by a courier (the fees and tip are the courier's).
    await setCommission(5);
    const byCourier = await place("standard", "card");
    await m.db.deliveryJob.create({
      data: {
        orderId: byCourier.id,
        restaurantId: restaurant.id,
        userId: ada.id,
        state: "delivered",
        courierId: dev.id,
        payCents: byCourier.deliveryFeeCents + byCourier.priorityFeeCents + byCourier.tipCents,
        pickupLat: 0,
        pickupLng: 0,
        dropoffLat: 0,
        dropoffLng: 0,
        dropoffAddress: "1 Main St",
        itemsCount: 3,
      },
    });
    await deliver(byCourier.id);
    // At 25%: a pickup delivered, one canceled (nothing settled), one still open (nothing settled yet).
    await setCommission(25);
    const pickup = await place("pickup", "wallet");
    await deliver(pickup.id);
    const canceled = await place("pickup", "wallet");
    await m.cancel.cancelOrder(ada, canceled.id);
    await place("pickup", "card");

    // A problem report on the first order (one of its fries missing): a small claim, approved at once, refunded.
    const friesLine = await m.db.orderItem.findFirstOrThrow({ where: { orderId: own.id, name: "Fries" } });
    const problem = await m.report.submitProblem(
      ada,
      own.id,
      problemReportSchema.parse({ lines: [{ orderItemId: friesLine.id, quantity: 1, reason: "missing" }] }),
      null,
    );
    expect(problem.status).toBe("approved");
    // A payout moves the restaurant's account too, but is no revenue.
    await m.payouts.payOutRestaurant(owner, restaurant.id, 1_000);

    // The same days on both pages: yesterday to tomorrow, the restaurant's.
    const today = localDateKey(new Date(), restaurant.timeZone);
    const shift = (days: number) => dateKey(addDays({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)), day: Number(today.slice(8, 10)) }, days));
    const range = { from: shift(-1), to: shift(1) };
    const payoutsPage = await m.payouts.restaurantPayouts(owner, restaurant.id, range);
    const insights = await m.insights.getInsights(owner, restaurant.id, range);

    // The payouts page: three delivered orders, each at the rate it was charged; the problem's refund; the payout.
    const orders = payoutsPage.entries.filter((entry) => entry.kind === "order");
    expect(orders.map((entry) => [entry.orderId, entry.commissionRate])).toEqual([
      [own.id, 15],
      [byCourier.id, 5],
      [pickup.id, 25],
    ]);
    const refunds = payoutsPage.entries.filter((entry) => entry.kind === "refund");
    expect(refunds).toEqual([expect.objectContaining({ orderId: own.id, reason: expect.stringContaining(`Problem report #${problem.id}`) })]);
    expect(refunds[0]!.net).toBeLessThan(0);
    expect(payoutsPage.entries.filter((entry) => entry.kind === "payout")).toHaveLength(1);

    // Each order's share: subtotal less its commission (floored), plus the fees and tip when no courier carried it.
    const fees = (order: typeof own) => order.deliveryFeeCents + order.priorityFeeCents + order.tipCents;
    expect(fees(own)).toBeGreaterThan(fees(pickup));
    expect(fees(pickup)).toBeGreaterThan(0); // its tip
    const shares = [2_400 - 360 + fees(own), 2_400 - 120, 2_400 - 600 + fees(pickup)];
    expect(orders.map((entry) => cents(entry.net))).toEqual(shares);
    const settled = payoutsPage.entries.filter((entry) => entry.kind !== "payout").reduce((sum, entry) => sum + cents(entry.net), 0);
    expect(settled).toBe(shares.reduce((sum, share) => sum + share, 0) + cents(refunds[0]!.net));

    // Insights agree with it, for the range and day by day (each entry on its local day).
    expect(insights.netRevenueCents).toBe(settled);
    const netOn = (entries: typeof payoutsPage.entries, day: string) =>
      entries.filter((entry) => entry.kind !== "payout" && entry.day === day).reduce((sum, entry) => sum + cents(entry.net), 0);
    expect(insights.days.map((day) => [day.day, day.netRevenueCents])).toEqual([range.from, today, range.to].map((day) => [day, netOn(payoutsPage.entries, day)]));
    // The other figures still count the orders: three sold (the open one is not accepted yet), 24.00 each.
    expect(insights).toMatchObject({ orders: 3, revenueCents: 7_200, refunds: { reports: 1 } });

    // Each day alone agrees too (a day with nothing settled is zero on both).
    for (const day of [range.from, today, range.to]) {
      const one = { from: day, to: day };
      const page = await m.payouts.restaurantPayouts(owner, restaurant.id, one);
      expect((await m.insights.getInsights(owner, restaurant.id, one)).netRevenueCents).toBe(netOn(page.entries, day));
    }
    expect(await inTx((sql) => m.check.ledgerProblems(sql))).toEqual([]);
  });
});
