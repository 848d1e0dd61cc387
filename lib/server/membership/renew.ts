import "server-only";
import { minorToMajor } from "@/lib/shared/money/currency";
import { daysAfter, MEMBERSHIP_GRACE_DAYS, MEMBERSHIP_RETRY_HOURS, monthAfter } from "@/lib/shared/money/membership";
import { db } from "../platform/db";
import { appLog } from "../platform/log";
import { sqlTransaction } from "../platform/sql";
import { notify } from "../notifications/outbox";
import { cardsOfUser } from "../payments/methods";
import { recordPeriodCharge } from "../payments/membership-charge";
import { providerNamed } from "../payments/providers/select";
import { advancePeriod, claimDue, endDue, insertCharge, markFailed, postpone, type DueMembership } from "./queries";

// Renewals (docs/architecture/membership.md "Renewal"), the membership.renew job's pass: first the
// memberships whose time is up end (a canceled one at its period's end; a retired plan's at its
// period's end, never charged again, with a notice; a past-due one at its grace's end, with a
// notice); then each membership due (its period's end, or a retry; not a retired plan's) is claimed
// by one conditional UPDATE (two job processes: one takes it), its period charged through the
// provider's billing with a key of the period and attempt (a retry after a crash charges once),
// and the answer applied by one more conditional UPDATE: paid, the next period (its Payment and
// ledger entry in the same transaction, the period's charge listed once); declined, past due with
// a notice, tried again every MEMBERSHIP_RETRY_HOURS until MEMBERSHIP_GRACE_DAYS after the first
// failure; not issued yet (Stripe), asked again in ten minutes.

const CLAIM_MS = 2 * 60_000;
const BATCH = 50;
const HOUR_MS = 3600_000;

/** The job's pass at `now`: how many memberships it ended, renewed or found declined. */
export async function renewMemberships(now = new Date()): Promise<{ ended: number; renewed: number; failed: number }> {
  const ended = await sqlTransaction(async (sql) => {
    const rows = await endDue(sql, now);
    await notify(
      sql,
      rows
        .filter((row) => row.endReason !== "canceled")
        .map((row) => ({
          to: { userId: row.userId },
          kind: "membership_update" as const,
          cause: `membership:${row.id}:ended`,
          payload: { stage: row.endReason === "plan_retired" ? "retired" : "ended" },
        })),
      now,
    );
    return rows;
  });
  // The provider stops invoicing a membership its grace or its retired plan ended (a canceled one was canceled there already).
  for (const row of ended.filter((ended) => ended.endReason !== "canceled"))
    await providerNamed(row.provider)
      .billing.cancel(row.subscriptionId, `membership:${row.id}:cancel`)
      .catch((error: unknown) => appLog.warn("membership.cancel", { id: row.id, error: String(error) }));
  const due = await sqlTransaction((sql) => claimDue(sql, now, new Date(now.getTime() + CLAIM_MS), BATCH));
  let renewed = 0;
  let failed = 0;
  for (const membership of due) {
    // One membership's provider failure leaves its claim to lapse (retried in 2 minutes, same key); the others go on.
    const outcome = await renewOne(membership, now).catch((error: unknown) => {
      appLog.error("membership.renew", { id: membership.id, error: String(error) });
      return "lost" as const;
    });
    if (outcome === "paid") renewed++;
    if (outcome === "failed") failed++;
  }
  return { ended: ended.length, renewed, failed };
}

async function renewOne(m: DueMembership, now: Date): Promise<"paid" | "failed" | "pending" | "lost"> {
  const plan = await db.membershipPlan.findUniqueOrThrow({ where: { id: m.planId } });
  const cards = await cardsOfUser(m.userId);
  const card = cards.find((saved) => saved.id === m.cardId) ?? cards.find((saved) => saved.isDefault) ?? cards[0];
  const period = m.period + 1;
  const provider = providerNamed(m.provider);
  const invoice = card
    ? await provider.billing.chargePeriod({
        subscriptionId: m.subscriptionId,
        paymentMethodId: card.providerId,
        amountCents: plan.priceCents,
        currency: plan.currency,
        dueAt: m.periodEnd,
        idempotencyKey: `membership:${m.id}:period:${period}:attempt:${m.attempts}`,
      })
    : { status: "failed" as const, intent: null, failureCode: "card_declined" };
  if (invoice.status === "pending") {
    await sqlTransaction((sql) => postpone(sql, m.id, new Date(now.getTime() + 10 * 60_000)));
    return "pending";
  }
  if (invoice.status === "paid" && invoice.intent && card) {
    const intent = invoice.intent;
    const moved = await sqlTransaction(async (sql) => {
      if (!(await advancePeriod(sql, m.id, m.period, { periodStart: m.periodEnd, periodEnd: monthAfter(m.periodEnd) }))) return false;
      const paymentId = await recordPeriodCharge(sql, { userId: m.userId, provider: provider.name, intent, card, now });
      await insertCharge(sql, { paymentId, membershipId: m.id, period, now });
      return true;
    });
    return moved ? "paid" : "lost";
  }
  const graceEndsAt = m.graceEndsAt ?? daysAfter(now, MEMBERSHIP_GRACE_DAYS);
  const moved = await sqlTransaction(async (sql) => {
    if (!(await markFailed(sql, m.id, m, { graceEndsAt, nextChargeAt: new Date(now.getTime() + MEMBERSHIP_RETRY_HOURS * HOUR_MS) }))) return false;
    await notify(
      sql,
      {
        to: { userId: m.userId },
        kind: "membership_update",
        cause: `membership:${m.id}:period:${period}:failed:${m.attempts}`,
        payload: { stage: "renewal_failed", amount: minorToMajor(plan.priceCents, plan.currency), currency: plan.currency },
      },
      now,
    );
    return true;
  });
  return moved ? "failed" : "lost";
}
