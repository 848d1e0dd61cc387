import "server-only";
import { ACCEPTANCE_NOTE, RECORD_RULES, RECORD_WINDOW_DAYS, thresholdText } from "@/lib/shared/delivery/courier-record";
import { courierRatingReasonLabel } from "@/lib/shared/delivery/courier-rating";
import type { CourierRecordJson } from "@/lib/contract/couriers/record-schemas";
import { db, type Tx } from "../platform/db";
import { forbidden } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { courierTimeZone } from "../dispatch/state";
import { marksWithin, windowStart } from "./rules";
import { countedDeliveries, standingsOf } from "./standing";
import { said } from "@/lib/shared/words/said";

// GET /api/courier/record (docs/architecture/courier-screens.md "Record"): the courier's own record over the
// window, the rules with their thresholds as lib/shared/delivery/courier-record.ts writes them, the
// warnings and suspensions given, and their latest appeal. A suspended courier reads it too (their
// appeal starts here); someone who never delivered for Nosh gets a 403.

/** The signed-in user as a courier with a record (approved or suspended), or a 403. */
export function asRecordHolder(user: Pick<SessionUser, "id" | "courier" | "courierStatus">): { id: number; suspended: boolean } {
  if (!user.courier && user.courierStatus !== "suspended") throw forbidden(said("messages.notCourier"));
  return { id: user.id, suspended: !user.courier };
}

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : null);

export type AppealJson = CourierRecordJson["appeal"];

/** The courier's latest appeal as they read it (never the operator's name). */
export async function latestAppeal(tx: Tx, courierId: number): Promise<AppealJson> {
  const appeal = await tx.courierAppeal.findFirst({ where: { courierId }, orderBy: { id: "desc" } });
  if (!appeal) return null;
  return {
    id: appeal.id,
    status: appeal.status as "open" | "upheld" | "overturned",
    note: appeal.note,
    evidence: appeal.evidence !== null,
    answerBy: appeal.answerBy.toISOString(),
    answer: appeal.answer,
    answeredAt: appeal.answeredAt?.toISOString() ?? null,
    createdAt: appeal.createdAt.toISOString(),
  };
}

/** The record of `courierId` at `now` (the courier's own: callers check who asks). */
export async function recordOf(courierId: number, suspended: boolean, now = new Date()): Promise<CourierRecordJson> {
  const tx: Tx = db;
  {
    const deliveries = await countedDeliveries(tx, courierId, now);
    const standings = await standingsOf(tx, courierId, now);
    const offers = await tx.deliveryOffer.groupBy({
      by: ["answer"],
      where: { courierId, offeredAt: { gte: windowStart(now) }, answer: { in: ["accepted", "declined", "expired"] } },
      _count: { _all: true },
    });
    const offered = offers.reduce((sum, group) => sum + group._count._all, 0);
    const accepted = offers.find((group) => group.answer === "accepted")?._count._all ?? 0;
    const delivered = deliveries.filter((d) => !d.failed).length;
    const reasons = new Map<string, number>();
    for (const d of deliveries) if (d.downAt) reasons.set(d.downReason ?? "other", (reasons.get(d.downReason ?? "other") ?? 0) + 1);
    return {
      status: suspended ? "suspended" : "approved",
      windowDays: RECORD_WINDOW_DAYS,
      deliveries: deliveries.length,
      acceptance: { offers: offered, accepted, percent: percent(accepted, offered), note: ACCEPTANCE_NOTE },
      completion: { finished: deliveries.length, delivered, percent: percent(delivered, deliveries.length) },
      failed: deliveries.length - delivered,
      late: deliveries.filter((d) => d.late).length,
      thumbsDown: {
        count: deliveries.filter((d) => d.downAt).length,
        reasons: [...reasons].map(([reason, count]) => ({ reason, label: courierRatingReasonLabel(reason), count })),
      },
      rules: RECORD_RULES.map((rule) => ({
        key: rule.key,
        label: rule.label,
        what: rule.what,
        warning: thresholdText(rule.warning),
        suspension: thresholdText(rule.suspension),
        count: marksWithin(rule.key, rule.warning, deliveries).length,
        of: Math.min(rule.warning.of, deliveries.length),
        warned: standings.some((s) => s.kind === "warning" && s.rule === rule.key),
      })),
      standings: standings.map((s) => ({
        kind: s.kind as "warning" | "suspension",
        rule: s.rule,
        reason: s.reason,
        safety: s.safety,
        override: s.override,
        at: s.createdAt.toISOString(),
      })),
      appeal: await latestAppeal(tx, courierId),
      timeZone: await courierTimeZone(courierId),
    };
  }
}

/** GET /api/courier/record. */
export async function courierRecord(user: Pick<SessionUser, "id" | "courier" | "courierStatus">, now = new Date()): Promise<CourierRecordJson> {
  const holder = asRecordHolder(user);
  return recordOf(holder.id, holder.suspended, now);
}
