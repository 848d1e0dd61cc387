import { beforeAll, describe, expect, it } from "vitest";
import type { Payment, User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { recorded, sqlitePlanner } from "../platform/testing/plans";

// The ledger's per-order sums and the payments.sync job's question (docs/log/2026-11-28.md): each
// reads what one order, or the orders with a refund, hold, never every line of an account or every
// capture ever taken, however long the ledger grows. A card order is placed, captured, canceled late
// (refunded) and settled here; the statements each step reads are recorded and (SQLite) explained
// on a second connection: a LedgerLine is found by its entry (`entryId=?`), never by its account
// alone (`(account=?)`: external has a line for each payment and top-up the marketplace took), and
// the job starts from the refund entries (LedgerEntry_kind_orderId_idx). On either database the
// sums and the job's answer are checked too. No timing: the plans are what stays.

const test = setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  cancel: await import("../orders/cancel"),
  provider: await import("../payments/providers/test/provider"),
  methods: await import("../payments/methods"),
  checkout: await import("../payments/card-checkout"),
  paid: await import("../orders/testing/place-paid"),
  sync: await import("../payments/sync"),
  payments: await import("../payments/queries/sync-claims"),
  orderState: await import("../payments/queries/order-state"),
  reconcile: await import("../payouts/queries/reconcile"),
  queries: { ...(await import("./queries/order-sums")), ...(await import("./queries/refunds")) },
  fixtures: await import("../platform/testing/fixtures"),
};

const card = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });

const planOf = sqlitePlanner(test.url);

/** Plan lines that read a ledger account's lines, or a whole ledger, payment or order table. */
function unbounded(plan: string[]): string[] {
  return plan.filter((line) => /LedgerLine\w* \((account=\?)\)/.test(line) || /^SCAN (l|sl|e|se|r|p|o|"?(LedgerLine|LedgerEntry|Payment|Order)"?)\b/.test(line));
}

/** A customer whose default card always succeeds. */
async function cardCustomer(): Promise<User> {
  const user = await m.fixtures.customer("plans");
  const token = await m.provider.tokenize({ number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
  return user;
}

describe("the ledger's per-order sums and the payments.sync job read one order's rows, not the ledger's history", () => {
  let order: Awaited<ReturnType<typeof m.place.placeOrder>>;
  let payment: Payment;
  beforeAll(async () => {
    const s = await m.fixtures.shop();
    const user = await cardCustomer();
    const cart = placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit: card });
    order = await m.paid.placePaid(user, { cart }, card);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    const { promisedArrivalBy } = await m.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { promisedArrivalBy: true } });
    // Canceled past its window: the captured payment is refunded (a refund entry owed to the card), then sent to the provider.
    await m.cancel.cancelOrder(user, order.id, new Date(promisedArrivalBy!.getTime() + 60_000));
    await m.sync.syncOrderPayment(order.id);
    payment = await m.db.payment.findFirstOrThrow({ where: { orderId: order.id } });
  });

  it("the sums of an order's lines (what it owes its card, what clearing holds, its shares, its tax given back, the spilled refunds, its refunds with their reports) start from its entries", async () => {
    const { result, statements } = await recorded(async (sql) => ({
      // What it owes its card, as the payment sync reads it (with the payment and the stage, one statement).
      owed: (await m.orderState.paymentToSync(sql, order.id))?.owed,
      held: await m.queries.clearingHeld(sql, order.id),
      shares: await m.queries.orderShareRows(sql, order.id),
      settle: await m.queries.settleFacts(sql, order.id),
      tax: await m.queries.orderTaxFacts(sql, order.id, "tax"),
      spilled: await m.reconcile.externalRefundsSpilled(sql, order.id, payment.id),
      refunds: await m.queries.refundEntries(sql, order.id, ["card-refunds", "external", "wallet", "wallet-paid"]),
    }));
    // The whole total went back to the card: owed to it, then confirmed (card-refunds -> external).
    expect(result.owed).toBe(order.totalCents);
    expect(result.held).toBe(0);
    expect(result.shares.find((share) => share.account === "card-refunds")?.cents ?? 0).toBe(0);
    expect(result.settle?.held).toBe(0);
    expect(result.spilled).toBe(0);
    expect(result.refunds).toHaveLength(1);
    expect(statements).toHaveLength(7);
    if (planOf) for (const statement of statements) expect(unbounded(planOf(statement)), statement.text).toEqual([]);
  });

  it("the job lists a capture whose refund the provider was never asked for, and none once it was; its plan starts from the refund entries", async () => {
    expect(payment).toMatchObject({ state: "captured", refundedCents: order.totalCents });
    const settled = await recorded((sql) => m.payments.ordersToSync(sql, 50));
    expect(settled.result).toEqual([]);
    // A crash between the refund's commit and the call to the provider: the provider refunded nothing yet.
    await m.db.payment.update({ where: { id: payment.id }, data: { refundedCents: 0 } });
    const missed = await recorded((sql) => m.payments.ordersToSync(sql, 50));
    expect(missed.result).toEqual([order.id]);
    await m.db.payment.update({ where: { id: payment.id }, data: { refundedCents: payment.refundedCents } });
    if (!planOf) return;
    const plan = planOf(missed.statements[0]!);
    expect(unbounded(plan)).toEqual([]);
    expect(
      plan.some((line) => /SEARCH r USING (COVERING )?INDEX LedgerEntry_kind_orderId_idx \(kind=\?\)/.test(line)),
      plan.join("\n"),
    ).toBe(true);
  });
});
