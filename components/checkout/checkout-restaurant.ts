import type { RestaurantJson } from "@/lib/contract/schemas";
import type { OpeningHours } from "@/lib/shared/opening-hours";
import type { PickupPlace } from "./pickup-details";

/** The restaurant as checkout reads it once: its hours (slots, closed-now) and, for pickup, where it is. */
export type CheckoutRestaurant = OpeningHours & { name: string; pausedUntil?: string | null } & PickupPlace;

/** What the server's render of checkout sends of a restaurant (its JSON, as GET /api/restaurants/{id} answers it). */
export function toCheckoutRestaurant({
  name,
  timeZone,
  hours,
  closures,
  address,
  city,
  state,
  zip,
  deliveryTime,
  pausedUntil,
  busyExtraMinutes,
}: RestaurantJson): CheckoutRestaurant {
  return { name, timeZone, hours, closures, address, city, state, zip, deliveryTime: deliveryTime + busyExtraMinutes, pausedUntil };
}
