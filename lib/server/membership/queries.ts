import "server-only";
import { row, rowOf } from "../platform/row";
import type { Sql } from "../platform/sql";

// Memberships' plain SQL (docs/architecture/membership.md): the member's live plan as checkout
// reads it (on SQLite's direct path too), what an order saved, and the renewal job's claim (never a
// retired plan's), its period's advance, its failure and its end, each one conditional UPDATE (two
// job processes: one matches).

/** A membership that gives its benefits now: not ended, past its first charge, within its period (or a failed renewal's grace). */
const LIVE = `m."endedAt" IS NULL AND m."status" IN ('trialing', 'active', 'past_due') AND (m."periodEnd" > ? OR (m."status" = 'past_due' AND m."graceEndsAt" > ?))`;

/** The plans an operator retired: their memberships are charged no more and end at their period's end. */
const RETIRED_PLANS = `(SELECT "id" FROM "MembershipPlan" WHERE "retiredAt" IS NOT NULL)`;

const livePlanRow = rowOf({ id: row.int, marketId: row.int, basketCents: row.int, serviceFeeDiscountPercent: row.int, currency: row.text });
export type LivePlan = ReturnType<typeof livePlanRow>;

/** The user's membership giving benefits at `now`, with its plan's terms; undefined when none. */
export async function livePlanOf(sql: Sql, userId: number, now: Date): Promise<LivePlan | undefined> {
  const [found] = await sql.all(
    `SELECT m."id", p."marketId", p."basketCents", p."serviceFeeDiscountPercent", p."currency"
     FROM "Membership" m JOIN "MembershipPlan" p ON p."id" = m."planId" WHERE m."userId" = ? AND ${LIVE} LIMIT 1`,
    [userId, now, now],
  );
  return found === undefined ? undefined : livePlanRow(found);
}

/** A pending membership made live by its first charge (or its trial): the provider's subscription, its status, its first renewal date. */
export async function activate(sql: Sql, id: number, set: { subscriptionId: string; status: "trialing" | "active"; nextChargeAt: Date }): Promise<void> {
  await sql.all(`UPDATE "Membership" SET "subscriptionId" = ?, "status" = ?, "nextChargeAt" = ? WHERE "id" = ? AND "status" = 'pending'`, [
    set.subscriptionId,
    set.status,
    set.nextChargeAt,
    id,
  ]);
}

/** What a member's order saved, written with the order (its id is the row's: once). */
export async function insertBenefit(
  sql: Sql,
  benefit: { orderId: number; membershipId: number; userId: number; deliveryCents: number; serviceFeeCents: number; currency: string; now: Date },
): Promise<void> {
  await sql.all(
    `INSERT INTO "MemberBenefit" ("orderId", "membershipId", "userId", "deliveryCents", "serviceFeeCents", "currency", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT ("orderId") DO NOTHING`,
    [benefit.orderId, benefit.membershipId, benefit.userId, benefit.deliveryCents, benefit.serviceFeeCents, benefit.currency, benefit.now],
  );
}

/** Whether any order used the membership's benefits since `since` (the refund rule: membership/cancel.ts). */
export async function benefitUsedSince(sql: Sql, membershipId: number, since: Date): Promise<boolean> {
  const [found] = await sql.all(`SELECT 1 AS "one" FROM "MemberBenefit" WHERE "membershipId" = ? AND "createdAt" >= ? LIMIT 1`, [membershipId, since]);
  return found !== undefined;
}

const dueRow = rowOf({
  id: row.int,
  userId: row.int,
  planId: row.int,
  provider: row.text,
  subscriptionId: row.text,
  cardId: row.intOrNull,
  period: row.int,
  periodEnd: row.date,
  attempts: row.int,
  graceEndsAt: row.dateOrNull,
});
export type DueMembership = ReturnType<typeof dueRow>;

/** Memberships whose charge is due, each claimed until `until` by this pass (another process's pass skips it); at most `limit`. */
export async function claimDue(sql: Sql, now: Date, until: Date, limit: number): Promise<DueMembership[]> {
  const rows = await sql.all(
    `UPDATE "Membership" SET "claimedUntil" = ?
     WHERE "id" IN (SELECT "id" FROM "Membership" WHERE "endedAt" IS NULL AND "canceledAt" IS NULL AND "status" IN ('trialing', 'active', 'past_due')
                      AND "nextChargeAt" <= ? AND ("claimedUntil" IS NULL OR "claimedUntil" < ?) AND "planId" NOT IN ${RETIRED_PLANS} ORDER BY "nextChargeAt" LIMIT ?)
       AND "endedAt" IS NULL AND "canceledAt" IS NULL AND ("claimedUntil" IS NULL OR "claimedUntil" < ?)
     RETURNING "id", "userId", "planId", "provider", "subscriptionId", "cardId", "period", "periodEnd", "attempts", "graceEndsAt"`,
    [until, now, now, limit, now],
  );
  return rows.map(dueRow);
}

/** A paid renewal: the next period, once (only from `fromPeriod`). Returns whether this call moved it. */
export async function advancePeriod(sql: Sql, id: number, fromPeriod: number, next: { periodStart: Date; periodEnd: Date }): Promise<boolean> {
  const rows = await sql.all(
    `UPDATE "Membership" SET "period" = "period" + 1, "status" = 'active', "periodStart" = ?, "periodEnd" = ?, "nextChargeAt" = ?, "attempts" = 0, "graceEndsAt" = NULL, "claimedUntil" = NULL
     WHERE "id" = ? AND "period" = ? AND "endedAt" IS NULL RETURNING "id"`,
    [next.periodStart, next.periodEnd, next.periodEnd, id, fromPeriod],
  );
  return rows.length > 0;
}

/** A failed renewal: past due, one attempt more, the grace started by the first failure, the next try at `nextChargeAt`. Returns whether this call moved it. */
export async function markFailed(sql: Sql, id: number, from: { period: number; attempts: number }, next: { graceEndsAt: Date; nextChargeAt: Date }): Promise<boolean> {
  const rows = await sql.all(
    `UPDATE "Membership" SET "status" = 'past_due', "attempts" = "attempts" + 1, "graceEndsAt" = COALESCE("graceEndsAt", ?), "nextChargeAt" = ?, "claimedUntil" = NULL
     WHERE "id" = ? AND "period" = ? AND "attempts" = ? AND "endedAt" IS NULL RETURNING "id"`,
    [next.graceEndsAt, next.nextChargeAt, id, from.period, from.attempts],
  );
  return rows.length > 0;
}

/** The provider has not issued the period's invoice yet: asked again at `at`. */
export async function postpone(sql: Sql, id: number, at: Date): Promise<void> {
  await sql.all(`UPDATE "Membership" SET "nextChargeAt" = ?, "claimedUntil" = NULL WHERE "id" = ? AND "endedAt" IS NULL`, [at, id]);
}

const endedRow = rowOf({ id: row.int, userId: row.int, endReason: row.text, provider: row.text, subscriptionId: row.text });
export type EndedMembership = ReturnType<typeof endedRow>;

/** Memberships whose time is up: a canceled one, or one of a retired plan, at its period's end (a past-due one at once); a past-due one at its grace's end; each ended once. */
export async function endDue(sql: Sql, now: Date): Promise<EndedMembership[]> {
  const rows = await sql.all(
    `UPDATE "Membership" SET "status" = 'ended', "endedAt" = ?, "nextChargeAt" = NULL, "claimedUntil" = NULL,
       "endReason" = CASE WHEN "canceledAt" IS NOT NULL THEN 'canceled' WHEN "planId" IN ${RETIRED_PLANS} THEN 'plan_retired' ELSE 'payment_failed' END
     WHERE "endedAt" IS NULL AND "status" <> 'pending'
       AND ((("canceledAt" IS NOT NULL OR "planId" IN ${RETIRED_PLANS}) AND "periodEnd" <= ?) OR ("status" = 'past_due' AND "graceEndsAt" <= ?))
     RETURNING "id", "userId", "endReason", "provider", "subscriptionId"`,
    [now, now, now],
  );
  return rows.map(endedRow);
}

/** A paid period's charge listed once: a second payment for the same period is refused by the unique (membershipId, period). Returns whether it was listed. */
export async function insertCharge(sql: Sql, charge: { paymentId: number; membershipId: number; period: number; now: Date }): Promise<boolean> {
  const rows = await sql.all(
    `INSERT INTO "MembershipCharge" ("paymentId", "membershipId", "period", "createdAt") VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING "paymentId"`,
    [charge.paymentId, charge.membershipId, charge.period, charge.now],
  );
  return rows.length > 0;
}

/** The payment of the membership's period, if it was paid. */
export async function chargeOf(sql: Sql, membershipId: number, period: number): Promise<number | undefined> {
  const [found] = await sql.all(`SELECT "paymentId" FROM "MembershipCharge" WHERE "membershipId" = ? AND "period" = ?`, [membershipId, period]);
  return found === undefined ? undefined : rowOf({ paymentId: row.int })(found).paymentId;
}

/** What a membership's orders saved so far, in minor units. */
export async function savedBy(sql: Sql, membershipId: number): Promise<number> {
  const [found] = await sql.all(`SELECT CAST(COALESCE(SUM("deliveryCents" + "serviceFeeCents"), 0) AS BIGINT) AS "cents" FROM "MemberBenefit" WHERE "membershipId" = ?`, [
    membershipId,
  ]);
  return rowOf({ cents: row.int })(found).cents;
}

const reportRow = rowOf({
  planId: row.int,
  members: row.int,
  trialing: row.int,
  pastDue: row.int,
  churned: row.int,
  base: row.int,
  revenue: row.int,
  benefitCost: row.int,
  orders: row.int,
});
export type PlanReportRow = ReturnType<typeof reportRow>;

/** Each plan's members now, churn over the window from `since`, revenue (captured less refunded) and the cost of the benefits settled. */
export async function planReport(sql: Sql, now: Date, since: Date): Promise<PlanReportRow[]> {
  const rows = await sql.all(
    `SELECT p."id" AS "planId",
       (SELECT COUNT(*) FROM "Membership" m WHERE m."planId" = p."id" AND ${LIVE}) AS "members",
       (SELECT COUNT(*) FROM "Membership" m WHERE m."planId" = p."id" AND m."endedAt" IS NULL AND m."status" = 'trialing') AS "trialing",
       (SELECT COUNT(*) FROM "Membership" m WHERE m."planId" = p."id" AND m."endedAt" IS NULL AND m."status" = 'past_due') AS "pastDue",
       (SELECT COUNT(*) FROM "Membership" m WHERE m."planId" = p."id" AND m."endedAt" >= ?) AS "churned",
       (SELECT COUNT(*) FROM "Membership" m WHERE m."planId" = p."id" AND m."status" <> 'pending' AND (m."endedAt" IS NULL OR m."endedAt" >= ?)) AS "base",
       (SELECT CAST(COALESCE(SUM(pay."capturedCents" - pay."refundedCents"), 0) AS BIGINT) FROM "MembershipCharge" c
          JOIN "Membership" m ON m."id" = c."membershipId" JOIN "Payment" pay ON pay."id" = c."paymentId" WHERE m."planId" = p."id") AS "revenue",
       (SELECT CAST(COALESCE(SUM(b."deliveryCents" + b."serviceFeeCents"), 0) AS BIGINT) FROM "MemberBenefit" b JOIN "Membership" m ON m."id" = b."membershipId"
          WHERE m."planId" = p."id" AND EXISTS (SELECT 1 FROM "LedgerEntry" e WHERE e."key" = 'order:' || b."orderId" || ':member-benefit')) AS "benefitCost",
       (SELECT COUNT(*) FROM "MemberBenefit" b JOIN "Membership" m ON m."id" = b."membershipId" WHERE m."planId" = p."id") AS "orders"
     FROM "MembershipPlan" p ORDER BY p."id"`,
    [now, now, since, since],
  );
  return rows.map(reportRow);
}
