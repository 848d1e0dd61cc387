// A kitchen's day (docs/architecture/kitchen.md): pausing new orders, busy minutes added to every
// prep time. Pure, so the owner's controls, the customers' pages and the server agree (the words
// customers read are kitchen-lines.ts's, from the catalogue); without the schedule's rules
// (lib/shared/kitchen/kitchen.ts has the instants that need them), so the pages with cards keep
// their first-load JavaScript (bench/first-load-js.mjs).

/** How long "Pause new orders" lasts: minutes, or the rest of the restaurant's day (its next local midnight). */
export const PAUSE_CHOICES = ["15", "30", "60", "today"] as const;
export type PauseChoice = (typeof PAUSE_CHOICES)[number];

/** The minutes "busy" adds to every prep time (0: not busy); it lasts the rest of the restaurant's day. */
export const BUSY_CHOICES = [0, 10, 20] as const;
export type BusyChoice = (typeof BUSY_CHOICES)[number];

type Instant = Date | string | number | null | undefined;
const ms = (value: Instant) => (value === null || value === undefined ? null : new Date(value).getTime());

/** The instant new orders are taken again, or null when they are taken now. */
export function pausedUntilAt(pausedUntil: Instant, now: Date): Date | null {
  const until = ms(pausedUntil);
  return until !== null && until > now.getTime() ? new Date(until) : null;
}

/** The minutes added to a prep time at `now` (0 once the busy spell is over). */
export function busyMinutesAt(r: { busyExtraMinutes: number; busyUntil: Instant }, now: Date): number {
  const until = ms(r.busyUntil);
  return r.busyExtraMinutes > 0 && until !== null && until > now.getTime() ? r.busyExtraMinutes : 0;
}

/** A dish marked sold out ("Sold out today", the catalogue's dish.soldOut): greyed out on the menu, refused at checkout until `soldOutUntil`. */
export const isSoldOut = (soldOutUntil: Instant, now: Date) => pausedUntilAt(soldOutUntil, now) !== null;
