import "server-only";
import { DEFAULT_CURRENCY, majorIn, minorPerMajor } from "@/lib/shared/money/currency";
import { centsToDollars } from "@/lib/shared/money/money";
import type { TopUpLimitsInput } from "@/lib/contract/wallet/top-up-limit-rules";
import { db } from "../platform/db";
import { config } from "../platform/config";
import { badRequest, conflict, isUniqueViolation } from "../platform/errors";
import { sqlTransaction, type Sql } from "../platform/sql";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { storedTopUpLimits } from "./queries/top-ups";
import { said } from "@/lib/shared/words/said";

// The card top-up limits (docs/architecture/payments.md "Wallet top-ups"), one set per currency:
// what an operator set on /admin/top-up-limits?currency= (a TopUpLimits row), else for USD the
// settings WALLET_TOPUP_MIN, WALLET_TOPUP_MAX and WALLET_TOPUP_DAILY_MAX, and for another currency
// none: its top-ups are refused until an operator sets its limits (the settings are dollars).
// Read from the database by every top-up (no cache), so a change holds from the next top-up on.

export type TopUpLimits = { minCents: number; maxCents: number; dailyMaxCents: number };

export type TopUpLimitsJson = {
  /** Whole units of `currency`, in effect now (null: not set, its top-ups refused). */
  min: number | null;
  max: number | null;
  dailyMax: number | null;
  /** The settings' values (USD), in effect until an operator sets USD's limits. */
  defaults: { min: number; max: number; dailyMax: number };
  updatedAt: string | null;
  updatedBy: { id: number; firstName: string } | null;
  currency: string;
};

const defaults = (): TopUpLimits => {
  const { topUpMinCents, topUpMaxCents, topUpDailyMaxCents } = config().money;
  return { minCents: topUpMinCents, maxCents: topUpMaxCents, dailyMaxCents: topUpDailyMaxCents };
};

/** The limits of `currency` in effect, read in the caller's transaction (the daily check reads them with the day's sum); null: none set. */
export async function topUpLimitsIn(sql: Sql, currency = DEFAULT_CURRENCY): Promise<TopUpLimits | null> {
  return (await storedTopUpLimits(sql, currency)) ?? (currency === DEFAULT_CURRENCY ? defaults() : null);
}

export const topUpLimits = (currency = DEFAULT_CURRENCY): Promise<TopUpLimits | null> => sqlTransaction((sql) => topUpLimitsIn(sql, currency));

/** The markets' currencies, USD first. */
export async function topUpCurrencies(): Promise<string[]> {
  const rows = await db.market.findMany({ select: { currency: true }, distinct: ["currency"], orderBy: { currency: "asc" } });
  return [DEFAULT_CURRENCY, ...rows.map((row) => row.currency).filter((code) => code !== DEFAULT_CURRENCY)];
}

/** A 400 naming `field` unless a market uses `currency`. */
export async function assertTopUpCurrency(currency: string, field = "currency"): Promise<void> {
  if ((await topUpCurrencies()).includes(currency)) return;
  const message = `currency must be the currency of a market: ${(await topUpCurrencies()).join(", ")}`;
  throw badRequest(message, { [field]: message });
}

const unitsOf = (limits: TopUpLimits, currency = DEFAULT_CURRENCY) => {
  const major = currency === DEFAULT_CURRENCY ? centsToDollars : majorIn(currency);
  return { min: major(limits.minCents), max: major(limits.maxCents), dailyMax: major(limits.dailyMaxCents) };
};

/** GET /api/admin/top-up-limits?currency=: the limits of one currency in effect, the settings' defaults, and who set them last. */
export async function topUpLimitsJson(currency = DEFAULT_CURRENCY): Promise<TopUpLimitsJson> {
  await assertTopUpCurrency(currency);
  const row = await db.topUpLimits.findUnique({ where: { currency } });
  const by = row?.updatedById ? await db.user.findUnique({ where: { id: row.updatedById }, select: { id: true, firstName: true } }) : null;
  const inEffect = row ?? (currency === DEFAULT_CURRENCY ? defaults() : null);
  return {
    ...(inEffect ? unitsOf(inEffect, currency) : { min: null, max: null, dailyMax: null }),
    defaults: unitsOf(defaults()),
    updatedAt: row ? row.updatedAt.toISOString() : null,
    updatedBy: by,
    currency,
  };
}

/** PUT /api/admin/top-up-limits: one currency's limits stored (its row; USD's is id 1), audited with the limits before and after in the same transaction. */
export async function setTopUpLimits(operator: Operator, input: TopUpLimitsInput, now = new Date()): Promise<TopUpLimitsJson> {
  const currency = input.currency ?? DEFAULT_CURRENCY;
  await assertTopUpCurrency(currency);
  const unit = minorPerMajor(currency);
  const next = { minCents: input.min * unit, maxCents: input.max * unit, dailyMaxCents: input.dailyMax * unit };
  await saveLimits(operator, input, currency, next, now).catch((error: unknown) => {
    // Two operators setting a currency's first limits at once (PostgreSQL): the second's row is taken.
    if (isUniqueViolation(error)) throw conflict(said("rules.handlers.topUpLimitsRace"));
    throw error;
  });
  return topUpLimitsJson(currency);
}

type Limits = { minCents: number; maxCents: number; dailyMaxCents: number };

async function saveLimits(operator: Operator, input: TopUpLimitsInput, currency: string, next: Limits, now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    const stored = await tx.topUpLimits.findUnique({ where: { currency } });
    const before = stored ?? (currency === DEFAULT_CURRENCY ? defaults() : null);
    const last = await tx.topUpLimits.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
    const id = stored?.id ?? (currency === DEFAULT_CURRENCY ? 1 : Math.max(1, last?.id ?? 0) + 1);
    await tx.topUpLimits.upsert({
      where: { currency },
      create: { id, currency, ...next, updatedById: operator.id, updatedAt: now },
      update: { ...next, updatedById: operator.id, updatedAt: now },
    });
    const detail = { before: before ? unitsOf(before, currency) : null, after: unitsOf(next, currency) };
    await recordAudit(tx, operator, {
      action: "top-up-limits.set",
      targetType: "top-up-limits",
      targetId: id,
      reason: input.reason || "Card top-up limits changed",
      detail: currency === DEFAULT_CURRENCY ? detail : { currency, ...detail },
    });
  });
}
