import "server-only";
import { localDateKey, wallClock, weekdayOf, WEEKDAYS, type Weekday } from "@/lib/shared/time/opening-hours";
import { formatWeekday } from "@/lib/shared/time/format-date";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import type { PayoutScheduleInput } from "@/lib/contract/payouts/rules";
import { availableOf, requestPayoutIn } from "./lifecycle";
import { account } from "../ledger/post";
import { db } from "../platform/db";
import { sqlTransaction } from "../platform/sql";
import { payoutAccountReady } from "./queries/accounts";
import { claimScheduleDay, ownerEmailVerified, payoutPending, recordScheduleSkip } from "./queries/payouts";
import { getOwnedRestaurant, type Actor } from "../team/owned";

// A restaurant's weekly payout (docs/architecture/payouts.md "Payouts"): the
// owner picks a weekday (PUT /api/manage/{id}/payouts/schedule), and on that day of the
// restaurant's zone the payouts.scheduled job asks for the whole available balance through the
// owner's own path (requestPayoutIn: the same checks, the same Payout row and ledger entry). The
// day is claimed first, in the same transaction, by a conditional UPDATE of the schedule's
// `lastDay`: two instances (or two passes) on the same day ask once, and a restaurant with
// nothing available, or a payout still on its way, is skipped until next week; so is one whose
// owner's email is not verified (the owner's own Pay out answers 403 until it is: accounts/email-verification.ts), and
// one whose payout account is missing or not verified (payouts go only to verified accounts): the
// balance stays where it is, and the page says why the day was skipped (`skipped`).

export type SkipReason = "unverified" | "no_account" | "account_unverified";
export type PayoutScheduleJson = { weekday: Weekday; skipped: { day: string; reason: SkipReason; message: string } | null } | null;

/** A local date key ("2026-11-27") as the pages say a day ("Fri, Nov 27"): noon UTC of that date, read in UTC, is that date. */
const dayOf = (key: string, locale: Locale) => formatWeekday(new Date(`${key}T12:00:00Z`), "UTC", locale);

/** The schedule, a skipped day's message worded in `locale` (server.labels.payouts.skipped). */
export async function payoutScheduleOf(restaurantId: number, locale: Locale = "en"): Promise<PayoutScheduleJson> {
  const row = await db.payoutSchedule.findUnique({ where: { restaurantId } });
  if (!row) return null;
  const reason = row.skippedReason as SkipReason | null;
  const t = translatorFor(locale, "server.labels.payouts");
  return {
    weekday: WEEKDAYS[row.weekday]!,
    skipped: reason && row.lastDay ? { day: row.lastDay, reason, message: t("skipped", { day: dayOf(row.lastDay, locale), why: t(`skipReasons.${reason}`) }) } : null,
  };
}

/** The owner's choice: a weekday, or null for none (another owner's restaurant: 404). */
export async function setPayoutSchedule(actor: Actor, restaurantId: number, input: PayoutScheduleInput): Promise<PayoutScheduleJson> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  if (input.weekday === null) {
    await db.payoutSchedule.deleteMany({ where: { restaurantId: restaurant.id } });
    return null;
  }
  const weekday = WEEKDAYS.indexOf(input.weekday);
  await db.payoutSchedule.upsert({ where: { restaurantId: restaurant.id }, create: { restaurantId: restaurant.id, weekday }, update: { weekday } });
  return payoutScheduleOf(restaurant.id);
}

export type ScheduledOutcome = "paid" | "nothing" | "in_flight" | SkipReason;

/**
 * One restaurant's scheduled payout for the day `day` (YYYY-MM-DD, its zone): null when the day
 * was already claimed (by this process or another), else what came of it, in one transaction
 * with the claim.
 */
export async function payOutOnSchedule(restaurantId: number, day: string, now: Date): Promise<ScheduledOutcome | null> {
  return sqlTransaction(async (sql) => {
    if (!(await claimScheduleDay(sql, restaurantId, day, now))) return null;
    const id = account.restaurant(restaurantId);
    // requireVerifiedEmail's rule (accounts/email-verification.ts), and the payout account's, read in the claim's transaction.
    const ready = await payoutAccountReady(sql, id);
    const skip: SkipReason | null = !(await ownerEmailVerified(sql, restaurantId))
      ? "unverified"
      : ready === "none"
        ? "no_account"
        : ready === "not_ready"
          ? "account_unverified"
          : null;
    await recordScheduleSkip(sql, restaurantId, skip);
    if (skip) return skip;
    if (await payoutPending(sql, id)) return "in_flight";
    const { availableCents } = await availableOf(sql, id, now);
    if (availableCents <= 0) return "nothing";
    await requestPayoutIn(sql, id, availableCents, "amount", now);
    return "paid";
  });
}

/** The job's pass: every restaurant whose payout day it is today in its zone and not yet asked for today. */
export async function runScheduledPayouts(now = new Date()): Promise<{ paid: number; skipped: number }> {
  const schedules = await db.payoutSchedule.findMany({ select: { restaurantId: true, weekday: true, lastDay: true, restaurant: { select: { timeZone: true } } } });
  let paid = 0;
  let skipped = 0;
  for (const schedule of schedules) {
    const today = wallClock(now, schedule.restaurant.timeZone);
    if (WEEKDAYS[schedule.weekday] !== weekdayOf(today)) continue;
    const day = localDateKey(now, schedule.restaurant.timeZone);
    if (schedule.lastDay === day) continue;
    const outcome = await payOutOnSchedule(schedule.restaurantId, day, now);
    if (outcome === "paid") paid++;
    else if (outcome) skipped++;
  }
  return { paid, skipped };
}
