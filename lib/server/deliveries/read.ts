import "server-only";
import { distanceUnitOf } from "@/lib/shared/delivery/distance";
import type { DeliveryJson, TrackingJson } from "@/lib/contract/deliveries/schemas";
import type { DeliveryStatus } from "@/lib/shared/delivery/deliveries";
import { translatorFor } from "@/lib/i18n/translate";
import { ORDER_DELIVERY_EVENTS, type JobState } from "@/lib/shared/delivery/delivery";
import { centsToDollars } from "@/lib/shared/money/money";
import type { DeliveryRequest } from "@/lib/generated/prisma/client";
import { withDeliveries, type OrderDeliveryInfo } from "../dispatch/order-delivery";
import { arrivalSelect } from "../orders/running-late";
import { orderArrival } from "../orders/to-json";
import { config } from "../platform/config";
import { db, type Tx } from "../platform/db";
import { notFound } from "../platform/errors";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { said } from "@/lib/shared/words/said";

/** What the tracking page and the API's `statusText` say of each status: English's (the catalogue's lines.deliveryStatus). */
const statusText = (status: DeliveryStatus): string => translatorFor("en", "lines.deliveryStatus")(status);

// A delivery-only request as its restaurant reads it (GET /api/manage/{id}/deliveries/{deliveryId})
// and as the public tracking page does (GET /api/deliveries/track/{token}): its order's stage and
// delivery job, read like any order's (dispatch/order-delivery.ts), the arrival window the
// customer's order page would show (orders/to-json.ts orderArrival).

const orderSelect = { ...arrivalSelect, closedAt: true, events: { orderBy: { id: "asc" }, select: { stage: true, at: true } } } as const;

async function orderOf(tx: Tx, orderId: number | null) {
  if (orderId === null) return null;
  const row = await tx.order.findUnique({ where: { id: orderId }, select: orderSelect });
  if (!row) return null;
  const [order] = await withDeliveries(tx, [{ ...row, delivery: null as OrderDeliveryInfo | null }]);
  return order!;
}
type ReadOrder = NonNullable<Awaited<ReturnType<typeof orderOf>>>;

const FROM_JOB: Partial<Record<JobState, DeliveryStatus>> = {
  unassigned: "finding_courier",
  offered: "finding_courier",
  assigned: "courier_assigned",
  at_pickup: "courier_at_pickup",
  picked_up: "picked_up",
  delivered: "delivered",
  failed: "failed",
};

/** Where the delivery stands: the order's end (canceled, delivered), else its job's state. */
function statusOf(order: ReadOrder | null): DeliveryStatus {
  if (!order || ["canceled", "rejected", "expired"].includes(order.stage ?? "")) return "canceled";
  if (order.stage === "delivered") return "delivered";
  return FROM_JOB[order.delivery?.delivery?.state ?? "unassigned"] ?? "finding_courier";
}

export const trackingUrl = (token: string) => `${config().linkOrigin}/track/${token}`;

function deliveryJson(request: DeliveryRequest, order: ReadOrder | null): DeliveryJson {
  const status = statusOf(order);
  const arrival = order ? orderArrival(order) : null;
  return {
    id: request.id,
    quoteId: request.quoteId,
    orderId: request.orderId,
    status,
    statusText: statusText(status),
    reference: request.reference,
    fee: centsToDollars(request.feeCents),
    tip: centsToDollars(request.tipCents),
    orderValue: centsToDollars(request.orderValueCents),
    paidWith: request.paidWith === "earnings" || request.paidWith === "card" ? request.paidWith : null,
    // The rule: canceled before pickup, the whole fee and tip back (deliveries/cancel.ts).
    refunded: status === "canceled" ? centsToDollars(request.feeCents + request.tipCents) : 0,
    pickupTime: request.pickupAt?.toISOString() ?? null,
    pickupEta: request.pickupEta.toISOString(),
    dropoffEta: arrival?.from ?? request.dropoffEta.toISOString(),
    dropoff: {
      name: request.dropoffName,
      phone: request.dropoffPhone,
      street: request.dropoffStreet,
      unit: request.dropoffUnit,
      city: request.dropoffCity,
      state: request.dropoffState,
      zip: request.dropoffZip,
      notes: request.dropoffNotes,
    },
    courier: order?.delivery?.courier ? { firstName: order.delivery.courier.firstName } : null,
    trackingUrl: request.trackingToken ? trackingUrl(request.trackingToken) : "",
    createdAt: (request.acceptedAt ?? request.createdAt).toISOString(),
    closedAt: order?.closedAt?.toISOString() ?? null,
  };
}

/** An accepted delivery of the restaurant (a quote not accepted, or another restaurant's: 404). */
export async function readDelivery(actor: Actor, restaurantId: number, deliveryId: number, client: Tx = db): Promise<DeliveryJson> {
  await getOwnedRestaurant(actor, restaurantId, client);
  const request = await client.deliveryRequest.findFirst({ where: { id: deliveryId, restaurantId, state: "accepted" } });
  if (!request) throw notFound(said("messages.deliveryNotFound"));
  return deliveryJson(request, await orderOf(client, request.orderId));
}

/** The stages the tracking page lists (no courier positions or offers). */
const STEPS = new Set(["accepted", "ready", "out_for_delivery", "delivered", "canceled"]);

/** The public tracking page's read: anyone with the token (unknown: 404); never the street or the phone. */
export async function trackDelivery(token: string): Promise<TrackingJson> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw notFound(said("messages.deliveryNotFound"));
  const request = await db.deliveryRequest.findUnique({
    where: { trackingToken: token },
    include: { restaurant: { select: { name: true, timeZone: true, market: { select: { distanceUnit: true } } } } },
  });
  if (!request) throw notFound(said("messages.deliveryNotFound"));
  const order = await orderOf(db, request.orderId);
  const status = statusOf(order);
  const arrival = order && !["delivered", "canceled", "failed"].includes(status) ? orderArrival(order) : null;
  const delivery = order?.delivery?.delivery ? { ...order.delivery.delivery } : null;
  if (delivery?.state === "picked_up" && arrival) Object.assign(delivery, { etaFrom: arrival.from, etaTo: arrival.to });
  return {
    restaurant: { name: request.restaurant.name, timeZone: request.restaurant.timeZone, distanceUnit: distanceUnitOf(request.restaurant.market.distanceUnit) },
    recipient: request.dropoffName.split(/\s+/)[0] ?? request.dropoffName,
    dropoffArea: [request.dropoffCity, `${request.dropoffState} ${request.dropoffZip}`].join(", "),
    status,
    statusText: statusText(status),
    courier: order?.delivery?.courier ?? null,
    delivery,
    eta: arrival ? { from: arrival.from, to: arrival.to } : null,
    steps: (order?.events ?? [])
      .filter((event) => STEPS.has(event.stage) && !(ORDER_DELIVERY_EVENTS as readonly string[]).includes(event.stage))
      .map((event) => ({ stage: event.stage, at: event.at.toISOString() })),
  };
}
