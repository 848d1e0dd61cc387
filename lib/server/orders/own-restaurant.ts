import "server-only";
import { forbidden } from "../platform/errors";
import { said } from "@/lib/shared/words/said";

export const OWN_RESTAURANT_ORDER_MESSAGE = said("messages.ownRestaurantOrder");

/**
 * An owner does not order from their own restaurant: 403, nothing written. Ordering
 * from yourself moves no food, only money: with a problem report approved by yourself it took
 * refunds from the platform. Placement's guard (place.ts), for every way an order is placed.
 */
export function assertNotOwnRestaurant(user: { id: number }, restaurant: { ownerId: number }): void {
  if (restaurant.ownerId === user.id) throw forbidden(OWN_RESTAURANT_ORDER_MESSAGE);
}
