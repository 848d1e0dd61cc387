import { describe, expect, it } from "vitest";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// What owners and couriers see of their money (docs/architecture/ledger.md), on a real database:
// a delivered discounted order's gross, commission, discount and net; pending; a payout moves the
// balance out with a reference, at most one in flight, never more than available; the provider's
// webhook marks it paid; another owner sees a 404; a courier's earnings per delivery and per day.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  wallet: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  complete: await import("../orders/complete"),
  accept: await import("../orders/accept"),
  payments: await import("../payments/card-checkout"),
  payouts: await import("./lifecycle"),
  check: await import("../ledger/check"),
  restaurant: await import("./restaurant"),
  courier: await import("./courier"),
  schedule: await import("./schedule"),
  hours: await import("@/lib/shared/time/opening-hours"),
  accounts: await import("./accounts"),
  webhook: await import("./webhook"),
  webhooks: await import("../payments/webhooks"),
  testProvider: await import("../payments/providers/test/provider"),
  testPayouts: await import("../payments/providers/test/payouts"),
  verification: await import("../accounts/email-verification"),
};

/** Marks the account's email verified (payouts wait for it), as its mailed link does. */
const verify = (userId: number) => m.db.user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() } });

/** Payouts waiting sent, the test provider's clock moved on (no delay here) and its webhooks delivered through the route's handler. */
async function settle() {
  await m.payouts.sendPayouts();
  await m.testPayouts.advanceTestPayouts(new Date());
  await m.testProvider.deliverTestWebhooks(async (body, signature) => {
    await m.webhooks.handleWebhook("test", body, signature, new Date(), m.webhook.applyPayoutWebhook);
    return true;
  });
}

/** The payee's test payout account, verified by the provider's webhook (as the demo seed gives the demo's payees). */
async function verifiedAccount(ledgerAccount: string) {
  await m.accounts.savePayoutAccount(ledgerAccount, { holderName: "Ada Lovelace", routingNumber: "110000000", accountNumber: "000123456789" });
  await settle();
  expect(await m.accounts.payoutAccountOf(ledgerAccount)).toMatchObject({ status: "verified", label: "Verified" });
  // A payout waiting for the verification leaves now, and is paid.
  await settle();
}

const inTx = <T>(work: (sql: import("../platform/sql").Sql) => Promise<T>) => m.db.$transaction((tx) => work(m.sql.sqlOf(tx)));
const money = { subtotalCents: 4_000, deliveryFeeCents: 0, priorityFeeCents: 0, serviceFeeCents: 300, tipCents: 0, discountCents: 800 };

/**
 * An order paid by card (wallet money is promotional credit, whose earnings are never paid out),
 * placed as a checkout places it: authorized by the test provider (the account's demo card) through
 * cardCheckout, the order written and the authorization handed in as its payment linked to it in one transaction (as place.ts's
 * payment step does). The card is captured, and its money posted, when the owner accepts or closes it.
 */
async function paidOrder(restaurantId: number, restaurantName: string) {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  const totalCents = money.subtotalCents + money.serviceFeeCents - money.discountCents;
  return m.payments.cardCheckout(
    user,
    { paymentMethod: "card" },
    { fields: "", returnPath: "/checkout" },
    async () => totalCents,
    (payment) =>
      m.db.$transaction(async (tx) => {
        const order = await tx.order.create({
          data: { userId: user.id, restaurantId, restaurantName, stage: "placed", paymentMethod: "card", pickup: true, ...money, totalCents, submittedAt: new Date() },
        });
        await payment.pay(m.sql.sqlOf(tx), { id: order.id, totalCents: totalCents });
        return order;
      }),
  );
}

describe("restaurant payouts", () => {
  it("shows a delivered order's gross, commission, discount and net, pending orders, and pays out once at a time", async () => {
    const owner = await m.db.user.create({ data: { firstName: "Owner", email: "owner-payouts@example.com", restaurantOwner: true } });
    const stranger = await m.db.user.create({ data: { firstName: "Other", restaurantOwner: true } });
    const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
    const delivered = await paidOrder(restaurant.id, restaurant.name);
    const open = await paidOrder(restaurant.id, restaurant.name);
    // Accepted, so its card is captured (payments/sync.ts): its share is pending until it is delivered.
    await m.accept.acceptOrder(owner, restaurant.id, open.id, 20);
    await m.complete.closeIncomingOrder(owner, restaurant.id, delivered.id, "Completed");

    // Just delivered: its net is pending until its 48-hour report window closes, with that date.
    const closedAt = (await m.db.order.findUniqueOrThrow({ where: { id: delivered.id } })).closedAt!;
    const availableAt = new Date(closedAt.getTime() + 48 * 3600 * 1000);
    const justDelivered = await m.restaurant.restaurantPayouts(owner, restaurant.id, null);
    expect(justDelivered).toMatchObject({ available: 0, pending: 52, pendingEarnings: [{ orderId: delivered.id, amount: 26, availableAt: availableAt.toISOString() }] });

    // Once the window has closed: available.
    const later = new Date(availableAt.getTime() + 1_000);
    // No payout until the owner's email is verified: a 403 saying so, nothing changed.
    await expect(m.restaurant.payOutRestaurant(owner, restaurant.id, 2_000, later)).rejects.toMatchObject({
      status: 403,
      message: "Verify your email address first: we sent you a link (resend it from your account)",
    });
    expect(await m.db.payout.count({ where: { account: `restaurant:${restaurant.id}` } })).toBe(0);
    expect(await m.db.ledgerEntry.count({ where: { kind: "payout" } })).toBe(0);
    await verify(owner.id);
    await expect(m.restaurant.payOutRestaurant(owner, restaurant.id, 100)).rejects.toMatchObject({ status: 409, errors: { amount: "You can pay out at most $0.00" } });
    const seen = await m.restaurant.restaurantPayouts(owner, restaurant.id, null, later);
    // 15% of 40.00 = 6.00 commission, 8.00 discount: net 26.00; the open order's share is pending.
    expect(seen).toMatchObject({ available: 26, pending: 26, pendingEarnings: [], inFlight: null, payouts: [] });
    expect(seen.entries).toEqual([expect.objectContaining({ kind: "order", orderId: delivered.id, gross: 40, commission: 6, discount: 8, net: 26 })]);
    await expect(m.restaurant.restaurantPayouts(stranger, restaurant.id, null)).rejects.toMatchObject({ status: 404 });
    await expect(m.restaurant.payOutRestaurant(stranger, restaurant.id, 100)).rejects.toMatchObject({ status: 404 });

    await expect(m.restaurant.payOutRestaurant(owner, restaurant.id, 2_601, later)).rejects.toMatchObject({
      status: 409,
      errors: { amount: "You can pay out at most $26.00" },
    });
    await verifiedAccount(`restaurant:${restaurant.id}`);
    const payout = await m.restaurant.payOutRestaurant(owner, restaurant.id, 2_000, later);
    expect(payout).toMatchObject({ amount: 20, state: "pending", reference: expect.stringMatching(/^PO-\d{8}-[0-9A-F]{6}$/) });
    await expect(m.restaurant.payOutRestaurant(owner, restaurant.id, 100, later)).rejects.toMatchObject({
      status: 409,
      message: inEnglish(m.payouts.PAYOUT_IN_FLIGHT_MESSAGE),
    });
    const after = await m.restaurant.restaurantPayouts(owner, restaurant.id, null, later);
    expect(after).toMatchObject({ available: 6, inFlight: { reference: payout.reference } });
    expect(after.entries.at(-1)).toMatchObject({ kind: "payout", reference: payout.reference, net: -20 });

    // Paid when the provider says so (its webhook); then the next may start.
    await settle();
    expect(await m.db.payout.findUniqueOrThrow({ where: { id: payout.id } })).toMatchObject({ state: "paid", provider: "test" });
    expect((await m.restaurant.restaurantPayouts(owner, restaurant.id, null, later)).inFlight).toBeNull();
    // ... and its owner is told, once per channel, in that transaction (docs/architecture/notifications.md).
    const told = await m.db.notification.findMany({ where: { kind: "payout_made", cause: `payout:${payout.id}` }, orderBy: { channel: "asc" } });
    expect(told.map((row) => [row.userId, row.channel])).toEqual([
      [owner.id, "email"],
      [owner.id, "in_app"],
      [owner.id, "push"],
    ]);
    expect(JSON.parse(told[0]!.payload)).toMatchObject({ amount: 20, note: payout.reference, restaurantId: restaurant.id });
    await m.restaurant.payOutRestaurant(owner, restaurant.id, 600, later);

    let csv = "";
    for await (const chunk of await m.restaurant.payoutsCsv(owner, restaurant.id, after.range)) csv += chunk;
    expect(csv.split("\r\n")[0]).toBe("time,kind,order,reference,gross,commission,discount,net,commission_rate,reason");
    expect(csv).toContain(`,order,${delivered.id},,40.00,6.00,8.00,26.00`);
    expect(await inTx((sql) => m.check.ledgerProblems(sql))).toEqual([]);
  });
});

describe("a weekly payout", () => {
  it("asks for the available balance on the owner's weekday, once a day even with two instances at once; another owner's schedule is a 404", async () => {
    const owner = await m.db.user.create({ data: { firstName: "Owner", email: "owner-weekly@example.com", restaurantOwner: true } });
    const stranger = await m.db.user.create({ data: { firstName: "Other", restaurantOwner: true } });
    const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
    const account = `restaurant:${restaurant.id}`;
    const delivered = await paidOrder(restaurant.id, restaurant.name);
    await m.complete.closeIncomingOrder(owner, restaurant.id, delivered.id, "Completed");
    const closedAt = (await m.db.order.findUniqueOrThrow({ where: { id: delivered.id } })).closedAt!;
    // Two days after the report window has closed: 26.00 available.
    const base = new Date(closedAt.getTime() + 96 * 3600 * 1000);
    // Not in the last hour before the restaurant's midnight: a minute later is still payday, whatever the hour the test runs.
    const nearMidnight = m.hours.localDateKey(new Date(base.getTime() + 3600_000), restaurant.timeZone) !== m.hours.localDateKey(base, restaurant.timeZone);
    const payday = nearMidnight ? new Date(base.getTime() - 3600_000) : base;
    const weekday = m.hours.weekdayOf(m.hours.wallClock(payday, restaurant.timeZone));
    const dayBefore = new Date(payday.getTime() - 24 * 3600 * 1000);

    await expect(m.schedule.setPayoutSchedule(stranger, restaurant.id, { weekday })).rejects.toMatchObject({ status: 404 });
    expect(await m.schedule.payoutScheduleOf(restaurant.id)).toBeNull();
    expect(await m.schedule.setPayoutSchedule(owner, restaurant.id, { weekday })).toEqual({ weekday, skipped: null });
    expect(await m.schedule.payoutScheduleOf(restaurant.id)).toEqual({ weekday, skipped: null });

    // Not its day: nothing.
    await m.schedule.runScheduledPayouts(dayBefore);
    expect(await m.db.payout.count({ where: { account } })).toBe(0);

    // Its day (its 26.00 available) while the owner's email is unverified: skipped, not an error.
    // 36 hours before payday: always another local date (the day it claims is not payday's, whatever the hour the test runs).
    const unverifiedDay = new Date(closedAt.getTime() + 60 * 3600 * 1000);
    expect(await m.schedule.payOutOnSchedule(restaurant.id, m.hours.localDateKey(unverifiedDay, restaurant.timeZone), unverifiedDay)).toBe("unverified");
    expect(await m.db.payout.count({ where: { account } })).toBe(0);
    await verify(owner.id);

    // Payouts go only to a verified payout account: with none, then with one still pending, the
    // day is skipped (not an error), the balance stays, and the page says why.
    const available = () => inTx((sql) => m.payouts.availableOf(sql, account, payday));
    const before = await available();
    expect(await m.schedule.payOutOnSchedule(restaurant.id, "2026-01-02", payday)).toBe("no_account");
    expect(await m.schedule.payoutScheduleOf(restaurant.id)).toEqual({
      weekday,
      skipped: {
        day: "2026-01-02",
        reason: "no_account",
        message: "The weekly payout of Fri, Jan 2 was skipped: payouts are not set up. Set up payouts to receive them.",
      },
    });
    // The page's, in its reader's language (server.labels.payouts).
    expect((await m.schedule.payoutScheduleOf(restaurant.id, "es"))?.skipped?.message).toMatch(
      /^El pago semanal del vie.* 2 ene.* se omitió: los pagos no están configurados\. Configura los pagos para recibirlos\.$/,
    );
    await m.accounts.savePayoutAccount(account, { holderName: "Ada Lovelace", routingNumber: "110000000", accountNumber: "000999999991" });
    expect(await m.schedule.payOutOnSchedule(restaurant.id, "2026-01-09", payday)).toBe("account_unverified");
    expect((await m.schedule.payoutScheduleOf(restaurant.id))?.skipped).toMatchObject({ reason: "account_unverified" });
    expect(await m.db.payout.count({ where: { account } })).toBe(0);
    expect(await available()).toEqual(before);
    await verifiedAccount(account);

    // Its day, two instances at the same moment, twice: one payout of the whole available balance.
    await Promise.all([m.schedule.runScheduledPayouts(payday), m.schedule.runScheduledPayouts(payday)]);
    await Promise.all([m.schedule.payOutOnSchedule(restaurant.id, m.hours.localDateKey(payday, restaurant.timeZone), payday), m.schedule.runScheduledPayouts(payday)]);
    const payouts = await m.db.payout.findMany({ where: { account } });
    expect(payouts).toEqual([expect.objectContaining({ amountCents: 2_600 })]);
    expect((await m.schedule.payoutScheduleOf(restaurant.id))?.skipped).toBeNull();
    expect(await inTx((sql) => m.check.ledgerProblems(sql))).toEqual([]);

    // Paid by the sweep, with more earned the same day: still one payout that day; a week later the next.
    await verifiedAccount(account);
    const second = await paidOrder(restaurant.id, restaurant.name);
    await m.complete.closeIncomingOrder(owner, restaurant.id, second.id, "Completed");
    const sameDay = new Date(payday.getTime() + 60_000);
    expect(m.hours.localDateKey(sameDay, restaurant.timeZone)).toBe(m.hours.localDateKey(payday, restaurant.timeZone));
    await m.schedule.runScheduledPayouts(sameDay);
    expect(await m.db.payout.count({ where: { account } })).toBe(1);
    const nextWeek = new Date(payday.getTime() + 7 * 24 * 3600 * 1000);
    expect(await m.schedule.runScheduledPayouts(nextWeek)).toEqual({ paid: 1, skipped: 0 });
    expect((await m.db.payout.findMany({ where: { account }, orderBy: { id: "asc" } })).map((row) => row.amountCents)).toEqual([2_600, 2_600]);

    // Turned off: no more.
    expect(await m.schedule.setPayoutSchedule(owner, restaurant.id, { weekday: null })).toBeNull();
    await m.schedule.runScheduledPayouts(new Date(nextWeek.getTime() + 7 * 24 * 3600 * 1000));
    expect(await m.db.payout.count({ where: { account } })).toBe(2);
  });
});

describe("courier earnings", () => {
  it("lists each delivery's pay and each day's, and pays out", async () => {
    const courier = await m.db.user.create({ data: { firstName: "Dev", email: "dev-courier@example.com", courier: true } });
    // A courier's line as a settlement writes it (dispatch.test.ts delivers through the app).
    const { post } = await import("../ledger/post");
    await inTx((sql) =>
      post(sql, {
        kind: "settlement",
        lines: [
          { account: "external", amountCents: -950 },
          { account: `courier:${courier.id}`, amountCents: 950 },
        ],
      }),
    );
    const earnings = await m.courier.courierEarnings({ id: courier.id, firstName: "Dev" });
    expect(earnings).toMatchObject({ available: 9.5, pending: 0, inFlight: null });
    expect(earnings.days).toEqual([expect.objectContaining({ deliveries: 1, earnings: 9.5 })]);
    // Unverified email: a 403 saying so, nothing paid out; verified, it goes through.
    await expect(m.courier.payOutCourier({ id: courier.id, firstName: "Dev" }, 950)).rejects.toMatchObject({
      status: 403,
      message: "Verify your email address first: we sent you a link (resend it from your account)",
    });
    expect(await m.db.payout.count({ where: { account: `courier:${courier.id}` } })).toBe(0);
    await verify(courier.id);
    await expect(m.courier.payOutCourier({ id: courier.id, firstName: "Dev" }, 951)).rejects.toMatchObject({ status: 409 });
    expect(await m.courier.payOutCourier({ id: courier.id, firstName: "Dev" }, 950)).toMatchObject({ amount: 9.5, state: "pending" });
    expect((await m.courier.courierEarnings({ id: courier.id, firstName: "Dev" })).available).toBe(0);

    // A delivery's pay is pending until the order's report window closes, with that date.
    const customer = await m.db.user.create({ data: { firstName: "Ada" } });
    const closedAt = new Date();
    const order = await m.db.order.create({
      data: { userId: customer.id, restaurantName: "Gone", stage: "delivered", closedAt, paymentMethod: "card", ...money, totalCents: 3_500, submittedAt: closedAt },
    });
    await inTx((sql) =>
      post(sql, {
        kind: "settlement",
        orderId: order.id,
        lines: [
          { account: "external", amountCents: -700 },
          { account: `courier:${courier.id}`, amountCents: 700 },
        ],
      }),
    );
    const held = await m.courier.courierEarnings({ id: courier.id, firstName: "Dev" });
    const availableAt = new Date(closedAt.getTime() + 48 * 3600 * 1000);
    expect(held).toMatchObject({ available: 0, pending: 7, pendingEarnings: [{ orderId: order.id, amount: 7, availableAt: availableAt.toISOString() }] });
    const later = new Date(availableAt.getTime() + 1_000);
    expect(await m.courier.courierEarnings({ id: courier.id, firstName: "Dev" }, later)).toMatchObject({ available: 7, pending: 0, pendingEarnings: [] });
  });

  it("counts days and shows times in the zone of the city the courier delivers in", async () => {
    const courier = await m.db.user.create({ data: { firstName: "Lu", courier: true } });
    const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
    const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
    await m.db.restaurant.update({ where: { id: restaurant.id }, data: { timeZone: "America/New_York" } });
    const customer = await m.db.user.create({ data: { firstName: "Ada" } });
    const order = await m.db.order.create({
      data: { userId: customer.id, restaurantId: restaurant.id, restaurantName: restaurant.name, stage: "delivered", paymentMethod: "card", ...money, totalCents: 3_500 },
    });
    await m.db.deliveryJob.create({
      data: {
        orderId: order.id,
        restaurantId: restaurant.id,
        userId: customer.id,
        courierId: courier.id,
        state: "delivered",
        payCents: 600,
        pickupLat: 40.7,
        pickupLng: -74,
        dropoffLat: 40.71,
        dropoffLng: -74,
        dropoffAddress: "1 Main St",
        itemsCount: 1,
      },
    });
    // 02:30 on Nov 26 in New York is still Nov 25 in the marketplace's Los Angeles.
    const at = new Date("2026-11-26T07:30:00Z");
    const { post } = await import("../ledger/post");
    await inTx((sql) =>
      post(sql, {
        kind: "settlement",
        orderId: order.id,
        now: at,
        lines: [
          { account: "external", amountCents: -600 },
          { account: `courier:${courier.id}`, amountCents: 600 },
        ],
      }),
    );
    const earnings = await m.courier.courierEarnings({ id: courier.id, firstName: "Lu" }, new Date("2026-11-26T12:00:00Z"));
    expect(earnings.timeZone).toBe("America/New_York");
    expect(earnings.days).toEqual([{ day: "2026-11-26", deliveries: 1, earnings: 6 }]);
  });
});
