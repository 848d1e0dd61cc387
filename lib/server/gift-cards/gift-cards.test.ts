import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { buyGiftCardsSchema } from "@/lib/contract/gift-cards/rules";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../platform/testing/db";

// Gift cards through the ledger (docs/architecture/ledger.md "Gift cards"), against a real migrated
// database (SQLite, or PostgreSQL: npm run test:postgres): a purchase by card books the card money
// into the gift-cards liability and mails the recipient a code the buyer never sees; 20 racing
// redemptions credit one wallet once; the liability equals the cards sold and not redeemed after
// every step; a scheduled card is mailed by the job on its date; wrong codes are limited; only a
// disputed card's unredeemed card is voided, booked back; bad input is refused by field.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  provider: await import("../payments/providers/test/provider"),
  methods: await import("../payments/methods"),
  webhooks: await import("../payments/webhooks"),
  buy: await import("../payments/gift-card-purchase"),
  redeem: await import("./redeem"),
  read: await import("./read"),
  void: await import("./void"),
  book: await import("./book"),
  preview: await import("./preview"),
  mail: await import("../mail/message"),
  post: await import("../ledger/post"),
  parts: await import("../ledger/wallet-parts"),
  check: await import("../ledger/check"),
  paid: await import("../orders/testing/place-paid"),
  fixtures: await import("../platform/testing/fixtures"),
};

const inTx = <T>(work: (sql: import("../platform/sql").Sql) => Promise<T>) => m.sql.sqlTransaction(work);
const liability = () => inTx((sql) => m.post.balanceOf(sql, m.post.account.giftCards));
/** The USD cards sold (paid) and neither redeemed nor voided, summed from their rows. */
const outstanding = async () =>
  (await m.db.giftCard.aggregate({ where: { currency: "USD", paidAt: { not: null }, redeemedAt: null, voidedAt: null }, _sum: { amountCents: true } }))._sum
    .amountCents ?? 0;
const ledgerProblems = () => inTx((sql) => m.check.ledgerProblems(sql));
const wallet = (user: User) => inTx((sql) => m.parts.walletBalances(sql, user.id));
const buyInput = (body: unknown) => buyGiftCardsSchema.parse(body);
let address = 0;
const ip = () => `10.9.0.${++address}`;

/** The liability and the cards sold and not redeemed agree, and every ledger invariant holds. */
async function expectBalanced(cents: number) {
  expect(await liability()).toBe(cents);
  expect(await outstanding()).toBe(cents);
  expect(await ledgerProblems()).toEqual([]);
}

async function buyerWith(number = "4242424242424242"): Promise<User> {
  const user = await m.fixtures.customer("giver", { walletCents: 0 });
  const token = await m.provider.tokenize({ number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
  return user;
}

/** The code a card's mail carries, read from the mail as the worker composes it. */
async function mailedCode(cardId: number): Promise<{ code: string; to: string; text: string }> {
  const row = await m.db.notification.findFirstOrThrow({ where: { kind: "gift_card", cause: `gift-card:${cardId}`, channel: "email" } });
  expect(row.state).toBe("pending");
  const mail = await m.mail.composeMail({ ...row, requestId: null });
  const code = /Your code: ([A-Z0-9-]{19})/.exec(mail.text)?.[1];
  expect(code).toBeTruthy();
  return { code: code!, to: mail.to, text: mail.text };
}

const deliverWebhooks = () =>
  m.provider.deliverTestWebhooks(
    async (body, signature) => {
      await m.webhooks.handleWebhook("test", body, signature);
      return true;
    },
    new Date(Date.now() + 1_000),
  );

describe("buying a gift card", () => {
  it("books the card money into the gift-card liability and mails the recipient a code the buyer never sees", async () => {
    const before = await liability();
    const buyer = await buyerWith();
    const answer = await m.buy.buyGiftCards(buyer, buyInput({ recipients: [{ email: "Friend@Example.com", amount: 25, message: "Happy birthday" }] }), "k1");
    expect(answer).toMatchObject({ total: 25, currency: "USD", card: "Visa •••• 4242", cards: [{ recipientEmail: "friend@example.com", amount: 25, status: "sent" }] });
    expect(JSON.stringify(answer)).not.toMatch(/code/i);
    const payment = await m.db.payment.findFirstOrThrow({ where: { userId: buyer.id, purpose: "giftcard" } });
    expect(payment).toMatchObject({ state: "captured", capturedCents: 2_500 });
    const lines = await m.db.ledgerLine.findMany({ where: { entry: { key: `giftcard:${payment.id}` } }, orderBy: { account: "asc" } });
    expect(lines.map(({ account, amountCents }) => ({ account, amountCents }))).toEqual([
      { account: "external", amountCents: -2_500 },
      { account: "gift-cards", amountCents: 2_500 },
    ]);
    expect(await liability()).toBe(before + 2_500);
    const mail = await mailedCode(answer.cards[0]!.id);
    expect(mail.to).toBe("friend@example.com");
    expect(mail.text).toContain("Happy birthday");
    expect(mail.text).toContain(`/gift-cards/redeem?code=${mail.code}`);
    // A second request with the same key buys nothing more.
    await m.buy.buyGiftCards(buyer, buyInput({ recipients: [{ email: "friend@example.com", amount: 25, message: "Happy birthday" }] }), "k1");
    expect(await m.db.giftCard.count({ where: { buyerId: buyer.id } })).toBe(1);
    expect(await m.read.cardsSentBy(buyer, { limit: 10, offset: 0 })).toEqual([expect.objectContaining({ status: "sent", amount: 25 })]);
  });

  it("refuses a negative, zero, too large or wrong-currency amount with the field named, and charges nothing", async () => {
    const bad = (body: object) => buyGiftCardsSchema.safeParse({ recipients: [{ email: "a@example.com", amount: 10 }], ...body });
    const fieldsOf = (body: object) => {
      const result = bad(body);
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
    };
    expect(fieldsOf({ recipients: [{ email: "a@example.com", amount: -5 }] })).toEqual(["recipients.0.amount"]);
    expect(fieldsOf({ recipients: [{ email: "a@example.com", amount: 0 }] })).toEqual(["recipients.0.amount"]);
    expect(fieldsOf({ recipients: [{ email: "a@example.com", amount: 100_000 }] })).toEqual(["recipients.0.amount"]);
    expect(fieldsOf({ recipients: [{ email: "a@example.com", amount: 10.555 }] })).toEqual(["recipients.0.amount"]);
    expect(fieldsOf({ recipients: [{ email: "not-an-email", amount: 10 }] })).toEqual(["recipients.0.email"]);
    expect(fieldsOf({ currency: "CHF" })).toEqual(["currency"]);
    expect(fieldsOf({ recipients: [] })).toEqual(["recipients"]);
    const buyer = await buyerWith();
    // A currency of the table but no market's: refused before the card is charged.
    await expect(m.buy.buyGiftCards(buyer, buyInput({ currency: "EUR", recipients: [{ email: "a@example.com", amount: 10 }] }), null)).rejects.toMatchObject({
      status: 400,
      errors: { currency: expect.any(String) },
    });
    await expect(m.buy.buyGiftCards(buyer, buyInput({ sendOn: "2001-01-01", recipients: [{ email: "a@example.com", amount: 10 }] }), null)).rejects.toMatchObject({
      errors: { sendOn: expect.any(String) },
    });
    expect(await m.db.payment.count({ where: { userId: buyer.id } })).toBe(0);
  });

  it("a declined card buys nothing and leaves no card", async () => {
    const buyer = await buyerWith("4000000000000002");
    const before = await liability();
    await expect(m.buy.buyGiftCards(buyer, buyInput({ recipients: [{ email: "a@example.com", amount: 10 }] }), null)).rejects.toMatchObject({ status: 402 });
    expect(await m.db.giftCard.count({ where: { buyerId: buyer.id } })).toBe(0);
    expect(await liability()).toBe(before);
  });
});

describe("redeeming a gift card", () => {
  it("20 redemptions of one code at once: exactly one credits a wallet, the others are told it was redeemed", async () => {
    const buyer = await buyerWith();
    const answer = await m.buy.buyGiftCards(buyer, buyInput({ recipients: [{ email: "race@example.com", amount: 40 }] }), null);
    const { code } = await mailedCode(answer.cards[0]!.id);
    const before = await liability();
    const racers = await Promise.all(Array.from({ length: 20 }, () => m.fixtures.customer("racer", { walletCents: 0 })));
    const results = await Promise.allSettled(racers.map((racer) => m.redeem.redeemGiftCard(racer, code, ip())));
    const won = results.filter((result) => result.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const result of results.filter((r) => r.status === "rejected"))
      expect((result as PromiseRejectedResult).reason).toMatchObject({ status: 409, errors: { code: expect.any(String) } });
    const wallets = await Promise.all(racers.map((racer) => wallet(racer)));
    expect(wallets.filter((w) => w.totalCents > 0)).toEqual([{ paidCents: 4_000, promotionalCents: 0, totalCents: 4_000 }]);
    expect(await liability()).toBe(before - 4_000);
    expect(await m.read.cardsSentBy(buyer, { limit: 10, offset: 0 })).toEqual([expect.objectContaining({ status: "redeemed" })]);
    await expectBalanced(await outstanding());
  });

  it("the redeemed balance pays an order from the wallet, as paid money", async () => {
    const buyer = await buyerWith();
    const answer = await m.buy.buyGiftCards(buyer, buyInput({ recipients: [{ email: "eat@example.com", amount: 50 }] }), null);
    const eater = await m.fixtures.customer("eater", { walletCents: 0 });
    const redeemed = await m.redeem.redeemGiftCard(eater, (await mailedCode(answer.cards[0]!.id)).code.toLowerCase(), ip());
    expect(redeemed).toMatchObject({ amount: 50, currency: "USD", wallet: 50 });
    const s = await m.fixtures.shop();
    const submit = submitOrderSchema.parse({ deliveryOption: "pickup", tip: 0, paymentMethod: "wallet" });
    const order = await m.paid.placePaid(
      eater,
      { cart: placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit }) },
      submit,
    );
    expect((await wallet(eater)).totalCents).toBe(5_000 - order.totalCents);
    await expectBalanced(await outstanding());
  });

  it("an unknown code counts against the account: after the tries allowed, even a real code waits", async () => {
    const buyer = await buyerWith();
    const answer = await m.buy.buyGiftCards(buyer, buyInput({ recipients: [{ email: "late@example.com", amount: 10 }] }), null);
    const guesser = await m.fixtures.customer("guesser", { walletCents: 0 });
    for (let i = 0; i < 10; i++)
      await expect(m.redeem.redeemGiftCard(guesser, "AAAA-BBBB-CCCC-DDD" + "EFGHJKMNPQ"[i], ip())).rejects.toMatchObject({
        status: 400,
        errors: { code: expect.any(String) },
      });
    await expect(m.redeem.redeemGiftCard(guesser, (await mailedCode(answer.cards[0]!.id)).code, ip())).rejects.toMatchObject({ status: 429 });
    expect((await wallet(guesser)).totalCents).toBe(0);
  });
});

describe("the gift-card liability", () => {
  it("equals the cards sold and not redeemed after every step: a company's purchase, a scheduled card, a redemption, a void", async () => {
    await expectBalanced(await outstanding());
    const company = await buyerWith("4000000000000259");
    const preview = m.preview.previewGiftCards(company, "email,amount,message\nana@example.com,20,Thanks\nbad-email,10,\nbo@example.com,-3,\ncy@example.com,30,");
    expect(preview).toMatchObject({ total: 50, valid: 2 });
    expect(preview.rows.map((row) => Object.keys(row.errors))).toEqual([[], ["email"], ["amount"], []]);
    const ok = preview.rows.filter((row) => !Object.keys(row.errors).length);
    const bought = await m.buy.buyGiftCards(company, buyInput({ recipients: ok.map(({ email, amount, message }) => ({ email, amount, message })) }), null);
    expect(await m.db.payment.count({ where: { userId: company.id, purpose: "giftcard" } })).toBe(1);
    expect(bought.total).toBe(50);
    await expectBalanced(await outstanding());
    // A card for later: paid and booked now, mailed by the job on its date only.
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const buyer = await buyerWith();
    const scheduled = await m.buy.buyGiftCards(buyer, buyInput({ sendOn: later, recipients: [{ email: "later@example.com", amount: 15 }] }), null);
    expect(scheduled.cards[0]!.status).toBe("scheduled");
    expect(await m.db.notification.count({ where: { cause: `gift-card:${scheduled.cards[0]!.id}` } })).toBe(0);
    await m.book.mailDueGiftCards(new Date());
    expect(await m.db.notification.count({ where: { cause: `gift-card:${scheduled.cards[0]!.id}` } })).toBe(0);
    await m.book.mailDueGiftCards(new Date(Date.now() + 4 * 86_400_000));
    expect(await m.db.notification.count({ where: { cause: `gift-card:${scheduled.cards[0]!.id}`, channel: "email" } })).toBe(1);
    await expectBalanced(await outstanding());
    // The company's charge is disputed (the test provider's 0259 card): its unredeemed cards may be voided, booked back to external.
    await deliverWebhooks();
    const nia = await m.db.user.create({ data: { firstName: "Nia", email: `nia${Date.now()}@example.com`, operator: true } });
    const operator = { id: nia.id, firstName: nia.firstName };
    const [first, second] = bought.cards;
    await m.redeem.redeemGiftCard(await m.fixtures.customer("ana", { walletCents: 0 }), (await mailedCode(first!.id)).code, ip());
    await expect(m.void.voidGiftCard(operator, first!.id, "Charge disputed")).rejects.toMatchObject({ status: 409 });
    const voided = await m.void.voidGiftCard(operator, second!.id, "Charge disputed");
    expect(voided).toMatchObject({ status: "voided", disputed: true, voidReason: "Charge disputed" });
    await expect(m.void.voidGiftCard(operator, second!.id, "Again")).rejects.toMatchObject({ status: 409 });
    const code = (await mailedCode(second!.id)).code;
    await expect(m.redeem.redeemGiftCard(await m.fixtures.customer("cy", { walletCents: 0 }), code, ip())).rejects.toMatchObject({ status: 409 });
    // An undisputed card is not voided.
    await expect(m.void.voidGiftCard(operator, scheduled.cards[0]!.id, "No reason")).rejects.toMatchObject({ status: 409 });
    await expectBalanced(await outstanding());
  });
});
