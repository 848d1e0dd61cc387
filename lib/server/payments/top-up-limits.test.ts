import { describe, expect, it } from "vitest";
import { topUpLimitsInputSchema } from "@/lib/contract/wallet/top-up-limit-rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The card top-up limits an operator sets (docs/architecture/payments.md "Wallet
// top-ups") on a real database: the settings' values until set; a lowered limit refuses the next
// top-up with the existing messages (per top-up and per day); the stored row is read by every
// top-up, so a change written by another server process holds at once; audited; bad input names
// its field.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  config: (await import("../platform/config")).config(),
  provider: await import("./providers/test/provider"),
  methods: await import("./methods"),
  topUp: await import("./top-up"),
  limits: await import("./top-up-limits"),
  fixtures: await import("../platform/testing/fixtures"),
};

describe("the operator's top-up limits", () => {
  it("a lowered limit refuses the next top-up with the existing message; audited; another process's change holds at once", async () => {
    const operator = await m.db.user.create({ data: { firstName: "Nia", operator: true } });
    const user = await m.fixtures.customer("limits");
    const token = await m.provider.tokenize({ number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
    await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
    const { topUpMinCents, topUpMaxCents, topUpDailyMaxCents } = m.config.money;
    const defaults = { min: topUpMinCents / 100, max: topUpMaxCents / 100, dailyMax: topUpDailyMaxCents / 100 };
    expect(await m.limits.topUpLimitsJson()).toEqual({ ...defaults, defaults, updatedAt: null, updatedBy: null, currency: "USD" });

    await m.topUp.topUpByCard(user, user.id, { amountCents: 6_000 }, "before");
    const set = await m.limits.setTopUpLimits(operator, { min: 10, max: 50, dailyMax: 100, reason: "Card fraud this week" });
    expect(set).toMatchObject({ min: 10, max: 50, dailyMax: 100, defaults, updatedBy: { id: operator.id, firstName: "Nia" } });
    await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 6_000 }, "too-big")).rejects.toMatchObject({
      status: 400,
      errors: { amount: "amount must be at most 50" },
    });
    await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 900 }, "too-small")).rejects.toMatchObject({
      status: 400,
      errors: { amount: "amount must be at least 10" },
    });
    // $60 today already: $40 more fits, $45 does not.
    await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 4_500 }, "over-the-day")).rejects.toMatchObject({
      status: 400,
      errors: { amount: "Top-ups are limited to $100.00 a day; you can add $40.00 more today" },
    });
    await m.topUp.topUpByCard(user, user.id, { amountCents: 4_000 }, "fits");

    const [audit] = await m.db.auditLog.findMany({ where: { action: "top-up-limits.set" } });
    expect(audit).toMatchObject({ operatorId: operator.id, reason: "Card fraud this week" });
    expect(JSON.parse(audit!.detail!)).toEqual({ before: defaults, after: { min: 10, max: 50, dailyMax: 100 } });

    // Another server process writes the row: no cache here, the next top-up reads it.
    await m.db.$executeRawUnsafe(`UPDATE "TopUpLimits" SET "maxCents" = 2000 WHERE "id" = 1`);
    await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 2_500 }, "other-process")).rejects.toMatchObject({ errors: { amount: "amount must be at most 20" } });
    expect(await m.db.payment.count({ where: { userId: user.id, purpose: "topup" } })).toBe(2);
  });

  it("bad limits name their fields", () => {
    const result = topUpLimitsInputSchema.safeParse({ min: 60, max: 50, dailyMax: 0.5 });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), inEnglish(issue.message)]))).toEqual({
      dailyMax: "dailyMax must be a whole number of dollars from 1 to 1000000",
    });
    const above = topUpLimitsInputSchema.safeParse({ min: 60, max: 50, dailyMax: 100 });
    expect(above.error!.issues.map((issue) => [issue.path.join("."), inEnglish(issue.message)])).toEqual([["min", "min must be at most max"]]);
    const missing = topUpLimitsInputSchema.safeParse({ max: 20_000 });
    expect(missing.error!.issues.map((issue) => issue.path.join(".")).sort()).toEqual(["dailyMax", "max", "min"]);
  });
});
