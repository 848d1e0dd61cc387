import "server-only";
import { courierPayCents } from "@/lib/shared/delivery";
import { geocodeZip } from "../geo/geocoder";
import type { Tx } from "../platform/db";
import { sqlOf } from "../platform/sql";
import { orderToDeliver } from "./queries/jobs";
import { offerJob, waitingJobSelect } from "./offer";

/**
 * The delivery job of an order the restaurant just accepted, in the accept's transaction
 * (orders/accept.ts): for a delivery order whose restaurant and customer coordinates are known
 * (the customer's saved point, else their ZIP's). A pickup order, one without both points, or one
 * its own staff deliver (a phone order's `staffDelivery`, never read here: the query leaves it out)
 * or paid at the door has no job: the restaurant delivers it as before. The job starts unassigned and is offered at
 * once to the nearest eligible courier. Returns the job's id, or null.
 */
export async function createJobForOrder(tx: Tx, orderId: number, now = new Date()): Promise<number | null> {
  // Delivered by the restaurant's own staff (docs/architecture/phone-orders.md): never a courier's job (the read leaves it out).
  const order = await orderToDeliver(sqlOf(tx), orderId);
  // Paid at the door (a phone order, docs/architecture/phone-orders.md): the restaurant's own staff take the food and the money.
  if (!order || order.pickup || order.restaurantId === null || order.paymentMethod === "door") return null;
  if (order.pickupLat === null || order.pickupLng === null) return null;
  const pickup = { lat: order.pickupLat, lng: order.pickupLng };
  // The address the order was placed with (its copy, docs/architecture/places.md "Address book"), else (an order placed before the copy) the customer's.
  const user =
    order.deliveryStreet != null
      ? {
          address: [order.deliveryStreet, order.deliveryUnit].filter(Boolean).join(", "),
          city: order.deliveryCity,
          state: order.deliveryState,
          zip: order.deliveryZip,
          lat: order.deliveryLat,
          lng: order.deliveryLng,
          deliveryInstructions: order.deliveryNote,
        }
      : {
          address: order.userAddress,
          city: order.userCity,
          state: order.userState,
          zip: order.userZip,
          lat: order.userLat,
          lng: order.userLng,
          deliveryInstructions: order.userInstructions,
        };
  const dropoff = user.lat != null && user.lng != null ? { lat: user.lat, lng: user.lng } : geocodeZip(user.zip);
  if (!dropoff) return null;
  const cityLine = [user.city, [user.state, user.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const job = await tx.deliveryJob.create({
    data: {
      orderId: order.id,
      restaurantId: order.restaurantId,
      userId: order.userId,
      payCents: courierPayCents(order),
      pickupLat: pickup.lat,
      pickupLng: pickup.lng,
      dropoffLat: dropoff.lat,
      dropoffLng: dropoff.lng,
      dropoffAddress: [user.address, cityLine].filter(Boolean).join(", "),
      // All an offer shows of where the food goes (read.ts): the place and ZIP, no street.
      dropoffArea: cityLine || null,
      instructions: user.deliveryInstructions?.trim() || null,
      itemsCount: order.itemsCount ?? 0,
      createdAt: now,
    },
    select: waitingJobSelect,
  });
  await offerJob(tx, job, now);
  return job.id;
}
