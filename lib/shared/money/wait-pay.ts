// Pay for waiting at the restaurant (docs/architecture/couriers.md "Pay for waiting"): a courier
// who arrived at the restaurant (their position there: an arrival marked away from it earns none)
// is paid for each whole minute past the kitchen's promised ready time plus a grace, until the
// kitchen marks the order ready or the courier picks it up, at most a cap. The restaurant's
// balance pays it, posted once at pickup; the board shows it counting while the courier waits.
// One rule for the server's posting and the board's live line.

import type { Locale } from "@/lib/i18n/locale";
import type { Messages } from "@/lib/i18n/words";
import { fill } from "../words/fill";
import { formatCents } from "./money";

/** The market's rule (settings: COURIER_WAIT_PAY_CENTS, COURIER_WAIT_GRACE_MINUTES, COURIER_WAIT_PAY_MAX_MINUTES). */
export type WaitPayRule = { centsPerMinute: number; graceMinutes: number; maxMinutes: number };

const MINUTE_MS = 60_000;

/** The kitchen's promised ready time: acceptance plus its estimate, before any minutes it added later (+5/+10 cannot move the promise). */
export function promisedReadyAt(acceptedAt: Date, prepMinutes: number): Date {
  return new Date(acceptedAt.getTime() + prepMinutes * MINUTE_MS);
}

/** When paid waiting starts: the later of the arrival and the promised ready time plus the grace. */
export function waitPayFrom(arrivedAt: Date, promisedReadyAt: Date, rule: WaitPayRule): Date {
  return new Date(Math.max(arrivedAt.getTime(), promisedReadyAt.getTime() + rule.graceMinutes * MINUTE_MS));
}

/** Whole minutes paid between `from` and `until` (the kitchen's ready mark or the pickup, whichever came first), within the cap. */
export function waitPayMinutes(from: Date, until: Date, rule: Pick<WaitPayRule, "centsPerMinute" | "maxMinutes">): number {
  if (rule.centsPerMinute <= 0) return 0;
  return Math.min(rule.maxMinutes, Math.max(0, Math.floor((until.getTime() - from.getTime()) / MINUTE_MS)));
}

/** The board's line: "Courier waiting 7 min, $1.75" while it counts; "Courier waited 7 min: $1.75 wait pay" once paid. Null under a minute. */
export function waitPayLine(
  minutes: number,
  cents: number,
  paid: boolean,
  words: Pick<Messages["lines"]["cue"], "waited" | "waiting"> = WAIT_WORDS,
  locale: Locale = "en",
): string | null {
  if (minutes < 1 || cents < 1) return null;
  return fill(paid ? words.waited : words.waiting, { minutes, amount: formatCents(cents, { locale }) });
}

/** waitPayLine's English (the catalogue's lines.cue, held equal by lib/shared/kitchen/lines.test.ts). */
export const WAIT_WORDS = { waited: "Courier waited {minutes} min: {amount} wait pay", waiting: "Courier waiting {minutes} min, {amount}" };
