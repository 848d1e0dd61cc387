import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { setUpTestDatabase } from "../platform/testing/db";

// Changing an accepted order on a real migrated database (SQLite, and PostgreSQL
// with TEST_DATABASE_URL), through the real calls: checkout, the kitchen's accept, the kitchen's
// mark, the customer's answer, the job, the delivery's split. The money is exact, settles once,
// the restaurant is paid only for what it cooked, and the ledger's invariants hold after each.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  config: await import("../platform/config"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  complete: await import("../orders/complete"),
  post: await import("../ledger/post"),
  ledgerOrders: await import("../ledger/orders"),
  check: await import("../ledger/check"),
  checkout: await import("../payments/card-checkout"),
  paid: await import("../orders/testing/place-paid"),
  provider: await import("../payments/providers/test/provider"),
  methods: await import("../payments/methods"),
  fixtures: await import("../platform/testing/fixtures"),
  mark: await import("./mark"),
  answer: await import("./answer"),
  expire: await import("./expire"),
  sync: await import("../payments/sync"),
  refund: await import("../ledger/refund"),
  read: await import("./read"),
  reconcile: await import("../payouts/reconcile"),
};

const MINUTE = 60_000;
/** The reconciliation as the hourly job would run it once the grace has passed, over what this file's tests did. */
const started = new Date(Date.now() - MINUTE);
const reconciled = () => m.reconcile.reconciliationDifferences(new Date(Date.now() + m.reconcile.RECONCILE_GRACE_MS + MINUTE), started);
const balance = (id: string) => m.sql.sqlTransaction((sql) => m.post.balanceOf(sql, id));
const walletOf = async (user: User) => (await balance(m.post.account.wallet(user.id))) + (await balance(m.post.account.walletPaid(user.id)));
const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));
const held = (orderId: number) =>
  m.sql.sqlTransaction(async (sql) => {
    const [row] = await sql.all<{ cents: number | bigint | null }>(
      `SELECT CAST(SUM(l."amountCents") AS BIGINT) AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE e."orderId" = ? AND l."account" = 'clearing'`,
      [orderId],
    );
    return Number(row?.cents ?? 0);
  });

/** A restaurant with Dumplings ($10), a Bowl ($8), a cheaper Salad ($6) and a dearer Platter ($14); a customer (a saved `card` if given). */
async function world(card?: string, walletCents?: number) {
  const s = await m.fixtures.shop("kitchen");
  const dish = (name: string, priceCents: number) =>
    m.db.menuItem.create({ data: { restaurantId: s.restaurant.id, name, description: ".", priceCents, foodImage: "/d.webp", foodType: "entree" } });
  const bowl = await dish("Bowl", 800);
  const salad = await dish("Salad", 600);
  const platter = await dish("Platter", 1400);
  const user = await m.fixtures.customer("changer", walletCents === undefined ? {} : { walletCents });
  if (card) {
    const token = await m.provider.tokenize({ number: card, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
    await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
  }
  return { ...s, bowl, salad, platter, user };
}
type World = Awaited<ReturnType<typeof world>>;

/** 2 Dumplings and 1 Bowl, no tip, placed and accepted by the kitchen: the order, its lines. */
async function accepted(w: World, paymentMethod: "wallet" | "card") {
  const input = submitOrderSchema.parse({ deliveryOption: "standard", tip: 0, paymentMethod });
  const cart = placeOrderSchema.parse({
    restaurantId: w.restaurant.id,
    items: [
      { menuItemId: w.dish.id, quantity: 2 },
      { menuItemId: w.bowl.id, quantity: 1 },
    ],
    submit: input,
  });
  const placed = await m.paid.placePaid(w.user, { cart }, input);
  await m.accept.acceptOrder(w.owner, w.restaurant.id, placed.id, 20);
  const order = await m.db.order.findUniqueOrThrow({ where: { id: placed.id }, include: { orderItems: true } });
  const line = (menuItemId: number) => order.orderItems.find((item) => item.menuItemId === menuItemId)!;
  return { order, dumplings: line(w.dish.id), bowl: line(w.bowl.id) };
}

/** The restaurant's earnings on a delivered order of `subtotalCents` (no discount): the subtotal less the commission. */
const earned = (subtotalCents: number) => subtotalCents - Math.floor((subtotalCents * m.config.config().platformCommissionPercent) / 100);

describe("changing an accepted order", () => {
  it("a removal refunds the line and its service fee share exactly; the restaurant is paid at delivery only for what it cooked", async () => {
    const w = await world();
    const { order, dumplings } = await accepted(w, "wallet");
    expect(order.subtotalCents).toBe(2800);
    const wallet = await walletOf(w.user);
    const changeId = await m.mark.markUnavailable(w.owner, w.restaurant.id, order.id, { orderItemId: dumplings.id, quantity: 1 });
    const [asked] = await m.read.listOwnChanges(w.user, order.id);
    expect(asked).toMatchObject({ id: changeId, state: "asked", quantity: 1, itemName: "Dumplings", replacement: null });
    // Told at once: the bell's row and the order event the page's stream wakes on.
    expect(await m.db.notification.count({ where: { userId: w.user.id, kind: "order_changed", channel: "in_app" } })).toBe(1);
    expect(await m.db.orderEvent.count({ where: { orderId: order.id, stage: "prep_changed" } })).toBe(1);

    await m.answer.answerChange(w.user, order.id, changeId, "remove");
    const feeShare = Math.floor((order.serviceFeeCents * 1000) / 2800);
    const refund = 1000 + feeShare;
    expect(await walletOf(w.user)).toBe(wallet + refund);
    const after = await m.db.order.findUniqueOrThrow({ where: { id: order.id }, include: { orderItems: true } });
    expect(after.subtotalCents).toBe(1800);
    expect(after.serviceFeeCents).toBe(order.serviceFeeCents - feeShare);
    expect(after.totalCents).toBe(order.totalCents - refund);
    expect(after.orderItems.find((item) => item.id === dumplings.id)!.quantity).toBe(1);
    expect(await held(order.id)).toBe(after.totalCents);
    const [settled] = await m.read.listOwnChanges(w.user, order.id);
    expect(settled).toMatchObject({ state: "removed", delta: -refund / 100 });
    // The receipt shows it, marked as a change's: already off the order's total, which the page does not take it off again.
    const receipt = await m.sql.sqlTransaction((sql) => m.ledgerOrders.receiptRefunds(sql, order));
    expect(receipt.map((line) => [line.cents, line.label, line.change])).toEqual([[refund, "Refunded · unavailable dish", true]]);

    const restaurant = m.post.account.restaurant(w.restaurant.id);
    const before = await balance(restaurant);
    await m.complete.closeIncomingOrder(w.owner, w.restaurant.id, order.id, "Completed");
    // The split of the changed order: the delivery fee is the restaurant's too (its own staff delivered).
    expect((await balance(restaurant)) - before).toBe(earned(1800) + after.deliveryFeeCents + after.priorityFeeCents);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a cheaper replacement on a card is refunded through the provider; a dearer one from the wallet is charged", async () => {
    const c = await world("4242424242424242");
    const card = await accepted(c, "card");
    const cheap = await m.mark.markUnavailable(c.owner, c.restaurant.id, card.order.id, { orderItemId: card.bowl.id, quantity: 1, replacementId: c.salad.id });
    await m.answer.answerChange(c.user, card.order.id, cheap, "replace");
    const fee = (cents: number) => Math.floor((card.order.serviceFeeCents * cents) / 2800);
    const refund = 800 + fee(800) - (600 + fee(600));
    const cardAfter = await m.db.order.findUniqueOrThrow({ where: { id: card.order.id }, include: { orderItems: true } });
    expect(cardAfter.totalCents).toBe(card.order.totalCents - refund);
    expect(cardAfter.orderItems.map((item) => item.name).sort()).toEqual(["Dumplings", "Salad"]);
    const payment = await m.db.payment.findFirstOrThrow({ where: { orderId: card.order.id } });
    expect(payment.refundedCents).toBe(refund);
    expect(await held(card.order.id)).toBe(cardAfter.totalCents);

    const w = await world();
    const wallet = await accepted(w, "wallet");
    const dear = await m.mark.markUnavailable(w.owner, w.restaurant.id, wallet.order.id, { orderItemId: wallet.dumplings.id, quantity: 2, replacementId: w.platter.id });
    const before = await walletOf(w.user);
    await m.answer.answerChange(w.user, wallet.order.id, dear, "replace");
    const wfee = (cents: number) => Math.floor((wallet.order.serviceFeeCents * cents) / 2800);
    const charge = 2800 + wfee(2800) - (2000 + wfee(2000));
    expect(await walletOf(w.user)).toBe(before - charge);
    const after = await m.db.order.findUniqueOrThrow({ where: { id: wallet.order.id } });
    expect(after.subtotalCents).toBe(800 + 2800);
    expect(after.totalCents).toBe(wallet.order.totalCents + charge);
    expect(await held(wallet.order.id)).toBe(after.totalCents);
    const restaurant = m.post.account.restaurant(w.restaurant.id);
    const earnedBefore = await balance(restaurant);
    await m.complete.closeIncomingOrder(w.owner, w.restaurant.id, wallet.order.id, "Completed");
    expect((await balance(restaurant)) - earnedBefore).toBe(earned(3600) + after.deliveryFeeCents + after.priorityFeeCents);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a dearer replacement the wallet cannot cover is refused beside `answer`, nothing changed; a card pays it with a new charge", async () => {
    const w = await world(undefined, 4000);
    const { order, dumplings } = await accepted(w, "wallet");
    const changeId = await m.mark.markUnavailable(w.owner, w.restaurant.id, order.id, { orderItemId: dumplings.id, quantity: 2, replacementId: w.platter.id });
    const wallet = await walletOf(w.user);
    await expect(m.answer.answerChange(w.user, order.id, changeId, "replace")).rejects.toMatchObject({
      status: 400,
      errors: { answer: expect.stringMatching(/^Your wallet is \$\d+\.\d\d short for the replacement/) },
    });
    expect(await walletOf(w.user)).toBe(wallet);
    expect((await m.read.listOwnChanges(w.user, order.id))[0]!.state).toBe("asked");

    const c = await world("4242424242424242");
    const card = await accepted(c, "card");
    const dear = await m.mark.markUnavailable(c.owner, c.restaurant.id, card.order.id, { orderItemId: card.bowl.id, quantity: 1, replacementId: c.platter.id });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => m.answer.answerChange(c.user, card.order.id, dear, "replace")));
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    const charges = await m.db.testProviderIntent.findMany({ where: { returnUrl: `/orders/${card.order.id}`, capturedCents: { gt: 0 } } });
    const after = await m.db.order.findUniqueOrThrow({ where: { id: card.order.id } });
    const delta = after.totalCents - card.order.totalCents;
    expect(delta).toBeGreaterThan(0);
    expect(charges.map((charge) => [charge.amountCents, charge.capturedCents, charge.refundedCents])).toEqual([[delta, delta, 0]]);
    expect(await held(card.order.id)).toBe(after.totalCents);
    // The capture's own Payment (purpose change, linked to the change): the reconciliation finds it in the ledger.
    const payments = await m.db.payment.findMany({ where: { purpose: "change", orderChangeId: dear } });
    expect(payments.map((payment) => [payment.intentId, payment.capturedCents, payment.orderId])).toEqual([[charges[0]!.id, delta, null]]);
    expect(await reconciled()).toEqual([]);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a card's dearer replacement racing removals: a capture the removal beat is given back with a ledger trace; the reconciliation finds no difference", async () => {
    const c = await world("4242424242424242");
    const { order, bowl } = await accepted(c, "card");
    const changeId = await m.mark.markUnavailable(c.owner, c.restaurant.id, order.id, { orderItemId: bowl.id, quantity: 1, replacementId: c.platter.id });
    await Promise.allSettled(Array.from({ length: 6 }, (_, index) => m.answer.answerChange(c.user, order.id, changeId, index % 2 ? "replace" : "remove")));
    const [change] = await m.read.listOwnChanges(c.user, order.id);
    const charges = await m.db.testProviderIntent.findMany({ where: { returnUrl: `/orders/${order.id}`, capturedCents: { gt: 0 } } });
    const payments = await m.db.payment.findMany({ where: { purpose: "change", orderChangeId: changeId } });
    // One capture at most (the answers share its key), with one Payment; kept only when the replacement won.
    expect(charges.length).toBeLessThanOrEqual(1);
    expect(payments.map((payment) => payment.intentId)).toEqual(charges.map((charge) => charge.id));
    const kept = charges.reduce((sum, charge) => sum + charge.capturedCents - charge.refundedCents, 0);
    expect(kept).toBe(change!.state === "replaced" ? Math.round(change!.delta * 100) : 0);
    const after = await m.db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(await held(order.id)).toBe(after.totalCents);
    expect(await reconciled()).toEqual([]);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("without an answer in CHANGE_ANSWER_MINUTES the job removes the line and refunds it", async () => {
    const w = await world();
    const { order, bowl } = await accepted(w, "wallet");
    const now = new Date();
    const changeId = await m.mark.markUnavailable(w.owner, w.restaurant.id, order.id, { orderItemId: bowl.id, quantity: 1, replacementId: w.salad.id }, now);
    const wallet = await walletOf(w.user);
    const minutes = m.config.config().changeAnswerMinutes;
    // (The file's other changes still asked are the job's too: this change's own state is what is checked.)
    await m.expire.expireChanges(new Date(now.getTime() + (minutes - 1) * MINUTE));
    expect((await m.read.listOwnChanges(w.user, order.id))[0]!.state).toBe("asked");
    expect(await m.expire.expireChanges(new Date(now.getTime() + (minutes + 1) * MINUTE))).toBeGreaterThanOrEqual(1);
    await m.expire.expireChanges(new Date(now.getTime() + (minutes + 2) * MINUTE));
    expect(await m.db.ledgerEntry.count({ where: { key: { startsWith: `order-change:${changeId}:` } } })).toBe(1);
    const refund = 800 + Math.floor((order.serviceFeeCents * 800) / 2800);
    expect(await walletOf(w.user)).toBe(wallet + refund);
    const [change] = await m.read.listOwnChanges(w.user, order.id);
    expect(change).toMatchObject({ id: changeId, state: "expired", delta: -refund / 100 });
    expect(await m.db.orderItem.count({ where: { orderId: order.id, menuItemId: w.bowl.id } })).toBe(0);
    // Answered too late: the answer that matches is the settled state's, another is a 409.
    await expect(m.answer.answerChange(w.user, order.id, changeId, "replace")).rejects.toMatchObject({ status: 409 });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("20 parallel answers (half replace, half remove) settle once: one state, one ledger entry", async () => {
    const w = await world();
    const { order, dumplings } = await accepted(w, "wallet");
    const changeId = await m.mark.markUnavailable(w.owner, w.restaurant.id, order.id, { orderItemId: dumplings.id, quantity: 1, replacementId: w.salad.id });
    const wallet = await walletOf(w.user);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => m.answer.answerChange(w.user, order.id, changeId, index % 2 ? "replace" : "remove")),
    );
    const [change] = await m.read.listOwnChanges(w.user, order.id);
    const winner = change!.state === "replaced" ? "replace" : "remove";
    results.forEach((result, index) => {
      const mine = index % 2 ? "replace" : "remove";
      if (mine === winner) expect(result.status).toBe("fulfilled");
      else expect(result).toMatchObject({ status: "rejected", reason: { status: 409 } });
    });
    expect(await m.db.ledgerEntry.count({ where: { orderId: order.id, key: { startsWith: `order-change:${changeId}:` } } })).toBe(1);
    expect(await walletOf(w.user)).toBe(wallet - Math.round(change!.delta * 100));
    const after = await m.db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(after.totalCents).toBe(order.totalCents + Math.round(change!.delta * 100));
    expect(await held(order.id)).toBe(after.totalCents);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("bad input names the field; another's order is a 404; the whole order cannot be marked unavailable", async () => {
    const w = await world();
    const { order, dumplings, bowl } = await accepted(w, "wallet");
    const mark = (input: Parameters<typeof m.mark.markUnavailable>[3]) => m.mark.markUnavailable(w.owner, w.restaurant.id, order.id, input);
    await expect(mark({ orderItemId: dumplings.id, quantity: 3 })).rejects.toMatchObject({
      status: 400,
      errors: { quantity: "At most 2 of this dish can be marked unavailable" },
    });
    await expect(mark({ orderItemId: 999_999, quantity: 1 })).rejects.toMatchObject({ status: 400, errors: { orderItemId: expect.any(String) } });
    await expect(mark({ orderItemId: dumplings.id, quantity: 1, replacementId: w.dish.id })).rejects.toMatchObject({
      status: 400,
      errors: { replacementId: "Suggest a different dish" },
    });
    const other = await m.fixtures.shop("other");
    await expect(mark({ orderItemId: dumplings.id, quantity: 1, replacementId: other.dish.id })).rejects.toMatchObject({
      status: 400,
      errors: { replacementId: expect.any(String) },
    });
    await expect(m.mark.markUnavailable(other.owner, w.restaurant.id, order.id, { orderItemId: dumplings.id, quantity: 1 })).rejects.toMatchObject({ status: 404 });
    await mark({ orderItemId: dumplings.id, quantity: 2 });
    await expect(mark({ orderItemId: bowl.id, quantity: 1 })).rejects.toMatchObject({ status: 409 });
    const [change] = await m.read.listOwnChanges(w.user, order.id);
    const stranger = await m.fixtures.customer("stranger");
    await expect(m.answer.answerChange(stranger, order.id, change!.id, "remove")).rejects.toMatchObject({ status: 404 });
    await expect(m.read.listOwnChanges(stranger, order.id)).rejects.toMatchObject({ status: 404 });
    await expect(m.answer.answerChange(w.user, order.id, change!.id, "replace")).rejects.toMatchObject({ status: 400, errors: { answer: expect.any(String) } });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a replacement with a required option group: the answer's choice is checked as a cart line's (a 400 beside `options` without one, nothing changed) and priced in", async () => {
    const w = await world();
    const group = await m.db.optionGroup.create({
      data: {
        menuItemId: w.platter.id,
        name: "Size",
        minChoices: 1,
        maxChoices: 1,
        position: 0,
        options: {
          create: [
            { name: "Regular", priceDeltaCents: 0, position: 0 },
            { name: "Large", priceDeltaCents: 300, position: 1 },
          ],
        },
      },
      include: { options: true },
    });
    const large = group.options.find((option) => option.name === "Large")!;
    const { order, bowl } = await accepted(w, "wallet");
    // The kitchen's offer names the dish only.
    const changeId = await m.mark.markUnavailable(w.owner, w.restaurant.id, order.id, { orderItemId: bowl.id, quantity: 1, replacementId: w.platter.id });
    const wallet = await walletOf(w.user);
    await expect(m.answer.answerChange(w.user, order.id, changeId, "replace")).rejects.toMatchObject({ status: 400, errors: { options: "Choose 1 Size for Platter" } });
    expect((await m.read.listOwnChanges(w.user, order.id))[0]!.state).toBe("asked");
    expect(await walletOf(w.user)).toBe(wallet);

    await m.answer.answerChange(w.user, order.id, changeId, "replace", new Date(), [large.id]);
    const fee = (cents: number) => Math.floor((order.serviceFeeCents * cents) / 2800);
    const charge = 1700 + fee(1700) - (800 + fee(800));
    expect(await walletOf(w.user)).toBe(wallet - charge);
    const after = await m.db.order.findUniqueOrThrow({ where: { id: order.id }, include: { orderItems: { include: { options: true } } } });
    const platter = after.orderItems.find((item) => item.menuItemId === w.platter.id)!;
    expect(platter.priceCents).toBe(1700);
    expect(platter.options.map((option) => [option.optionId, option.groupName, option.name, option.priceDeltaCents])).toEqual([[large.id, "Size", "Large", 300]]);
    expect(after.subtotalCents).toBe(2000 + 1700);
    expect(after.totalCents).toBe(order.totalCents + charge);
    expect(await held(order.id)).toBe(after.totalCents);
    expect((await m.read.listOwnChanges(w.user, order.id))[0]).toMatchObject({ state: "replaced", delta: charge / 100 });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a full refund after a dearer card replacement refunds both payments through the provider; the reconciliation finds no difference", async () => {
    const c = await world("4242424242424242");
    const { order, bowl } = await accepted(c, "card");
    const dear = await m.mark.markUnavailable(c.owner, c.restaurant.id, order.id, { orderItemId: bowl.id, quantity: 1, replacementId: c.platter.id });
    await m.answer.answerChange(c.user, order.id, dear, "replace");
    const changed = await m.db.order.findUniqueOrThrow({ where: { id: order.id } });
    const delta = changed.totalCents - order.totalCents;
    expect(delta).toBeGreaterThan(0);
    // The cancel (its own sync after the commit) racing the job's syncs: each payment is refunded once.
    await Promise.all([
      m.complete.closeIncomingOrder(c.owner, c.restaurant.id, order.id, "Canceled"),
      ...Array.from({ length: 4 }, () => m.sync.syncOrderPayment(order.id)),
    ]);
    await Promise.all(Array.from({ length: 3 }, () => m.sync.syncOrderPayment(order.id)));
    const own = await m.db.payment.findFirstOrThrow({ where: { orderId: order.id } });
    const change = await m.db.payment.findFirstOrThrow({ where: { purpose: "change", orderChangeId: dear } });
    expect([own.capturedCents, own.refundedCents]).toEqual([order.totalCents, order.totalCents]);
    expect([change.capturedCents, change.refundedCents]).toEqual([delta, delta]);
    const intents = await m.db.testProviderIntent.findMany({ where: { id: { in: [own.intentId, change.intentId] } } });
    expect(intents.map((intent) => intent.refundedCents - intent.capturedCents)).toEqual([0, 0]);
    // Nothing left owed to the card, nothing left in clearing; the job's pass finds nothing to do and moves nothing more.
    expect((await m.sql.sqlTransaction((sql) => m.refund.orderShares(sql, order.id))).get(m.post.account.cardRefunds) ?? 0).toBe(0);
    expect(await held(order.id)).toBe(0);
    await m.sync.syncPayments();
    expect((await m.db.payment.findUniqueOrThrow({ where: { id: change.id } })).refundedCents).toBe(delta);
    expect(await reconciled()).toEqual([]);
    expect(await ledgerProblems()).toEqual([]);
  });
});
