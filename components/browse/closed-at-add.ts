// An Add while the restaurant is closed still goes in (the order is scheduled at checkout) and
// says so then, rather than at checkout. The Add buttons (restaurant page, dish page, the dish's
// choices) call warnIfClosed after a successful add.

/** A restaurant's open-now as its JSON said at render (openNow, and when that flips): enough to judge "closed" at an Add's moment without its hours' code. */
export type OpenFacts = { openNow: boolean; nextChange: string | null };

/** The warning at an Add while the restaurant is closed: the order can still be scheduled at checkout. */
export const CLOSED_AT_ADD = "Closed, schedule for later: choose a delivery time at checkout.";

/** True when the restaurant is closed at `now` (its open-now, flipped once `nextChange` has passed). */
export function closedAt(facts: OpenFacts | undefined, now = Date.now()): boolean {
  if (!facts) return false;
  const flipped = facts.nextChange !== null && now >= Date.parse(facts.nextChange);
  return facts.openNow === flipped;
}

/** After a successful Add: the warning when the restaurant is closed now. */
export function warnIfClosed(open: OpenFacts | undefined, show: (message: string, tone: "info") => void): void {
  if (closedAt(open)) show(CLOSED_AT_ADD, "info");
}
