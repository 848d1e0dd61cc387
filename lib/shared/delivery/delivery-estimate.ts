import { DELIVERY_ESTIMATE_MINUTES } from "../constants";

// The one delivery estimate before the kitchen accepts (docs/architecture/order-stages.md
// "Arrival window"): the restaurant page, its card, checkout, the placed order and the order page
// all state this range: the spec's (standard 20-35, priority 15-30 min), moved later by the
// minutes the restaurant's kitchen adds while busy and, while it is paused, the minutes until it
// reopens. Once the kitchen accepts, its own times take over (lib/shared/delivery/arrival.ts).
// Without the schedule's rules or any heavy import: the cards' first-load JavaScript stays as it is.

export type EstimateSource = {
  /** The minutes the kitchen adds while busy (0 when not). */
  busyExtraMinutes?: number | null;
  /** Minutes until a paused restaurant takes orders again (0 when not paused). */
  pausedMinutes?: number | null;
};

/** The range in minutes after ordering now: [20, 35] standard and [15, 30] priority for a restaurant neither busy nor paused. */
export function deliveryEstimateMinutes(source: EstimateSource, option: "standard" | "priority" = "standard"): [number, number] {
  const [min, max] = DELIVERY_ESTIMATE_MINUTES[option];
  const shift = Math.max(0, source.busyExtraMinutes ?? 0) + Math.max(0, source.pausedMinutes ?? 0);
  return [min + shift, max + shift];
}

/** "20-35 min": a range of minutes as the spec writes it (the estimate, a quote, an order's promise). */
export const rangeText = ([min, max]: readonly [number, number]): string => `${min}-${max} min`;

/** "20-35 min": the restaurant page, its card, checkout's choices and the order's delivery line. */
export function deliveryEstimateText(source: EstimateSource, option: "standard" | "priority" = "standard"): string {
  return rangeText(deliveryEstimateMinutes(source, option));
}

/** Minutes until a paused restaurant takes orders again (rounded up), 0 when it is not paused at `now`. */
export function pausedMinutesAt(pausedUntil: Date | string | null | undefined, now: Date | number): number {
  if (!pausedUntil) return 0;
  const left = new Date(pausedUntil).getTime() - new Date(now).getTime();
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

/** What the estimate reads of a restaurant's JSON at `now`: its busy minutes and, while paused, the minutes until it reopens. */
export function estimateSourceOf(r: { busyExtraMinutes?: number | null; pausedUntil?: string | null }, now: Date | number): EstimateSource {
  return { busyExtraMinutes: r.busyExtraMinutes ?? 0, pausedMinutes: pausedMinutesAt(r.pausedUntil, now) };
}

/** The estimate of a restaurant's JSON as of now (the clock read here, as the JSON's own pausedUntil was): its card and page. */
export const currentEstimateText = (r: { busyExtraMinutes?: number | null; pausedUntil?: string | null }): string =>
  deliveryEstimateText(estimateSourceOf(r, Date.now()));
