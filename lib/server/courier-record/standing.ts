import "server-only";
import { COURIER_SPEED_KMH, distanceKm } from "@/lib/shared/delivery/delivery";
import { RECORD_LATE_GRACE_MINUTES, thresholdText } from "@/lib/shared/delivery/courier-record";
import { db, type Tx } from "../platform/db";
import { conflict } from "../platform/errors";
import { recordAudit } from "../platform/audit";
import type { Operator } from "../platform/operator";
import { notify } from "../notifications/outbox";
import { sqlOf } from "../platform/sql";
import { lockUserRow } from "../problems/queries";
import { decide, marksWithin, suspensionGrounds, windowStart, type CountedDelivery, type Decision, type Standing } from "./rules";
import { said } from "@/lib/shared/words/said";

// Warnings and suspensions on a courier's record (docs/architecture/courier-screens.md "Record"): the
// deliveries the rules count, the evaluator (at a failed delivery and in the hourly sweep), and the
// one way a standing is written: its row, the audit row and the courier's notification in the
// caller's transaction.

/** Whether a delivered ride (pickup to drop-off) took more than its estimate plus the grace. */
export function rideLate(job: { pickupLat: number; pickupLng: number; dropoffLat: number; dropoffLng: number; pickedUpAt: Date | null; closedAt: Date | null }) {
  if (!job.pickedUpAt || !job.closedAt) return false;
  const km = distanceKm({ lat: job.pickupLat, lng: job.pickupLng }, { lat: job.dropoffLat, lng: job.dropoffLng });
  const estimateMinutes = (km / COURIER_SPEED_KMH) * 60;
  return (job.closedAt.getTime() - job.pickedUpAt.getTime()) / 60_000 > estimateMinutes + RECORD_LATE_GRACE_MINUTES;
}

/** The courier's deliveries that ended in the window, newest first, with their marks. */
export async function countedDeliveries(tx: Tx, courierId: number, now: Date): Promise<(CountedDelivery & { orderId: number; downReason: string | null })[]> {
  const jobs = await tx.deliveryJob.findMany({
    where: { courierId, state: { in: ["delivered", "failed"] }, closedAt: { gte: windowStart(now), lte: now } },
    orderBy: [{ closedAt: "desc" }, { id: "desc" }],
    select: { orderId: true, state: true, pickupLat: true, pickupLng: true, dropoffLat: true, dropoffLng: true, pickedUpAt: true, closedAt: true },
  });
  const downs = await tx.courierRating.findMany({
    where: { courierId, up: false, orderId: { in: jobs.map((job) => job.orderId) } },
    select: { orderId: true, reason: true, updatedAt: true },
  });
  const downOf = new Map(downs.map((down) => [down.orderId, down]));
  return jobs.map((job) => ({
    orderId: job.orderId,
    endedAt: job.closedAt!,
    failed: job.state === "failed",
    late: job.state === "delivered" && rideLate(job),
    downAt: downOf.get(job.orderId)?.updatedAt ?? null,
    downReason: downOf.get(job.orderId)?.reason ?? null,
  }));
}

/** The warnings and suspensions of the window, newest first. */
export async function standingsOf(tx: Tx, courierId: number, now: Date) {
  return tx.courierStanding.findMany({ where: { courierId, createdAt: { gte: windowStart(now) } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

const asStandings = (rows: { kind: string; rule: string | null; createdAt: Date }[]): Standing[] =>
  rows.map((row) => ({ kind: row.kind as Standing["kind"], rule: row.rule, at: row.createdAt }));

type Given = { courierId: number; kind: "warning" | "suspension"; rule: string | null; safety?: boolean; reason: string; override?: string; operator: Operator | null };

/** A warning or suspension's row, its audit row and the courier's notification (the caller moves the account for a suspension). */
export async function giveStanding(tx: Tx, given: Given, now: Date): Promise<void> {
  await tx.courierStanding.create({
    data: {
      courierId: given.courierId,
      kind: given.kind,
      rule: given.rule,
      safety: given.safety ?? false,
      reason: given.reason,
      override: given.override ?? null,
      operatorId: given.operator?.id ?? null,
      createdAt: now,
    },
  });
  if (given.kind === "suspension" && given.operator) return; // an operator's suspension is audited and told by actOnCourier.
  const stage = given.kind === "warning" ? "warned" : "suspended";
  await recordAudit(tx, given.operator, {
    action: given.kind === "warning" ? "courier.warn" : "courier.suspend",
    targetType: "user",
    targetId: given.courierId,
    reason: given.reason,
    detail: { rule: given.rule, by: given.operator ? "operator" : "record" },
  });
  await notify(
    sqlOf(tx),
    [
      {
        to: { userId: given.courierId },
        kind: "courier_account_update",
        cause: `courier:${given.courierId}:${stage}:${now.getTime()}`,
        payload: { stage, note: given.reason },
      },
    ],
    now,
  );
}

/**
 * An operator's suspension keeps the published rule (rules.ts suspensionGrounds: a warning, then a
 * new fault): refused (409 naming `override`, saying what is missing) unless the operator gave
 * `override`, the reason the courier reads for setting the rule aside.
 */
export async function assertSuspensionGrounds(tx: Tx, courierId: number, override: string | undefined, now: Date): Promise<void> {
  if (override) return;
  const grounds = suspensionGrounds(await countedDeliveries(tx, courierId, now), asStandings(await standingsOf(tx, courierId, now)), now);
  if (grounds === "ok") return;
  const message = grounds === "no_warning" ? said("messages.suspendNoWarning") : said("messages.suspendNoNewFault");
  throw conflict(message, { override: message });
}

const automaticReason = (decision: Decision, count: number) =>
  `${decision.rule.label}: ${count} of your last ${decision.rule[decision.kind].of} deliveries (the rule: ${thresholdText(decision.rule[decision.kind])})`;

/**
 * Applies the record's rules to an approved courier in the caller's transaction: a warning per rule
 * newly reached, or a suspension (off shift, `courier` cleared) when one is due and they carry no
 * delivery (else the sweep comes back to it). Returns what was given.
 */
export async function evaluateRecord(tx: Tx, courierId: number, now: Date): Promise<Decision[]> {
  // One evaluation of a courier at a time (the sweep on two instances, a failure during it): the second reads the first's warning.
  await lockUserRow(sqlOf(tx), courierId);
  const user = await tx.user.findUnique({ where: { id: courierId }, select: { courier: true } });
  if (!user?.courier) return [];
  const deliveries = await countedDeliveries(tx, courierId, now);
  const decisions = decide(deliveries, asStandings(await standingsOf(tx, courierId, now)), now);
  const given: Decision[] = [];
  for (const decision of decisions) {
    const count = marksWithin(decision.rule.key, decision.rule[decision.kind], deliveries).length;
    if (decision.kind === "suspension") {
      const state = await tx.courierState.findUnique({ where: { userId: courierId }, select: { activeJobs: true } });
      if (state && state.activeJobs > 0) continue;
      const { count: moved } = await tx.user.updateMany({ where: { id: courierId, courier: true }, data: { courierStatus: "suspended", courier: false } });
      if (!moved) continue;
      await tx.courierState.updateMany({ where: { userId: courierId }, data: { onShift: false, updatedAt: now } });
    }
    await giveStanding(tx, { courierId, kind: decision.kind, rule: decision.rule.key, reason: automaticReason(decision, count), operator: null }, now);
    given.push(decision);
  }
  return given;
}

/** The hourly sweep: every approved courier with a delivery ended in the window, each in its own transaction. Returns how many standings were given. */
export async function sweepCourierRecords(now: Date): Promise<number> {
  const couriers = await db.deliveryJob.findMany({
    where: { state: { in: ["delivered", "failed"] }, closedAt: { gte: windowStart(now) }, courierId: { not: null } },
    distinct: ["courierId"],
    select: { courierId: true },
  });
  let given = 0;
  for (const { courierId } of couriers) given += (await db.$transaction((tx) => evaluateRecord(tx, courierId!, now))).length;
  return given;
}
