// An Add while the restaurant is closed still goes in (the order is scheduled at checkout) and
// says so then, rather than at checkout. The Add buttons (restaurant page, dish page, the dish's
// choices) call warnIfClosed after a successful add.

import { pausedLabel, pausedUntilAt } from "@/lib/shared/kitchen/kitchen-text";

/**
 * A restaurant's open-now as its JSON said at render (openNow, and when that flips): enough to judge
 * "closed" at an Add's moment without its hours' code; and the owner's pause (until when, in its zone).
 */
export type OpenFacts = { openNow: boolean; nextChange: string | null; pausedUntil?: string | null; timeZone?: string };

/** The warning at an Add while the restaurant is closed: the order can still be scheduled at checkout. */
export const CLOSED_AT_ADD = "Closed, schedule for later: choose a delivery time at checkout.";

/** True when the restaurant is closed at `now` (its open-now, flipped once `nextChange` has passed). */
export function closedAt(facts: OpenFacts | undefined, now = Date.now()): boolean {
  if (!facts) return false;
  const flipped = facts.nextChange !== null && now >= Date.parse(facts.nextChange);
  return facts.openNow === flipped;
}

/** The warning at an Add while the owner paused new orders: until when, and that a scheduled order still goes. */
export const pausedAtAdd = (until: Date, timeZone?: string) => `${pausedLabel(until, timeZone ?? "UTC")}: choose a later delivery time at checkout to order.`;

/** The pause in force at `now`, or null. */
export const pausedAt = (facts: OpenFacts | undefined, now = Date.now()) => pausedUntilAt(facts?.pausedUntil, new Date(now));

/** After a successful Add: the warning when the restaurant is paused or closed now. */
export function warnIfClosed(open: OpenFacts | undefined, show: (message: string, tone: "info") => void): void {
  const paused = pausedAt(open);
  if (paused) show(pausedAtAdd(paused, open?.timeZone), "info");
  else if (closedAt(open)) show(CLOSED_AT_ADD, "info");
}
