import "server-only";
import { cancelOutcome } from "@/lib/shared/money/membership";
import { formatCents } from "@/lib/shared/money/money";
import { saidTime, said } from "@/lib/shared/words/said";
import { db } from "../platform/db";
import { conflict, forbidden, notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { sqlTransaction } from "../platform/sql";
import { refundPeriodCharge } from "../payments/membership-charge";
import { providerNamed } from "../payments/providers/select";
import { benefitUsedSince, chargeOf } from "./queries";
import { membershipState } from "./subscribe";

// Cancelling a membership (docs/architecture/membership.md "Refunds"), any time: no renewal, the
// provider's subscription canceled, the benefits to the period's end; under the refund rule
// (lib/shared/money/membership.ts cancelOutcome) a paid period whose benefits no order used is
// refunded in full through the provider (booked platform -> external by its confirmation) and the
// membership ends now. One conditional UPDATE claims the cancellation: of two at once, one cancels.

/** DELETE /api/membership. */
export async function cancelMembership(user: SessionUser, now = new Date()) {
  if (user.guestAccount) throw forbidden(said("rules.membership.guest"));
  const row = await db.membership.findFirst({ where: { userId: user.id, endedAt: null, status: { not: "pending" } } });
  if (!row) throw notFound(said("rules.membership.none"));
  if (row.canceledAt) throw conflict(said("rules.membership.canceledAlready"));
  const { paymentId, used } = await sqlTransaction(async (sql) => ({
    paymentId: row.status === "active" ? await chargeOf(sql, row.id, row.period) : undefined,
    used: await benefitUsedSince(sql, row.id, row.periodStart),
  }));
  const { count } = await db.membership.updateMany({ where: { id: row.id, canceledAt: null, endedAt: null }, data: { canceledAt: now, nextChargeAt: null } });
  if (!count) throw conflict(said("rules.membership.canceledAlready"));
  await providerNamed(row.provider).billing.cancel(row.subscriptionId, `membership:${row.id}:cancel`);
  const plan = await db.membershipPlan.findUniqueOrThrow({ where: { id: row.planId } });
  const market = await db.market.findUnique({ where: { id: plan.marketId }, select: { timeZone: true } });
  let refundedCents = 0;
  if (paymentId !== undefined && cancelOutcome(true, used) === "refunded") {
    refundedCents = await refundPeriodCharge(paymentId, now);
    await db.membership.updateMany({ where: { id: row.id, endedAt: null }, data: { status: "ended", endedAt: now, endReason: "refunded", periodEnd: now } });
  }
  const message = refundedCents
    ? said("done.membershipRefunded", { amount: formatCents(refundedCents, { currency: plan.currency }) })
    : said("done.membershipCanceled", { date: saidTime(row.periodEnd, market?.timeZone ?? "UTC", "shortDateTime") });
  return { ...(await membershipState(user)), message };
}
