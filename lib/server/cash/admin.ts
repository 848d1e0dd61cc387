import "server-only";
import type { CashDepositInput, MarketCashInput } from "@/lib/contract/cash/rules";
import { DEFAULT_CURRENCY, majorIn, minorToMajor } from "@/lib/shared/money/currency";
import { said, word } from "@/lib/shared/words/said";
import { recordAudit } from "../platform/audit";
import { db } from "../platform/db";
import { notFound } from "../platform/errors";
import type { Operator } from "../platform/operator";
import { sqlOf, sqlTransaction } from "../platform/sql";
import { postDeposit } from "./ledger";
import { couriersHoldingCash, marketCashSettings, refusals, setCardOnly, updateMarketCash } from "./queries";

// The operator's cash at the door (docs/architecture/ledger.md "Cash at the door", /admin/cash): each market's setting,
// the couriers' undeposited cash (the ledger's courier-cash accounts) and its total per currency,
// the refusals couriers reported; a deposit recorded, a market's setting, a customer limited to
// cards, each audited in its own transaction.

const REFUSALS_LISTED = 50;

export type CashReportJson = Awaited<ReturnType<typeof cashReport>>;

export async function cashReport(_operator: Operator) {
  return sqlTransaction(async (sql) => {
    const markets = await marketCashSettings(sql);
    const holding = await couriersHoldingCash(sql);
    const refused = await refusals(sql, REFUSALS_LISTED);
    const totals = new Map<string, number>();
    for (const courier of holding) totals.set(courier.currency, (totals.get(courier.currency) ?? 0) - courier.balanceCents);
    return {
      markets: markets.map((m) => ({ id: m.id, name: m.name, currency: m.currency, enabled: m.cashEnabled, limit: minorToMajor(m.cashLimitCents, m.currency) })),
      couriers: holding.map((c) => ({
        courierId: c.courierId,
        firstName: c.firstName,
        email: c.email,
        currency: c.currency,
        owed: minorToMajor(-c.balanceCents, c.currency),
      })),
      total: [...totals].map(([currency, cents]) => ({ currency, owed: minorToMajor(cents, currency) })),
      refusals: refused.map((r) => ({
        orderId: r.orderId,
        at: r.at.toISOString(),
        customerId: r.customerId,
        firstName: r.firstName,
        email: r.email,
        cardOnly: r.cardOnly,
      })),
    };
  });
}

/** POST /api/admin/cash/deposits: the courier's cash account comes back by `amount` from the outside world (cash/ledger.ts postDeposit: a 409 naming `amount` beyond what they hold). */
export async function recordDeposit(operator: Operator, input: CashDepositInput, now = new Date()) {
  const currency = input.currency ?? DEFAULT_CURRENCY;
  return db.$transaction(async (tx) => {
    const deposit = await postDeposit(
      sqlOf(tx),
      { courierId: input.courierId, currency, amountCents: input.amount, method: input.method, reference: input.reference?.trim() ?? "", recordedById: operator.id },
      now,
    );
    const major = majorIn(currency);
    await recordAudit(tx, operator, {
      action: "cash.deposit",
      targetType: "user",
      targetId: input.courierId,
      reason: input.reference?.trim() || input.method,
      detail: { amount: major(input.amount), currency, method: input.method },
    });
    return { deposit: { id: deposit.id, courierId: input.courierId, amount: major(input.amount), currency, owed: major(deposit.owedCents) } };
  });
}

/** PUT /api/admin/markets/{id}/cash. */
export async function setMarketCash(operator: Operator, marketId: number, input: MarketCashInput, now = new Date()) {
  return db.$transaction(async (tx) => {
    const setting = await updateMarketCash(sqlOf(tx), marketId, input.enabled, input.limit, now);
    if (!setting) throw notFound(said("messages.notFound", { what: word("market") }));
    await recordAudit(tx, operator, {
      action: "market.cash",
      targetType: "market",
      targetId: marketId,
      reason: input.reason?.trim() || (input.enabled ? "Cash at the door on" : "Cash at the door off"),
      detail: { enabled: input.enabled, limit: minorToMajor(input.limit, setting.currency) },
    });
    return { market: { id: marketId, enabled: setting.cashEnabled, limit: minorToMajor(setting.cashLimitCents, setting.currency), currency: setting.currency } };
  });
}

/** PUT /api/admin/users/{id}/card-only: a customer limited to card payments, or the limit lifted. */
export async function limitToCard(operator: Operator, userId: number, cardOnly: boolean, why?: string, now = new Date()) {
  return db.$transaction(async (tx) => {
    if (!(await setCardOnly(sqlOf(tx), userId, cardOnly, operator.id, now))) throw notFound(said("messages.userNotFound"));
    await recordAudit(tx, operator, {
      action: cardOnly ? "user.card-only" : "user.card-only-lifted",
      targetType: "user",
      targetId: userId,
      reason: why?.trim() || (cardOnly ? "Refused to pay cash" : "Card-only limit lifted"),
    });
    return { user: { id: userId, cardOnly } };
  });
}
