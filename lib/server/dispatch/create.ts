import "server-only";
import type { Restaurant } from "@/lib/generated/prisma/client";
import { courierPayCents, type Point } from "@/lib/shared/delivery/delivery";
import { geocodeZip } from "../geo/geocoder";
import type { Tx } from "../platform/db";
import { sqlOf, type Sql } from "../platform/sql";
import { insertWaitingJob, orderToDeliver, type ToDeliverRow } from "./queries/jobs";
import { offerJob, waitingJobSelect } from "./offer";
import { waitingJobDelivery, type OrderDeliveryInfo } from "./order-delivery";

/**
 * What a delivery job of `order` is made of: for a delivery order whose restaurant and customer
 * coordinates are known (the customer's saved point, else their ZIP's). A pickup order, one
 * without both points, or one its own staff deliver (a phone order's `staffDelivery`: never read
 * here, orderToDeliver leaves it out) or paid at the door has none (null): the restaurant
 * delivers it as before. The job starts unassigned.
 */
export function jobOf(order: ToDeliverRow, now: Date) {
  // Paid at the door (a phone order, docs/architecture/phone-orders.md): the restaurant's own staff take the food and the money.
  if (order.pickup || order.restaurantId === null || order.paymentMethod === "door") return null;
  if (order.pickupLat === null || order.pickupLng === null) return null;
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
  return {
    orderId: order.id,
    restaurantId: order.restaurantId,
    userId: order.userId,
    payCents: courierPayCents(order),
    pickupLat: order.pickupLat,
    pickupLng: order.pickupLng,
    dropoffLat: dropoff.lat,
    dropoffLng: dropoff.lng,
    dropoffAddress: [user.address, cityLine].filter(Boolean).join(", "),
    // All an offer shows of where the food goes (read.ts): the place and ZIP, no street.
    dropoffArea: cityLine || null,
    instructions: user.deliveryInstructions?.trim() || null,
    itemsCount: order.itemsCount ?? 0,
    createdAt: now,
  };
}

export type NewJob = NonNullable<ReturnType<typeof jobOf>>;

/**
 * The delivery job of an order just moved to where it needs a courier (an operator's re-dispatch,
 * a delivery request), in the caller's transaction, offered at once to the nearest eligible
 * courier (offer.ts). Returns the job's id, or null (jobOf: no job).
 */
export async function createJobForOrder(tx: Tx, orderId: number, now = new Date()): Promise<number | null> {
  const order = await orderToDeliver(sqlOf(tx), orderId);
  const data = order && jobOf(order, now);
  if (!data) return null;
  const job = await tx.deliveryJob.create({ data, select: waitingJobSelect });
  await offerJob(tx, job, now);
  return job.id;
}

/** The customer's saved address, unread: the order carries its own copy. */
const NO_SAVED_ADDRESS = { userAddress: null, userCity: null, userState: null, userZip: null, userLat: null, userLng: null, userInstructions: null };

/** What jobOfAccepted reads of the order as the step read it (orders/accept.ts). */
type AcceptedOrder = Omit<ToDeliverRow, "pickupLat" | "pickupLng" | "itemsCount" | keyof typeof NO_SAVED_ADDRESS> & {
  staffDelivery: boolean;
  orderItems: readonly { quantity: number }[];
};

/**
 * The job of an order the restaurant is accepting (orders/accept.ts), from the order as the step
 * read it and the restaurant's point: no statement, but for an order placed before its address
 * was copied onto it (the customer's saved one is read then). Null: no job.
 */
export async function jobOfAccepted(sql: Sql, order: AcceptedOrder, restaurant: Pick<Restaurant, "lat" | "lng">, now: Date): Promise<NewJob | null> {
  if (order.staffDelivery) return null;
  if (order.deliveryStreet == null) {
    const legacy = await orderToDeliver(sql, order.id);
    return legacy && jobOf(legacy, now);
  }
  const itemsCount = order.orderItems.reduce((sum, line) => sum + line.quantity, 0);
  return jobOf({ ...order, ...NO_SAVED_ADDRESS, pickupLat: restaurant.lat ?? null, pickupLng: restaurant.lng ?? null, itemsCount }, now);
}

/**
 * The new job written, unassigned (the dispatch tick offers it: tick.ts, in the job process), in
 * one statement; the order's delivery as its JSON shows it, without reading it back.
 */
export async function insertJob(sql: Sql, job: NewJob): Promise<{ id: number; delivery: OrderDeliveryInfo }> {
  const { id, distanceUnit } = await insertWaitingJob(sql, { ...job, state: "unassigned" });
  const point = (lat: number, lng: number): Point => ({ lat, lng });
  return { id, delivery: waitingJobDelivery(point(job.pickupLat, job.pickupLng), point(job.dropoffLat, job.dropoffLng), distanceUnit) };
}
