import type { RestaurantJson } from "@/lib/contract/restaurants/schemas";
import type { OpeningHours } from "@/lib/shared/time/opening-hours";
import type { PickupPlace } from "./pickup-details";

/**
 * The restaurant as checkout reads it once: its hours (slots, closed-now), any pause of its
 * kitchen and, for pickup, where it is; the JSON's `openNow` until `nextChange` (openNowPerJson).
 */
export type CheckoutRestaurant = OpeningHours & { name: string; pausedUntil?: string | null } & PickupPlace &
  Partial<Pick<RestaurantJson, "openNow" | "nextChange" | "minOrder">>;

/** What the server's render of checkout sends of a restaurant (its JSON, as GET /api/restaurants/{id} answers it). */
export function toCheckoutRestaurant(restaurant: RestaurantJson): CheckoutRestaurant {
  const { name, timeZone, hours, closures, address, city, state, zip, deliveryTime, openNow, nextChange, pausedUntil, busyExtraMinutes, minOrder } = restaurant;
  // The delivery time as the kitchen's load makes it today.
  return {
    name,
    timeZone,
    hours,
    closures,
    address,
    city,
    state,
    zip,
    busyExtraMinutes,
    pausedUntil,
    minOrder,
    openNow,
    nextChange,
    deliveryTime: deliveryTime + busyExtraMinutes,
  };
}

/**
 * Open at `now` as the JSON says it (its openNow holds until its nextChange; null: not within the
 * week), else undefined (no JSON figures, or the change has come: the hours decide). Checkout asks
 * while it hydrates, where the hours' answer needs an Intl formatter (the restaurant's clock), the
 * browser's first: 150 ms of one task on Lighthouse's phone (docs/log/performance.md, "Phones again").
 */
export function openNowPerJson(restaurant: CheckoutRestaurant, now: Date): boolean | undefined {
  const { openNow, nextChange } = restaurant;
  if (openNow === undefined || nextChange === undefined) return undefined;
  return nextChange === null || now.getTime() < new Date(nextChange).getTime() ? openNow : undefined;
}
