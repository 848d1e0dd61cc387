import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { signupSchema } from "@/lib/contract/accounts/auth-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { problemReportSchema, type ProblemDecisionInput } from "@/lib/contract/problems/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The money rules (promotional money, holds and claw-backs, claims that match facts, a line refund
// taking its fees back), on a real migrated database (SQLite,
// and PostgreSQL under `npm run test:postgres lib/server/ledger/money-rules.test.ts`), through the
// real calls (signup, checkout, the kitchen's steps, reports, decisions, payouts), with the
// ledger's invariants (check.ts: payable money backed by payments) after each scenario:
// - promotional credit (the signup's 999.99, the demo's "Add Funds") is spendable, never paid out;
// - an order's earnings are held while its report window or any report on it is open; a refund
//   owed by a party already paid out is clawed back from it (its balance below zero, payouts
//   blocked until later earnings repay it), never fronted by the platform; couriers likewise;
// - "late" is approved at once only when delivered after the window the acceptance promised;
//   small claims are a share of the subtotal; a tip has a ceiling;
// - a line refund takes its share of the service fee back from the platform.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  config: (await import("../platform/config")).config,
  users: await import("../accounts/users"),
  wallet: await import("../wallet/wallet"),
  manage: await import("../restaurants/manage"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  complete: await import("../orders/complete"),
  paid: await import("../orders/testing/place-paid"),
  check: await import("./check"),
  post: await import("./post"),
  payouts: await import("../payouts/lifecycle"),
  restaurantPayouts: await import("../payouts/restaurant"),
  courierPayouts: await import("../payouts/courier"),
  problems: {
    ...(await import("../problems/report")),
    ...(await import("../problems/decide-as-owner")),
    ...(await import("../problems/decide-as-operator")),
    ...(await import("../problems/appeal")),
  },
};

const HOUR = 3600 * 1000;
const inTx = <T>(work: (sql: import("../platform/sql").Sql) => Promise<T>) => m.db.$transaction((tx) => work(m.sql.sqlOf(tx)));
const ledgerProblems = () => inTx((sql) => m.check.ledgerProblems(sql));
const balance = (account: string) => inTx((sql) => m.post.balanceOf(sql, account));
const available = (account: string, now: Date) => inTx((sql) => m.payouts.availableOf(sql, account, now));
const report = (body: unknown) => problemReportSchema.parse(body);
const approveAll: ProblemDecisionInput = { decision: "approve_all" };
let signups = 0;
const signUp = (name: string) =>
  m.users.signUp(
    signupSchema.parse({ name, credential: `${name.toLowerCase()}${++signups}-${Date.now()}@example.com`, password: "correct horse" }),
    null,
    `10.9.0.${signups}`,
  );

async function shop(owner?: User) {
  // Email verified: payouts wait for it.
  const who =
    owner ?? (await m.db.user.create({ data: { firstName: "Owner", email: `owner${++signups}@example.com`, emailVerifiedAt: new Date(), restaurantOwner: true } }));
  const restaurant = await m.manage.createRestaurant(who, restaurantInput());
  const dish = (name: string, priceCents: number) =>
    m.db.menuItem.create({ data: { restaurantId: restaurant.id, name, description: "d", priceCents, foodImage: "/d.webp", foodType: "entree" } });
  return {
    owner: who,
    restaurant,
    burger: await dish("Burger", 1_800),
    fries: await dish("Fries", 300),
    lobster: await dish("Lobster", 30_000),
    soup: await dish("Soup", 400),
  };
}
type Shop = Awaited<ReturnType<typeof shop>>;

type Submit = Record<string, unknown>;
async function place(s: Shop, user: { id: number }, items: [number, number][], submit: Submit) {
  const input = placeOrderSchema.parse({
    restaurantId: s.restaurant.id,
    items: items.map(([menuItemId, quantity]) => ({ menuItemId, quantity })),
    submit: { deliveryOption: "standard", tipPercent: 15, paymentMethod: "card", ...submit },
  });
  const actor = await m.db.user.findUniqueOrThrow({ where: { id: user.id } });
  // A card is authorized by the test provider first (the account's demo card), as POST /api/orders
  // does; the owner's accept or close step captures it (payments/sync.ts), so its earnings are card money.
  return m.paid.placePaid(actor, { cart: input }, input.submit!);
}

/** Placed, then delivered (by `courierId` when given: a delivery job in state delivered, as the courier's last step leaves it). */
async function delivered(s: Shop, user: { id: number }, items: [number, number][], submit: Submit = {}, courierId?: number) {
  const order = await place(s, user, items, submit);
  if (courierId)
    await m.db.deliveryJob.create({
      data: {
        orderId: order.id,
        restaurantId: s.restaurant.id,
        userId: user.id,
        state: "delivered",
        courierId,
        payCents: order.deliveryFeeCents + order.priorityFeeCents + order.tipCents,
        pickupLat: 0,
        pickupLng: 0,
        dropoffLat: 0,
        dropoffLng: 0,
        dropoffAddress: "1 Main St",
        itemsCount: 1,
      },
    });
  await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
  return m.db.order.findUniqueOrThrow({ where: { id: order.id }, include: { orderItems: { orderBy: { id: "asc" } } } });
}

describe("promotional money", () => {
  it("a second account's signup credit spent at a fresh restaurant of the first never reaches a payout; a card order's earnings do", async () => {
    const promotions = await balance(m.post.account.promotions);
    const owner = await signUp("Mallory");
    expect(owner.walletCents).toBe(99_999);
    // The credit is issued from the marketing budget (promotions), not from a payment (external).
    expect(await balance(m.post.account.promotions)).toBe(promotions - 99_999);
    await m.db.user.update({ where: { id: owner.id }, data: { restaurantOwner: true, emailVerifiedAt: new Date() } });
    const s = await shop(await m.db.user.findUniqueOrThrow({ where: { id: owner.id } }));
    const second = await signUp("Trudy");
    // 3 x $300 at the owner's own fresh restaurant, picked up, no tip: $990.00 of the $999.99 credit.
    const order = await delivered(s, second, [[s.lobster.id, 3]], { deliveryOption: "pickup", tipPercent: undefined, tip: 0, paymentMethod: "wallet" });
    expect(order.totalCents).toBe(99_000);
    const account = m.post.account.restaurant(s.restaurant.id);
    expect(await balance(account)).toBe(76_500); // 900.00 less 15% commission: the $765 of the attack
    const later = new Date(order.closedAt!.getTime() + 49 * HOUR);
    expect(await available(account, later)).toMatchObject({ availableCents: 0, promotionalCents: 76_500, pending: [] });
    // Ten payouts at once, of the whole amount or of a cent: every one refused, nothing moves.
    const tries = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => m.restaurantPayouts.payOutRestaurant(s.owner, s.restaurant.id, i % 2 ? 76_500 : 1, later)),
    );
    expect(tries.every((result) => result.status === "rejected" && (result.reason as { status: number }).status === 409)).toBe(true);
    expect(await balance(account)).toBe(76_500);
    expect(await m.db.payout.count({ where: { account } })).toBe(0);
    const page = await m.restaurantPayouts.restaurantPayouts(s.owner, s.restaurant.id, null, later);
    expect(page).toMatchObject({ available: 0, promotional: 765, owed: 0 });
    expect(await ledgerProblems()).toEqual([]);

    // A customer paying by card: that order's earnings are paid out once its window closed.
    const carol = await m.db.user.create({ data: { firstName: "Carol" } });
    const paid = await delivered(s, carol, [[s.burger.id, 1]], { deliveryOption: "pickup", tipPercent: undefined, tip: 0 });
    // Authorized at checkout, captured by the owner's close (payments/sync.ts): the card's money is in the ledger.
    expect(await m.db.payment.findFirst({ where: { orderId: paid.id } })).toMatchObject({ state: "captured", capturedCents: paid.totalCents });
    const after = new Date(paid.closedAt!.getTime() + 49 * HOUR);
    expect(await available(account, after)).toMatchObject({ availableCents: 1_530, promotionalCents: 76_500 });
    expect(await m.restaurantPayouts.payOutRestaurant(s.owner, s.restaurant.id, 1_530, after)).toMatchObject({ amount: 15.3, state: "pending" });
    expect(await available(account, after)).toMatchObject({ availableCents: 0 });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("the ledger check catches promotional money paid out (the attack the rule closed)", async () => {
    const s = await shop();
    const buyer = await signUp("Eve");
    await delivered(s, buyer, [[s.burger.id, 1]], { deliveryOption: "pickup", tipPercent: undefined, tip: 0, paymentMethod: "wallet" });
    const account = m.post.account.restaurant(s.restaurant.id);
    // A payout written past the rules (as the old code allowed): the check names it.
    await inTx((sql) =>
      m.post.post(sql, {
        kind: "payout",
        lines: [
          { account, amountCents: -1_530 },
          { account: m.post.account.external, amountCents: 1_530 },
        ],
      }),
    );
    const problems = await ledgerProblems();
    expect(problems).toEqual([expect.objectContaining({ id: account, cents: 1_530 })]);
    // Undo it so the other scenarios start clean.
    await inTx((sql) =>
      m.post.post(sql, {
        kind: "payout",
        lines: [
          { account: m.post.account.external, amountCents: -1_530 },
          { account, amountCents: 1_530 },
        ],
      }),
    );
    expect(await ledgerProblems()).toEqual([]);
  });

  it("outside demo mode there is no signup credit and no free top-up; a top-up is capped by WALLET_TOPUP_MAX, the 400 naming amount", async () => {
    const config = m.config();
    const user = await signUp("Walt");
    const full = await m.db.user.findUniqueOrThrow({ where: { id: user.id } });
    const session = { ...full, walletCents: user.walletCents } as unknown as Parameters<typeof m.wallet.topUpWallet>[0];
    // The contract's largest top-up still works where demo data is on ($1,000 a press, the spec's "Add Funds").
    expect((await m.wallet.topUpWallet(session, user.id, 100_000)).walletCents).toBe(199_999);
    await expect(m.wallet.topUpWallet(session, user.id, config.money.topUpMaxCents + 1)).rejects.toMatchObject({ status: 400, errors: { amount: expect.any(String) } });
    const cap = config.money.topUpMaxCents;
    config.money.topUpMaxCents = 50_000;
    try {
      await expect(m.wallet.topUpWallet(session, user.id, 50_001)).rejects.toMatchObject({ status: 400, errors: { amount: "amount must be at most 500" } });
      expect((await m.wallet.topUpWallet(session, user.id, 50_000)).walletCents).toBe(249_999);
    } finally {
      config.money.topUpMaxCents = cap;
    }
    // A deduction gives the credit back to the marketing budget.
    const promotions = await balance(m.post.account.promotions);
    expect((await m.wallet.deductWallet(session, user.id, 49_999)).walletCents).toBe(200_000);
    expect(await balance(m.post.account.promotions)).toBe(promotions + 49_999);

    config.demoLogin = false;
    try {
      const plain = await signUp("Grace");
      expect(plain.walletCents).toBe(0);
      const row = { ...(await m.db.user.findUniqueOrThrow({ where: { id: plain.id } })), walletCents: 0 } as unknown as Parameters<typeof m.wallet.topUpWallet>[0];
      await expect(m.wallet.topUpWallet(row, plain.id, 100_000)).rejects.toMatchObject({ status: 409, errors: { amount: inEnglish(m.wallet.TOP_UP_NEEDS_PAYMENT) } });
      expect(await balance(m.post.account.wallet(plain.id))).toBe(0);
    } finally {
      config.demoLogin = true;
    }
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe("holds and claw-backs", () => {
  it("a report open at payout time holds the order's share, whatever the window; approved later, it is the restaurant's", async () => {
    const s = await shop();
    const ada = await m.db.user.create({ data: { firstName: "Ada" } });
    const order = await delivered(s, ada, [
      [s.burger.id, 1],
      [s.fries.id, 2],
    ]);
    const account = m.post.account.restaurant(s.restaurant.id);
    const share = await balance(account);
    const closedAt = order.closedAt!.getTime();
    // Hour 47: the burger reported missing (too big to be approved at once: the owner decides).
    const problem = await m.problems.submitProblem(
      ada,
      order.id,
      report({ lines: [{ orderItemId: order.orderItems[0]!.id, quantity: 1, reason: "missing" }] }),
      null,
      new Date(closedAt + 47 * HOUR),
    );
    expect(problem.status).toBe("pending");
    // Hour 48, the window closed: the share stays held while the report is open.
    const hour48 = new Date(closedAt + 48 * HOUR + 1_000);
    expect(await available(account, hour48)).toMatchObject({ availableCents: 0, pending: [{ orderId: order.id, cents: share, openReport: true }] });
    await expect(m.restaurantPayouts.payOutRestaurant(s.owner, s.restaurant.id, share, hour48)).rejects.toMatchObject({
      status: 409,
      errors: { amount: "You can pay out at most $0.00" },
    });
    const page = await m.restaurantPayouts.restaurantPayouts(s.owner, s.restaurant.id, null, hour48);
    expect(page.pendingEarnings).toEqual([expect.objectContaining({ orderId: order.id, openReport: true })]);
    // Approved: the refund (the burger and its 10% service fee) from the restaurant and the platform; the rest is then available.
    const decided = await m.problems.decideAsOwner(s.owner, s.restaurant.id, problem.id, approveAll, new Date(closedAt + 48.5 * HOUR));
    expect(decided.refund).toEqual({ amount: 19.8, to: "card", fronted: 0 });
    expect(await balance(account)).toBe(share - 1_800);
    expect(await available(account, hour48)).toMatchObject({ availableCents: share - 1_800, pending: [] });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a refund owed by a restaurant and a courier already paid out is clawed back from them, blocks their payouts, and later earnings repay it; never fronted", async () => {
    const s = await shop();
    const ada = await m.db.user.create({ data: { firstName: "Ada" } });
    const dev = await m.db.user.create({ data: { firstName: "Dev", courier: true } });
    const order = await delivered(
      s,
      ada,
      [
        [s.burger.id, 1],
        [s.fries.id, 2],
      ],
      {},
      dev.id,
    );
    const restaurant = m.post.account.restaurant(s.restaurant.id);
    const courier = m.post.account.courier(dev.id);
    const closedAt = order.closedAt!.getTime();
    const at = (hours: number) => new Date(closedAt + hours * HOUR);
    // Reported at hour 47 and declined: nothing open at hour 49, so both are paid out in full.
    const body = report({
      lines: [
        { orderItemId: order.orderItems[0]!.id, quantity: 1, reason: "missing" },
        { orderItemId: order.orderItems[1]!.id, quantity: 2, reason: "missing" },
      ],
    });
    const problem = await m.problems.submitProblem(ada, order.id, body, null, at(47));
    await m.problems.decideAsOwner(s.owner, s.restaurant.id, problem.id, { decision: "decline", reason: "All of it left" } as ProblemDecisionInput, at(47.5));
    const restaurantShare = await balance(restaurant);
    const courierShare = await balance(courier);
    const platform = await balance(m.post.account.platform);
    // Paid out twice at once each: one payout per account goes through.
    const payouts = await Promise.allSettled([
      m.payouts.requestPayout(restaurant, restaurantShare, "amount", at(49)),
      m.payouts.requestPayout(restaurant, restaurantShare, "amount", at(49)),
      m.payouts.requestPayout(courier, courierShare, "amount", at(49)),
      m.payouts.requestPayout(courier, courierShare, "amount", at(49)),
    ]);
    expect(payouts.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    expect([await balance(restaurant), await balance(courier)]).toEqual([0, 0]);
    // Appealed and approved by support: every item, its service fee and the delivery fees back to the card.
    await m.problems.appealProblem(ada, order.id, problem.id, "Nothing came", at(49.5));
    const support = await m.db.user.create({ data: { firstName: "Sam", operator: true } });
    const approved = await m.problems.decideAsOperator(support, problem.id, approveAll, at(50));
    const fees = order.deliveryFeeCents + order.priorityFeeCents;
    expect(approved.refund).toEqual({ amount: (2_400 + 240 + fees) / 100, to: "card", fronted: 0 });
    // The restaurant gives what it earned on the items, the platform its commission and the
    // service fee, the courier the fees: the parties already paid out go below zero.
    expect(await balance(restaurant)).toBe(-restaurantShare);
    expect(await balance(courier)).toBe(-fees);
    expect(await balance(m.post.account.platform)).toBe(platform - (2_400 - restaurantShare) - 240);
    expect(await available(restaurant, at(50))).toMatchObject({ availableCents: 0, owedCents: restaurantShare });
    await expect(m.payouts.requestPayout(courier, 1, "amount", at(50))).rejects.toMatchObject({ status: 409 });
    const earnings = await m.courierPayouts.courierEarnings({ id: dev.id, firstName: "Dev" }, at(50));
    expect(earnings).toMatchObject({ available: 0, owed: fees / 100 });
    expect(await ledgerProblems()).toEqual([]);

    // A later order's earnings repay the restaurant's debt first.
    const next = await delivered(s, ada, [[s.lobster.id, 1]]);
    const later = new Date(next.closedAt!.getTime() + 49 * HOUR);
    const earned = 30_000 - 4_500 + next.deliveryFeeCents + next.tipCents; // the restaurant's own staff delivered it: the fees and tip are its
    expect(await available(restaurant, later)).toMatchObject({ availableCents: earned - restaurantShare, owedCents: 0 });
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe("claims that match facts", () => {
  it("stores the promised window at acceptance; 'late' is approved at once only when the delivery came after it, otherwise support decides", async () => {
    const s = await shop();
    const ada = await m.db.user.create({ data: { firstName: "Ada" } });
    const onTime = await place(s, ada, [[s.burger.id, 1]], {});
    await m.accept.acceptOrder(s.owner, s.restaurant.id, onTime.id, 20);
    const accepted = await m.db.order.findUniqueOrThrow({ where: { id: onTime.id } });
    expect(accepted.promisedArrivalBy!.getTime()).toBeGreaterThan(accepted.estimatedReadyAt!.getTime());
    await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, onTime.id, "Completed");
    const platform = await balance(m.post.account.platform);
    const onTimeReport = await m.problems.submitProblem(ada, onTime.id, report({ reason: "late" }), null);
    expect(onTimeReport).toMatchObject({ status: "escalated", decidedBy: null, refund: null });
    expect(await balance(m.post.account.platform)).toBe(platform);

    // Accepted three hours ago, delivered now: later than promised by the stored facts.
    const late = await place(s, ada, [[s.burger.id, 1]], {});
    await m.accept.acceptOrder(s.owner, s.restaurant.id, late.id, 20, new Date(Date.now() - 3 * HOUR));
    await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, late.id, "Completed");
    const lateReport = await m.problems.submitProblem(ada, late.id, report({ reason: "late" }), null);
    expect(lateReport).toMatchObject({ status: "approved", decidedBy: "auto", refund: { to: "card", fronted: 0 } });
    // From the platform: the restaurant keeps its share.
    expect(await balance(m.post.account.platform)).toBeLessThan(platform);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a small claim is a share of the subtotal, never of the tip; a tip over the ceiling is refused naming tip", async () => {
    const s = await shop();
    const ada = await m.db.user.create({ data: { firstName: "Ada" } });
    // $1,000 and $70 on a $3 dish: refused, nothing placed (the one-call checkout names submit.tip).
    const fresh = () => m.db.user.create({ data: { firstName: "Bo" } });
    const before = await m.db.order.count();
    for (const tip of [1_000, 70, 20.01])
      await expect(place(s, await fresh(), [[s.fries.id, 1]], { tipPercent: undefined, tip })).rejects.toMatchObject({
        status: 400,
        errors: { "submit.tip": "A tip can be at most $20.00 on this order (50% of the subtotal, or $20.00)" },
      });
    expect(await m.db.order.count()).toBe(before);
    // The presets and custom amounts within the ceiling fit.
    expect((await place(s, await fresh(), [[s.fries.id, 1]], { tipPercent: undefined, tip: 20 })).tipCents).toBe(2_000);
    expect((await place(s, await fresh(), [[s.burger.id, 2]], { tipPercent: 30 })).tipCents).toBe(1_080);
    expect((await place(s, await fresh(), [[s.burger.id, 2]], { tipPercent: undefined, tip: 18 })).tipCents).toBe(1_800);

    // $24 of food and a $12 tip: two fries ($6, 25% of the subtotal) is not a small claim, though under 15% of the $44.89 total.
    const order = await delivered(
      s,
      ada,
      [
        [s.burger.id, 1],
        [s.fries.id, 2],
      ],
      { tipPercent: undefined, tip: 12 },
    );
    const claim = await m.problems.submitProblem(ada, order.id, report({ lines: [{ orderItemId: order.orderItems[1]!.id, quantity: 2, reason: "missing" }] }), null);
    expect(claim).toMatchObject({ status: "pending", refund: null });
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe("a line refund takes its fees back", () => {
  it("a $4.00 missing item refunds $4.40: the item from the restaurant, its 10% service fee from the platform", async () => {
    const s = await shop();
    const ada = await m.db.user.create({ data: { firstName: "Ada" } });
    const order = await delivered(s, ada, [
      [s.burger.id, 2],
      [s.soup.id, 1],
    ]);
    const restaurant = m.post.account.restaurant(s.restaurant.id);
    const [restaurantBefore, platformBefore, externalBefore] = [
      await balance(restaurant),
      await balance(m.post.account.platform),
      await balance(m.post.account.external),
    ];
    const problem = await m.problems.submitProblem(ada, order.id, report({ lines: [{ orderItemId: order.orderItems[1]!.id, quantity: 1, reason: "missing" }] }), null);
    expect(problem).toMatchObject({ status: "approved", requested: 4.4, refund: { amount: 4.4, to: "card", fronted: 0 } });
    expect(await balance(restaurant)).toBe(restaurantBefore - 400);
    expect(await balance(m.post.account.platform)).toBe(platformBefore - 40);
    // Owed to the card until the provider confirms the refund (card-refunds); external moves only then.
    expect(await balance(m.post.account.external)).toBe(externalBefore);
    expect(await m.db.ledgerLine.findMany({ where: { entry: { orderId: order.id, kind: "refund" }, account: "card-refunds" }, select: { amountCents: true } })).toEqual([
      { amountCents: 440 },
    ]);
    // The rest of the order later: the rest of the fee exactly, never a cent more than was charged.
    const rest = await m.problems.submitProblem(ada, order.id, report({ lines: [{ orderItemId: order.orderItems[0]!.id, quantity: 2, reason: "cold" }] }), null);
    const decided = await m.problems.decideAsOwner(s.owner, s.restaurant.id, rest.id, approveAll);
    expect(decided.refund!.amount * 100 + 440).toBe(4_000 + order.serviceFeeCents + order.deliveryFeeCents + order.priorityFeeCents);
    expect(await ledgerProblems()).toEqual([]);
  });
});
