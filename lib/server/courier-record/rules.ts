import { RECORD_RULES, RECORD_WINDOW_DAYS, type RecordRule, type RecordRuleKey, type Threshold } from "@/lib/shared/delivery/courier-record";

// The record's rules applied (lib/shared/delivery/courier-record.ts holds the numbers): a pure function of
// the courier's deliveries in the window and the warnings and suspensions already given, so the
// evaluator at the event, the sweep and the record screen agree.

const DAY_MS = 24 * 3600_000;
export const windowStart = (now: Date) => new Date(now.getTime() - RECORD_WINDOW_DAYS * DAY_MS);

/** A delivery that ended (delivered or failed) in the window, as the rules read it. */
export type CountedDelivery = {
  endedAt: Date;
  failed: boolean;
  late: boolean;
  /** When the customer's thumbs down was given (null: none). */
  downAt: Date | null;
};
/** A warning or suspension given before (automatic or an operator's). */
export type Standing = { kind: "warning" | "suspension"; rule: string | null; at: Date };
export type Decision = { kind: "warning" | "suspension"; rule: RecordRule };

/** When `delivery` counts against `rule` (null: it does not). */
export function markOf(rule: RecordRuleKey, delivery: CountedDelivery): Date | null {
  if (rule === "failed") return delivery.failed ? delivery.endedAt : null;
  if (rule === "late") return delivery.late ? delivery.endedAt : null;
  return delivery.downAt;
}

/** The marks against `rule` among the courier's last `threshold.of` deliveries of the window (newest first in `deliveries`). */
export function marksWithin(rule: RecordRuleKey, threshold: Threshold, deliveries: readonly CountedDelivery[]): Date[] {
  return deliveries.slice(0, threshold.of).flatMap((delivery) => markOf(rule, delivery) ?? []);
}

/**
 * What the record calls for at `now`: a suspension when a warning under the same rule stands in
 * the window, the suspension's threshold is reached and a counted mark came after that warning
 * (and after any suspension under the rule since);
 * else a warning for each rule past its warning threshold without one. Never a suspension without
 * a warning first. `deliveries` newest first.
 */
export function decide(deliveries: readonly CountedDelivery[], standings: readonly Standing[], now: Date): Decision[] {
  const since = windowStart(now);
  const inWindow = deliveries.filter((delivery) => delivery.endedAt >= since && delivery.endedAt <= now);
  const warnings: Decision[] = [];
  for (const rule of RECORD_RULES) {
    const latest = (kind: Standing["kind"]) =>
      standings
        .filter((standing) => standing.kind === kind && standing.rule === rule.key && standing.at >= since)
        .reduce<Date | null>((found, standing) => (found && found > standing.at ? found : standing.at), null);
    const warned = latest("warning");
    // A mark after the warning, and after any suspension under the rule since (restored, or an appeal overturned it): never twice for the same marks.
    const suspended = latest("suspension");
    const after = suspended && warned && suspended > warned ? suspended : warned;
    const towardSuspension = marksWithin(rule.key, rule.suspension, inWindow);
    if (after && towardSuspension.length >= rule.suspension.count && towardSuspension.some((at) => at > after)) return [{ kind: "suspension", rule }];
    if (!warned && marksWithin(rule.key, rule.warning, inWindow).length >= rule.warning.count) warnings.push({ kind: "warning", rule });
  }
  return warnings;
}

/**
 * Whether an operator's suspension keeps the published rule: a warning (any rule's, or an
 * operator's own) stands in the window and a counted mark (a late or failed delivery, a thumbs
 * down) came after the latest one, and after any suspension since. "ok", or what is missing.
 */
export function suspensionGrounds(deliveries: readonly CountedDelivery[], standings: readonly Standing[], now: Date): "ok" | "no_warning" | "no_new_fault" {
  const since = windowStart(now);
  const latest = (kind: Standing["kind"]) =>
    standings.filter((s) => s.kind === kind && s.at >= since).reduce<Date | null>((found, s) => (found && found > s.at ? found : s.at), null);
  const warned = latest("warning");
  if (!warned) return "no_warning";
  const suspended = latest("suspension");
  const after = suspended && suspended > warned ? suspended : warned;
  const marks = deliveries.filter((d) => d.endedAt >= since && d.endedAt <= now).flatMap((d) => RECORD_RULES.flatMap((rule) => markOf(rule.key, d) ?? []));
  return marks.some((at) => at > after && at <= now) ? "ok" : "no_new_fault";
}
