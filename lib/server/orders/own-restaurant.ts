import "server-only";
import { forbidden } from "../platform/errors";

export const OWN_RESTAURANT_ORDER_MESSAGE = "You cannot order from your own restaurant";

/**
 * An owner does not order from their own restaurant: 403, nothing written. Ordering
 * from yourself moves no food, only money: with a problem report approved by yourself it took
 * refunds from the platform. Placement's guard (place.ts), for every way an order is placed.
 */
export function assertNotOwnRestaurant(user: { id: number }, restaurant: { ownerId: number }): void {
  if (restaurant.ownerId === user.id) throw forbidden(OWN_RESTAURANT_ORDER_MESSAGE);
}
