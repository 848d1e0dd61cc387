import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { problemReportSchema, type ProblemDecisionInput } from "@/lib/contract/problems/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";

// Problem reports (docs/architecture/problem-reports.md) on a real migrated database (SQLite, and
// PostgreSQL under `npm run test:postgres`): the customer's rules, small claims approved at once,
// the owner's and the operator's decisions, and that racing submits and approvals refund once
// with the ledger's invariants (lib/server/ledger/check.ts) green after each step.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  wallet: await import("../wallet/ledger"),
  sync: await import("../payments/sync"),
  manage: await import("../restaurants/manage"),
  place: await import("../orders/place"),
  complete: await import("../orders/complete"),
  check: await import("../ledger/check"),
  post: await import("../ledger/post"),
  payouts: await import("../payouts/lifecycle"),
  problems: {
    ...(await import("./context")),
    ...(await import("./report")),
    ...(await import("./list")),
    ...(await import("./decide-as-owner")),
    ...(await import("./decide-as-operator")),
    ...(await import("./appeal")),
    ...(await import("./escalate")),
  },
  insights: await import("../insights/read"),
  exports: await import("../insights/export"),
  account: await import("../customer-data/export"),
  payoutsPage: await import("../payouts/restaurant"),
  read: await import("./read"),
  orderRead: await import("../orders/read"),
  paid: await import("../orders/testing/place-paid"),
};

const inTx = <T>(work: (sql: import("../platform/sql").Sql) => Promise<T>) => m.db.$transaction((tx) => work(m.sql.sqlOf(tx)));
const ledgerProblems = () => inTx((sql) => m.check.ledgerProblems(sql));
const balance = (account: string) => inTx((sql) => m.post.balanceOf(sql, account));
const HOUR = 3600 * 1000;

async function customer(walletCents = 20_000): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  if (walletCents) await inTx((sql) => m.wallet.moveWallet(sql, { userId: user.id, amountCents: walletCents, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function restaurant() {
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const created = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = (name: string, priceCents: number) =>
    m.db.menuItem.create({ data: { restaurantId: created.id, name, description: "d", priceCents, foodImage: "/d.webp", foodType: "entree" } });
  return { owner, restaurant: created, burger: await dish("Burger", 1_800), fries: await dish("Fries", 300) };
}

type Shop = Awaited<ReturnType<typeof restaurant>>;

/**
 * A delivered order of 1 burger and 2 fries (`fries`: how many), by the restaurant's own staff,
 * or by `courierId` (a delivery job delivered, as the courier's last step leaves it: the
 * settlement pays that courier the fees and the tip), or a pickup.
 */
async function deliveredOrder(
  shop: Shop,
  user: User,
  paymentMethod: "wallet" | "card" = "wallet",
  options: { fries?: number; pickup?: boolean; courierId?: number } = {},
) {
  const input = placeOrderSchema.parse({
    restaurantId: shop.restaurant.id,
    items: [
      { menuItemId: shop.burger.id, quantity: 1 },
      { menuItemId: shop.fries.id, quantity: options.fries ?? 2 },
    ],
    submit: { deliveryOption: options.pickup ? "pickup" : "standard", tipPercent: 15, paymentMethod },
  });
  // A card is authorized by the test provider (the account's demo card) as POST /api/orders does, and captured at Completed.
  const order = await m.paid.placePaid(user, { cart: input }, input.submit!);
  if (options.courierId)
    await m.db.deliveryJob.create({
      data: {
        orderId: order.id,
        restaurantId: shop.restaurant.id,
        userId: user.id,
        state: "delivered",
        courierId: options.courierId,
        payCents: order.deliveryFeeCents + order.priorityFeeCents + order.tipCents,
        pickupLat: 0,
        pickupLng: 0,
        dropoffLat: 0,
        dropoffLng: 0,
        dropoffAddress: "1 Main St",
        itemsCount: 3,
      },
    });
  await m.complete.closeIncomingOrder(shop.owner, shop.restaurant.id, order.id, "Completed");
  const items = await m.db.orderItem.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
  return { order: await m.db.order.findUniqueOrThrow({ where: { id: order.id } }), burger: items[0]!, fries: items[1]! };
}

const report = (body: unknown) => problemReportSchema.parse(body);
const approveAll: ProblemDecisionInput = { decision: "approve_all" };

describe("problem reports", () => {
  it("refuses a stranger (404), an order not delivered (409), too many of a line (400 naming it) and a report after 48 hours (409)", async () => {
    const shop = await restaurant();
    const ada = await customer();
    const { order, fries } = await deliveredOrder(shop, ada);
    const stranger = await customer(0);
    const missing = report({ lines: [{ orderItemId: fries.id, quantity: 1, reason: "missing" }] });
    await expect(m.problems.submitProblem(stranger, order.id, missing, null)).rejects.toMatchObject({ status: 404 });
    await expect(m.problems.listOrderProblems(stranger, order.id)).rejects.toMatchObject({ status: 404 });
    await expect(m.problems.submitProblem(ada, order.id, report({ lines: [{ orderItemId: fries.id, quantity: 3, reason: "cold" }] }), null)).rejects.toMatchObject({
      status: 400,
      errors: { "lines.0.quantity": "At most 2 of Fries can be reported" },
    });
    const later = new Date(order.closedAt!.getTime() + 48 * HOUR + 1000);
    await expect(m.problems.submitProblem(ada, order.id, missing, null, later)).rejects.toMatchObject({ status: 409, message: m.problems.MESSAGES.tooLate });
    await m.db.order.update({ where: { id: order.id }, data: { stage: "out_for_delivery" } });
    await expect(m.problems.submitProblem(ada, order.id, missing, null)).rejects.toMatchObject({ status: 409, message: m.problems.MESSAGES.notDelivered });
    expect(await m.db.problemReport.count()).toBe(0);
  });

  it("approves a small claim at once from the restaurant's balance to the wallet, twice in 30 days; the third waits for the owner", async () => {
    const shop = await restaurant();
    const ada = await customer();
    const restaurantAccount = m.post.account.restaurant(shop.restaurant.id);
    const results = [];
    for (let i = 0; i < 3; i++) {
      const { fries } = await deliveredOrder(shop, ada);
      const wallet = await balance(m.post.account.wallet(ada.id));
      const owed = await balance(restaurantAccount);
      const problem = await m.problems.submitProblem(ada, fries.orderId, report({ lines: [{ orderItemId: fries.id, quantity: 1, reason: "missing" }] }), null);
      results.push(problem.status);
      if (i < 2) {
        // The fries and their 10% of "Tax and fees": the fee from the platform, which earned it.
        expect(problem).toMatchObject({ status: "approved", decidedBy: "auto", refund: { amount: 3.3, to: "wallet", fronted: 0 } });
        expect(await balance(m.post.account.wallet(ada.id))).toBe(wallet + 330);
        expect(await balance(restaurantAccount)).toBe(owed - 300);
      } else {
        expect(problem).toMatchObject({ status: "pending", decidedBy: null, refund: null });
        expect(await balance(m.post.account.wallet(ada.id))).toBe(wallet);
      }
    }
    expect(results).toEqual(["approved", "approved", "pending"]);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a double submit is one report; a double approval and two operators at once refund once; the ledger balances", async () => {
    const shop = await restaurant();
    const ada = await customer();
    const { order, burger, fries } = await deliveredOrder(shop, ada);
    const body = report({
      lines: [
        { orderItemId: burger.id, quantity: 1, reason: "cold" },
        { orderItemId: fries.id, quantity: 2, reason: "missing", note: "none came" },
      ],
    });
    const submits = await Promise.allSettled([m.problems.submitProblem(ada, order.id, body, null), m.problems.submitProblem(ada, order.id, body, null)]);
    expect(submits.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((submits.find((result) => result.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    const problem = (submits.find((result) => result.status === "fulfilled") as PromiseFulfilledResult<import("./read").ProblemJson>).value;
    expect(problem.status).toBe("pending");
    expect(problem.requested).toBe((2_400 + 240 + order.deliveryFeeCents + order.priorityFeeCents) / 100); // every item: their service fee and the delivery fee too

    // The owner approves the fries only, twice at once: one refund of 2 x 3.00.
    const wallet = await balance(m.post.account.wallet(ada.id));
    const friesLine = problem.lines.find((line) => line.orderItemId === fries.id)!;
    const burgerLine = problem.lines.find((line) => line.orderItemId === burger.id)!;
    const some: ProblemDecisionInput = {
      decision: "approve_some",
      lines: [
        { id: friesLine.id, quantity: 2 },
        { id: burgerLine.id, quantity: 0 },
      ],
    };
    const twice = await Promise.allSettled([
      m.problems.decideAsOwner(shop.owner, shop.restaurant.id, problem.id, some),
      m.problems.decideAsOwner(shop.owner, shop.restaurant.id, problem.id, some),
    ]);
    expect(twice.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await balance(m.post.account.wallet(ada.id))).toBe(wallet + 660);
    expect(await m.db.ledgerEntry.count({ where: { key: `problem:${problem.id}:refund` } })).toBe(1);
    const decided = await m.problems.listOrderProblems(ada, order.id);
    expect(decided.problems[0]).toMatchObject({ status: "partially_approved", refund: { amount: 6.6 } });
    expect(decided.items.find((item) => item.orderItemId === fries.id)!.reportable).toBe(0);
    expect(await ledgerProblems()).toEqual([]);

    // The burger, reported again, left undecided for 24 hours: escalated; two operators approve at once: one refund, both audited once.
    const again = await m.problems.submitProblem(ada, order.id, report({ lines: [{ orderItemId: burger.id, quantity: 1, reason: "damaged" }] }), null);
    expect(again.status).toBe("pending");
    const operators = await Promise.all(["Nia", "Omar"].map((firstName) => m.db.user.create({ data: { firstName, operator: true } })));
    await expect(m.problems.decideAsOperator(operators[0]!, again.id, approveAll)).rejects.toMatchObject({ status: 409 });
    const tomorrow = new Date(Date.now() + 25 * HOUR);
    await expect(m.problems.decideAsOwner(shop.owner, shop.restaurant.id, again.id, approveAll, tomorrow)).rejects.toMatchObject({ status: 409 });
    expect(await m.problems.escalateOverdueProblems(tomorrow)).toBeGreaterThanOrEqual(1);
    expect(await m.db.problemReport.findUniqueOrThrow({ where: { id: again.id } })).toMatchObject({ status: "escalated" });
    expect(await m.read.countOpenProblems()).toBeGreaterThanOrEqual(1);
    const before = await balance(m.post.account.wallet(ada.id));
    const both = await Promise.allSettled(operators.map((operator) => m.problems.decideAsOperator(operator, again.id, approveAll)));
    expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    // Every item now refunded: the burger and the delivery fee, never more than was paid.
    const paidBack = await m.db.problemReport.aggregate({ where: { orderId: order.id }, _sum: { refundCents: true } });
    expect(await balance(m.post.account.wallet(ada.id))).toBe(before + 1_800 + 180 + order.deliveryFeeCents + order.priorityFeeCents);
    expect(paidBack._sum.refundCents).toBeLessThanOrEqual(order.totalCents);
    expect(await m.db.auditLog.count({ where: { targetType: "problem", targetId: again.id } })).toBe(1);
    await expect(m.problems.submitProblem(ada, order.id, report({ reason: "late" }), null)).rejects.toMatchObject({ status: 409 });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a late delivery is the platform's, a card is refunded to the card, a restaurant paid out gives it back from later earnings; a decline is appealed once", async () => {
    const shop = await restaurant();
    const ada = await customer();
    // Late, by card: the whole order from the platform back to the card (external).
    const late = await deliveredOrder(shop, ada, "card");
    const platform = await balance(m.post.account.platform);
    const external = await balance(m.post.account.external);
    const lateReport = await m.problems.submitProblem(ada, late.order.id, report({ reason: "late" }), null);
    // Platform-liable: Nosh support decides it, not the owner.
    expect(lateReport).toMatchObject({ status: "escalated", late: true });
    await expect(m.problems.decideAsOwner(shop.owner, shop.restaurant.id, lateReport.id, approveAll)).rejects.toMatchObject({
      status: 403,
      message: m.problems.MESSAGES.forSupport,
    });
    const support = await m.db.user.create({ data: { firstName: "Sam", operator: true } });
    await m.problems.decideAsOperator(support, lateReport.id, approveAll);
    const refund = Math.min(late.order.totalCents, late.order.subtotalCents + late.order.serviceFeeCents + late.order.deliveryFeeCents + late.order.priorityFeeCents);
    // The platform pays what it holds (the rest is the company's own money, from external); the card
    // gets it all: owed to it (card-refunds) until the provider confirms, then to external.
    expect(await balance(m.post.account.platform)).toBe(platform - Math.min(platform, refund));
    expect(await balance(m.post.account.external)).toBe(external - (refund - Math.min(platform, refund)));
    await m.sync.syncOrderPayment(late.order.id);
    expect(await balance(m.post.account.external)).toBe(external + Math.min(platform, refund));
    expect(await balance(m.post.account.restaurant(shop.restaurant.id))).toBeGreaterThan(0);
    expect(await m.db.problemReport.findUniqueOrThrow({ where: { id: lateReport.id } })).toMatchObject({ status: "approved", refundCents: refund });
    expect(await ledgerProblems()).toEqual([]);

    // The restaurant pays out all it may (once its card order's report window has closed: its wallet
    // orders were paid with promotional credit, never paid out); a report approved after that is
    // taken from the restaurant, its paid balance below zero until later earnings repay it, never
    // fronted by the platform.
    const paid = await deliveredOrder(shop, ada, "card");
    const account = m.post.account.restaurant(shop.restaurant.id);
    const later = new Date(Date.now() + 49 * HOUR);
    const before = await inTx((sql) => m.payouts.availableOf(sql, account, later));
    expect(before.availableCents).toBeGreaterThan(0);
    await m.payouts.requestPayout(account, before.availableCents, "amount", later);
    const left = await balance(account);
    const cold = await m.problems.submitProblem(ada, paid.order.id, report({ lines: [{ orderItemId: paid.burger.id, quantity: 1, reason: "cold" }] }), null);
    const approved = await m.problems.decideAsOwner(shop.owner, shop.restaurant.id, cold.id, approveAll);
    expect(approved.refund).toEqual({ amount: 19.8, to: "card", fronted: 0 });
    expect(await balance(account)).toBe(left - 1_800);
    expect(await inTx((sql) => m.payouts.availableOf(sql, account, later))).toMatchObject({ availableCents: 0, owedCents: 1_800 });
    await expect(m.payouts.requestPayout(account, 1, "amount", later)).rejects.toMatchObject({ status: 409 });
    expect(await ledgerProblems()).toEqual([]);

    // Declined with a reason, appealed once (a second appeal is a 409), decided by an operator.
    const third = await deliveredOrder(shop, ada);
    const wrong = await m.problems.submitProblem(ada, third.order.id, report({ lines: [{ orderItemId: third.burger.id, quantity: 1, reason: "wrong_item" }] }), null);
    await expect(m.problems.decideAsOwner(shop.owner, shop.restaurant.id, wrong.id, { decision: "decline" } as ProblemDecisionInput)).resolves.toBeDefined();
    const declined = await m.problems.listOrderProblems(ada, third.order.id);
    expect(declined.problems[0]).toMatchObject({ status: "declined", canAppeal: true, refund: null });
    const stranger = await customer(0);
    await expect(m.problems.appealProblem(stranger, third.order.id, wrong.id, "Really")).rejects.toMatchObject({ status: 404 });
    expect((await m.problems.appealProblem(ada, third.order.id, wrong.id, "It was a veggie burger")).status).toBe("appealed");
    await expect(m.problems.appealProblem(ada, third.order.id, wrong.id, "Again")).rejects.toMatchObject({ status: 409 });
    // An operator who owns the restaurant cannot decide it; another can.
    await m.db.user.update({ where: { id: shop.owner.id }, data: { operator: true } });
    await expect(m.problems.decideAsOperator(shop.owner, wrong.id, approveAll)).rejects.toMatchObject({ status: 403 });
    const nia = await m.db.user.create({ data: { firstName: "Nia", operator: true } });
    expect((await m.problems.listOperatorProblems(nia)).map((problem) => problem.id)).toContain(wrong.id);
    expect((await m.problems.decideAsOperator(nia, wrong.id, approveAll)).status).toBe("approved");
    expect(await m.db.auditLog.findFirst({ where: { targetType: "problem", targetId: wrong.id } })).toMatchObject({ action: "problem.approve", operatorId: nia.id });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("shows in the owner's insights (refund rate per dish), the orders CSV and the customer's data download", async () => {
    const shop = await restaurant();
    const ada = await customer();
    const { order, fries } = await deliveredOrder(shop, ada);
    const problem = await m.problems.submitProblem(ada, order.id, report({ lines: [{ orderItemId: fries.id, quantity: 1, reason: "missing" }] }), null);
    expect(problem.status).toBe("approved");
    const today = new Date().toISOString().slice(0, 10);
    const day = (offset: number) => new Date(Date.now() + offset * 24 * HOUR).toISOString().slice(0, 10);
    const insights = await m.insights.readInsights(shop.restaurant.id, "UTC", { from: day(-1), to: day(1) });
    expect(insights.refunds).toEqual({ reports: 1, refundedCents: 330, byDish: [{ name: "Fries", sold: 2, refunded: 1, refundedCents: 300, rate: 0.5 }] });
    let csv = "";
    for await (const chunk of m.exports.orderLines(shop.restaurant.id, "UTC", { from: today, to: today })) csv += chunk;
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header!.endsWith("refunded_quantity,order_refunded")).toBe(true);
    expect(rows.map((row) => row.split(",").slice(-2))).toEqual([
      ["0", "3.30"],
      ["1", ""],
    ]);
    let data = "";
    const actor = { ...(await m.db.user.findUniqueOrThrow({ where: { id: ada.id } })) } as unknown as Parameters<typeof m.account.exportData>[0];
    for await (const chunk of m.account.exportData(actor, ada.id)) data += chunk;
    expect(JSON.parse(data).problemReports).toEqual([expect.objectContaining({ id: problem.id, status: "approved", refund: { amount: 3.3, to: "wallet", fronted: 0 } })]);
  });
  it("nobody decides a report on an order they placed, a late delivery goes to Nosh support, and a pickup cannot be late", async () => {
    const shop = await restaurant();
    const ada = await customer();
    // A pickup order: "late" is a 400 naming the field, nothing written.
    const pickup = await deliveredOrder(shop, ada, "wallet", { pickup: true });
    await expect(m.problems.submitProblem(ada, pickup.order.id, report({ reason: "late" }), null)).rejects.toMatchObject({
      status: 400,
      errors: { reason: m.problems.MESSAGES.lateOnPickup },
    });
    expect(await m.db.problemReport.count({ where: { orderId: pickup.order.id } })).toBe(0);

    // An order the restaurant's owner placed (here: Ada placed it, then the restaurant became hers):
    // the report goes to Nosh support, never approved at once, and its owner cannot decide it.
    const own = await deliveredOrder(shop, ada);
    await m.db.restaurant.update({ where: { id: shop.restaurant.id }, data: { ownerId: ada.id } });
    const small = await m.problems.submitProblem(ada, own.order.id, report({ lines: [{ orderItemId: own.fries.id, quantity: 1, reason: "missing" }] }), null);
    expect(small).toMatchObject({ status: "escalated", decidedBy: null, refund: null });
    await expect(m.problems.decideAsOwner(ada, shop.restaurant.id, small.id, approveAll)).rejects.toMatchObject({ status: 403, message: m.problems.MESSAGES.ownOrder });
    const support = await m.db.user.create({ data: { firstName: "Sam", operator: true } });
    expect((await m.problems.decideAsOperator(support, small.id, { decision: "decline", reason: "Not this time" } as ProblemDecisionInput)).status).toBe("declined");
    expect(await ledgerProblems()).toEqual([]);
  });

  it("two identical reports at once are one report: a line's quantity and reason are claimed once across the order's reports", async () => {
    const shop = await restaurant();
    const ada = await customer();
    const { order, fries } = await deliveredOrder(shop, ada, "wallet", { fries: 8 });
    const wallet = await balance(m.post.account.wallet(ada.id));
    const body = report({ lines: [{ orderItemId: fries.id, quantity: 1, reason: "missing" }] });
    const both = await Promise.allSettled([m.problems.submitProblem(ada, order.id, body, null), m.problems.submitProblem(ada, order.id, body, null)]);
    expect(both.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((both.find((result) => result.status === "fulfilled") as PromiseFulfilledResult<{ status: string }>).value.status).toBe("approved");
    expect((both.find((result) => result.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({
      status: 409,
      errors: { "lines.0.orderItemId": "Fries was already reported as missing" },
    });
    expect(await balance(m.post.account.wallet(ada.id))).toBe(wallet + 330);
    expect(await m.db.problemReport.count({ where: { orderId: order.id } })).toBe(1);
    // The same line for another reason is another problem; never more than what is left of it.
    await expect(m.problems.submitProblem(ada, order.id, report({ lines: [{ orderItemId: fries.id, quantity: 8, reason: "cold" }] }), null)).rejects.toMatchObject({
      status: 400,
      errors: { "lines.0.quantity": "At most 7 of Fries can be reported" },
    });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("the automatic approvals' limit holds for 8 claims at once on 8 orders of one customer", async () => {
    const shop = await restaurant();
    const ada = await customer(100_000);
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await deliveredOrder(shop, ada));
    const results = await Promise.allSettled(
      orders.map(({ order, fries }) => m.problems.submitProblem(ada, order.id, report({ lines: [{ orderItemId: fries.id, quantity: 1, reason: "missing" }] }), null)),
    );
    expect(results.every((result) => result.status === "fulfilled")).toBe(true);
    const statuses = results.map((result) => (result as PromiseFulfilledResult<{ status: string }>).value.status);
    expect(statuses.filter((status) => status === "approved")).toHaveLength(2);
    expect(statuses.filter((status) => status === "pending")).toHaveLength(6);
    expect(await m.db.problemReport.count({ where: { userId: ada.id, decidedBy: "auto" } })).toBe(2);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a whole-order refund takes each party's share from it: the items from the restaurant, the fees from the courier, never more than each earned", async () => {
    const shop = await restaurant();
    const ada = await customer();
    const courier = await m.db.user.create({ data: { firstName: "Dev", courier: true } });
    const { order, burger, fries } = await deliveredOrder(shop, ada, "wallet", { courierId: courier.id });
    const restaurantAccount = m.post.account.restaurant(shop.restaurant.id);
    const courierAccount = m.post.account.courier(courier.id);
    const fees = order.deliveryFeeCents + order.priorityFeeCents;
    const restaurantShare = await balance(restaurantAccount);
    const courierShare = await balance(courierAccount);
    expect(courierShare).toBe(fees + order.tipCents);
    const wallet = await balance(m.post.account.wallet(ada.id));
    const platform = await balance(m.post.account.platform);
    const everything = await m.problems.submitProblem(
      ada,
      order.id,
      report({
        lines: [
          { orderItemId: burger.id, quantity: 1, reason: "cold" },
          { orderItemId: fries.id, quantity: 2, reason: "missing" },
        ],
      }),
      null,
    );
    const decided = await m.problems.decideAsOwner(shop.owner, shop.restaurant.id, everything.id, approveAll);
    const refund = Math.min(order.totalCents, order.subtotalCents + order.serviceFeeCents + fees);
    expect(await balance(m.post.account.wallet(ada.id))).toBe(wallet + refund);
    // The courier gives back the fees (the tip stays theirs), the restaurant at most what it earned
    // on the order (the items less the commission), and the platform its commission on them.
    expect(await balance(courierAccount)).toBe(courierShare - fees);
    expect(restaurantShare).toBeLessThan(order.subtotalCents);
    expect(await balance(restaurantAccount)).toBe(0);
    expect(await balance(m.post.account.platform)).toBe(platform - (refund - fees - restaurantShare));
    expect(decided.refund).toMatchObject({ amount: refund / 100, fronted: 0 });
    expect(await ledgerProblems()).toEqual([]);
  });
  it("a refund shows on the payouts page and CSV as the amount given back, with its report and lines; each order with its commission rate", async () => {
    const shop = await restaurant();
    const ada = await customer();
    const { order, fries } = await deliveredOrder(shop, ada);
    const problem = await m.problems.submitProblem(ada, order.id, report({ lines: [{ orderItemId: fries.id, quantity: 1, reason: "missing" }] }), null);
    expect(problem.status).toBe("approved");
    const seen = await m.payoutsPage.restaurantPayouts(shop.owner, shop.restaurant.id, null);
    const reason = `Problem report #${problem.id}: 1 × Fries (missing)`;
    expect(seen.entries).toEqual([
      expect.objectContaining({ kind: "order", orderId: order.id, commission: 3.6, commissionRate: 15, reason: null }),
      expect.objectContaining({ kind: "refund", orderId: order.id, gross: -3, commission: 0, commissionRate: null, discount: 0, net: -3, reason }),
    ]);
    let csv = "";
    for await (const chunk of await m.payoutsPage.payoutsCsv(shop.owner, shop.restaurant.id, seen.range)) csv += chunk;
    expect(csv).toContain(`,refund,${order.id},,-3.00,0.00,0.00,-3.00,,${reason}`);
    expect(csv).toMatch(new RegExp(`,order,${order.id},,[0-9.]+,3\\.60,0\\.00,[0-9.]+,15,`));
  });
  it("the customer's receipt lists each refund from the ledger, a card's fronted one included, and a stranger reads nothing", async () => {
    const shop = await restaurant();
    const ada = await customer();
    const { order, fries } = await deliveredOrder(shop, ada);
    expect((await m.orderRead.findOwnOrderDetail(ada, order.id))!.refunds).toEqual([]);
    const first = await m.problems.submitProblem(ada, order.id, report({ lines: [{ orderItemId: fries.id, quantity: 1, reason: "missing" }] }), null);
    expect(first.status).toBe("approved");
    const detail = await m.orderRead.findOwnOrderDetail(ada, order.id);
    expect(detail!.refunds).toEqual([{ label: `Refunded · problem report #${first.id}`, amount: 3.3, at: expect.any(String), change: false }]);
    expect(await m.orderRead.findOwnOrderDetail(await customer(0), order.id)).toBeNull();

    // By card, with the restaurant paid out: the refund is clawed back from it, and the receipt shows what the card got back.
    const card = await deliveredOrder(shop, ada, "card");
    const account = m.post.account.restaurant(shop.restaurant.id);
    const later = new Date(Date.now() + 49 * HOUR);
    await m.payouts.requestPayout(account, (await inTx((sql) => m.payouts.availableOf(sql, account, later))).availableCents, "amount", later);
    const cold = await m.problems.submitProblem(ada, card.order.id, report({ lines: [{ orderItemId: card.burger.id, quantity: 1, reason: "cold" }] }), null);
    await m.problems.decideAsOwner(shop.owner, shop.restaurant.id, cold.id, approveAll);
    // Pending until the provider confirms the card's refund (the payments.sync job asks it).
    expect((await m.orderRead.findOwnOrderDetail(ada, card.order.id))!.refunds).toEqual([
      { label: `Refund pending · problem report #${cold.id}`, amount: 19.8, at: expect.any(String), change: false },
    ]);
    await m.sync.syncPayments();
    expect((await m.orderRead.findOwnOrderDetail(ada, card.order.id))!.refunds).toEqual([
      { label: `Refunded · problem report #${cold.id}`, amount: 19.8, at: expect.any(String), change: false },
    ]);
    expect(await ledgerProblems()).toEqual([]);
  });
  it("the operators' history lists decided reports, the latest decided first, a page at a time; open ones stay out", async () => {
    const shop = await restaurant();
    const ada = await customer();
    const support = await m.db.user.create({ data: { firstName: "Sam", operator: true } });
    const history = async () => (await m.problems.listDecidedProblems(support, { limit: 100, offset: 0 })).items;
    const one = await deliveredOrder(shop, ada);
    const first = await m.problems.submitProblem(ada, one.order.id, report({ lines: [{ orderItemId: one.fries.id, quantity: 1, reason: "missing" }] }), null);
    const two = await deliveredOrder(shop, ada);
    const open = await m.problems.submitProblem(ada, two.order.id, report({ lines: [{ orderItemId: two.burger.id, quantity: 1, reason: "cold" }] }), null);
    expect(open.status).toBe("pending");
    const before = (await history()).map((problem) => problem.id);
    expect(before).toContain(first.id);
    expect(before).not.toContain(open.id);
    await m.problems.decideAsOwner(shop.owner, shop.restaurant.id, open.id, { decision: "decline", reason: "It left hot" } as ProblemDecisionInput);
    const after = await history();
    expect(after.map((problem) => problem.id)).toEqual([open.id, ...before]);
    expect(after[0]).toMatchObject({ status: "declined", decidedBy: "owner", declineReason: "It left hot" });
    const times = after.map((problem) => Date.parse(problem.decidedAt!));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    // A page at a time: pages of one put together are the whole history, the last without more.
    const pages = [];
    for (let offset = 0; offset < after.length; offset++) pages.push(await m.problems.listDecidedProblems(support, { limit: 1, offset }));
    expect(pages.flatMap((page) => page.items.map((problem) => problem.id))).toEqual(after.map((problem) => problem.id));
    expect(pages[0]).toMatchObject({ hasMore: after.length > 1, nextOffset: after.length > 1 ? 1 : null });
    expect(pages.at(-1)).toMatchObject({ hasMore: false, nextOffset: null });
  });
});
