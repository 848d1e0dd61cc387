import type { PauseChoice } from "./kitchen-text";
import { nextLocalMidnight, nextOpening, type OpeningHours } from "../time/opening-hours";

// The kitchen's instants that need the schedule's rules (docs/architecture/kitchen.md);
// its words and clock checks are in lib/shared/kitchen/kitchen-text.ts, which pages import without these rules.
export * from "./kitchen-text";

/** When a pause chosen at `now` ends. */
export function pauseEnd(choice: PauseChoice, now: Date, timeZone: string): Date {
  return choice === "today" ? new Date(nextLocalMidnight(now, timeZone)) : new Date(now.getTime() + Number(choice) * 60_000);
}

/**
 * Until when a dish marked sold out at `now` stays so: the restaurant's next opening (after the
 * current opening when open now), or its next local midnight when none is known within the week
 * (a restaurant open around the clock): "Sold out today".
 */
export function soldOutEnd(opening: OpeningHours, now: Date): Date {
  return nextOpening(opening, now) ?? new Date(nextLocalMidnight(now, opening.timeZone));
}
