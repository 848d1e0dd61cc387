import "server-only";
import { centsToDollars } from "@/lib/shared/money";
import type { TopUpLimitsInput } from "@/lib/validation/top-up-limits";
import { db } from "../platform/db";
import { config } from "../platform/config";
import { sqlTransaction, type Sql } from "../platform/sql";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { storedTopUpLimits } from "./queries/top-ups";

// The card top-up limits (docs/architecture/payments.md "Wallet top-ups"): what an
// operator set on /admin/top-up-limits (the TopUpLimits row), else the settings WALLET_TOPUP_MIN,
// WALLET_TOPUP_MAX and WALLET_TOPUP_DAILY_MAX. Read from the database by every top-up (no cache),
// so a change holds from the next top-up on, in every server process.

export type TopUpLimits = { minCents: number; maxCents: number; dailyMaxCents: number };

export type TopUpLimitsJson = {
  /** Whole dollars, in effect now. */
  min: number;
  max: number;
  dailyMax: number;
  /** The settings' values, in effect until an operator sets the limits. */
  defaults: { min: number; max: number; dailyMax: number };
  updatedAt: string | null;
  updatedBy: { id: number; firstName: string } | null;
};

const defaults = (): TopUpLimits => {
  const { topUpMinCents, topUpMaxCents, topUpDailyMaxCents } = config().money;
  return { minCents: topUpMinCents, maxCents: topUpMaxCents, dailyMaxCents: topUpDailyMaxCents };
};

/** The limits in effect, read in the caller's transaction (the daily check reads them with the day's sum). */
export async function topUpLimitsIn(sql: Sql): Promise<TopUpLimits> {
  return (await storedTopUpLimits(sql)) ?? defaults();
}

export const topUpLimits = (): Promise<TopUpLimits> => sqlTransaction(topUpLimitsIn);

const dollarsOf = (limits: TopUpLimits) => ({
  min: centsToDollars(limits.minCents),
  max: centsToDollars(limits.maxCents),
  dailyMax: centsToDollars(limits.dailyMaxCents),
});

/** GET /api/admin/top-up-limits: the limits in effect, the settings' defaults, and who set them last. */
export async function topUpLimitsJson(): Promise<TopUpLimitsJson> {
  const row = await db.topUpLimits.findUnique({ where: { id: 1 } });
  const by = row?.updatedById ? await db.user.findUnique({ where: { id: row.updatedById }, select: { id: true, firstName: true } }) : null;
  return {
    ...dollarsOf(row ?? defaults()),
    defaults: dollarsOf(defaults()),
    updatedAt: row ? row.updatedAt.toISOString() : null,
    updatedBy: by,
  };
}

/** PUT /api/admin/top-up-limits: the limits stored (the one row), audited with the limits before and after in the same transaction. */
export async function setTopUpLimits(operator: Operator, input: TopUpLimitsInput, now = new Date()): Promise<TopUpLimitsJson> {
  const next = { minCents: input.min * 100, maxCents: input.max * 100, dailyMaxCents: input.dailyMax * 100 };
  await db.$transaction(async (tx) => {
    const before = (await tx.topUpLimits.findUnique({ where: { id: 1 } })) ?? defaults();
    await tx.topUpLimits.upsert({
      where: { id: 1 },
      create: { id: 1, ...next, updatedById: operator.id, updatedAt: now },
      update: { ...next, updatedById: operator.id, updatedAt: now },
    });
    await recordAudit(tx, operator, {
      action: "top-up-limits.set",
      targetType: "top-up-limits",
      targetId: 1,
      reason: input.reason || "Card top-up limits changed",
      detail: { before: dollarsOf(before), after: dollarsOf(next) },
    });
  });
  return topUpLimitsJson();
}
