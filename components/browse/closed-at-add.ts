// An Add while the restaurant is closed still goes in (the order is scheduled at checkout) and
// says so then, rather than at checkout. The Add buttons (restaurant page, dish page, the dish's
// choices) call warnIfClosed after a successful add.

import { pausedUntilAt } from "@/lib/shared/kitchen/kitchen-text";

/**
 * A restaurant's open-now as its JSON said at render (openNow, and when that flips): enough to judge
 * "closed" at an Add's moment without its hours' code; the owner's pause (until when); and the
 * warnings in the reader's words, finished by the server (lib/server/web/card-words.ts addFacts):
 * `closed` (dish.atAdd.closed), `paused` with the pause's end in the restaurant's zone, while paused.
 */
export type OpenFacts = { openNow: boolean; nextChange: string | null; pausedUntil?: string | null; words: { closed: string; paused?: string } };

/** True when the restaurant is closed at `now` (its open-now, flipped once `nextChange` has passed). */
export function closedAt(facts: OpenFacts | undefined, now = Date.now()): boolean {
  if (!facts) return false;
  const flipped = facts.nextChange !== null && now >= Date.parse(facts.nextChange);
  return facts.openNow === flipped;
}

/** The pause in force at `now`, or null. */
export const pausedAt = (facts: OpenFacts | undefined, now = Date.now()) => pausedUntilAt(facts?.pausedUntil, new Date(now));

/** After a successful Add: the warning when the restaurant is paused (until when, and that a scheduled order still goes) or closed now. */
export function warnIfClosed(open: OpenFacts | undefined, show: (message: string, tone: "info") => void): void {
  if (!open) return;
  if (pausedAt(open)) show(open.words.paused ?? open.words.closed, "info");
  else if (closedAt(open)) show(open.words.closed, "info");
}
