// A membership's calendar and its refund rule (docs/architecture/membership.md), shared by the
// server and the pages that state them: a period is a calendar month (the 31st renews on the
// last day of a shorter month), a failed renewal is retried every day and the membership ends
// MEMBERSHIP_GRACE_DAYS after the first failure; benefits last through the grace.

export const MEMBERSHIP_GRACE_DAYS = 7;
export const MEMBERSHIP_RETRY_HOURS = 24;
export const MEMBERSHIP_TRIAL_MAX_DAYS = 90;
const DAY_MS = 86_400_000;

/** The same day and time a month later (UTC), clamped to the month's last day. */
export function monthAfter(at: Date): Date {
  const next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(at.getUTCDate(), last));
  return next;
}

export const daysAfter = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/**
 * The refund rule, one for every plan: a member who cancels a paid period whose benefits no order
 * used gets that period's charge back in full, and the membership ends at once; once a benefit was
 * used (or in a free trial) nothing is refunded, and the benefits last to the period's end.
 */
export type CancelOutcome = "refunded" | "to_period_end";
export const cancelOutcome = (paidPeriod: boolean, benefitUsed: boolean): CancelOutcome => (paidPeriod && !benefitUsed ? "refunded" : "to_period_end");
