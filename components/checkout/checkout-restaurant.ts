import type { RestaurantJson } from "@/lib/contract/restaurant-schemas";
import type { OpeningHours } from "@/lib/shared/opening-hours";
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
