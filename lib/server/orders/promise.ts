import "server-only";
import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import type { Sql } from "../platform/sql";
import { arrivalQuote, DEFAULT_PREP_MINUTES } from "./arrival-quotes";

// The arrival an order is promised when placed (docs/architecture/order-stages.md "The arrival
// quoted before ordering"): written with the order by place.ts checkPlacement.

/** What the promise reads of the restaurant placing reads. */
export type PromisingRestaurant = {
  id: number;
  lat: number | null;
  lng: number | null;
  pausedUntil: Date | string | null;
  capacityPer15?: number | null;
  defaultPrepMinutes?: number;
  busyExtraMinutes?: number;
  busyUntil?: Date | null;
};

export const NO_PROMISE = { promisedMinMinutes: null, promisedMaxMinutes: null };

/**
 * The arrival range an order for now delivered by a courier is promised (the one checkout showed:
 * lib/server/orders/arrival-quotes.ts, at the same instant, for the same address), in minutes
 * after placing; none for pickup or a scheduled slot (the slot is its promise).
 */
export async function promiseOf(
  sql: Sql,
  restaurant: PromisingRestaurant,
  customer: { lat: number | null; lng: number | null },
  input: SubmitOrderInput,
  scheduledFor: Date | null,
  now: Date,
): Promise<{ promisedMinMinutes: number | null; promisedMaxMinutes: number | null }> {
  const option = input.deliveryOption;
  if (scheduledFor || (option !== "standard" && option !== "priority")) return NO_PROMISE;
  const to = customer.lat !== null && customer.lng !== null ? { lat: customer.lat, lng: customer.lng } : null;
  const quote = await arrivalQuote(
    sql,
    {
      id: restaurant.id,
      lat: restaurant.lat,
      lng: restaurant.lng,
      defaultPrepMinutes: restaurant.defaultPrepMinutes ?? DEFAULT_PREP_MINUTES,
      busyExtraMinutes: restaurant.busyExtraMinutes ?? 0,
      busyUntil: restaurant.busyUntil ?? null,
      pausedUntil: restaurant.pausedUntil === null ? null : new Date(restaurant.pausedUntil),
      capacityPer15: restaurant.capacityPer15 ?? null,
    },
    to,
    now,
  );
  const [min, max] = quote[option];
  return { promisedMinMinutes: min, promisedMaxMinutes: max };
}
