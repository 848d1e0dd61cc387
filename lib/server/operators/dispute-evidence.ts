import "server-only";
import { formatCents } from "@/lib/shared/money/money";
import { formatDateTime, formatTime } from "@/lib/shared/time/format-date";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { cardLabel } from "@/lib/shared/money/payment-cards";
import { db } from "../platform/db";
import type { DisputeEvidence } from "../payments/providers/provider";

// The evidence of a disputed order, gathered into one submission (docs/architecture/disputes.md
// "Evidence"): the receipt (lines, totals, card), the customer, when and where it was delivered,
// the drop-off photo (whether one was kept), the courier's positions on the way and the
// messages between the customer and the courier. Times in the restaurant's zone, through the one
// formatter. What is gone is said so: positions are kept 7 days, photos until the report window closes.

/** A dispute's evidence as gathered now, `explanation` the operator's words (empty until they write them). */
export async function gatherEvidence(orderId: number | null, paymentId: number | null, explanation = ""): Promise<DisputeEvidence> {
  const none: DisputeEvidence = {
    receipt: "Not an order's payment",
    customerName: "",
    customerEmail: "",
    serviceDate: null,
    shippingAddress: null,
    deliveryPhoto: "No photo",
    positionTrail: "",
    messages: "",
    explanation,
  };
  if (orderId === null) return none;
  const [order, payment, job, positions, messages] = await Promise.all([
    db.order.findUnique({
      where: { id: orderId },
      include: { orderItems: { orderBy: { id: "asc" } }, restaurant: { select: { timeZone: true } } },
    }),
    paymentId === null ? null : db.payment.findUnique({ where: { id: paymentId } }),
    db.deliveryJob.findUnique({ where: { orderId }, select: { dropoffAddress: true, closedAt: true } }),
    db.orderEvent.findMany({ where: { orderId, stage: "courier_position" }, orderBy: { id: "asc" }, take: 200 }),
    db.deliveryMessage.findMany({ where: { orderId }, orderBy: { id: "asc" }, take: 200 }),
  ]);
  if (!order) return none;
  const zone = order.restaurant?.timeZone ?? MARKET_TIME_ZONE;
  const customer = await db.user.findUnique({ where: { id: order.userId }, select: { firstName: true, lastName: true, email: true } });
  const lines = order.orderItems.map((line) => `${line.quantity} × ${line.name} ${formatCents(line.priceCents * line.quantity)}`);
  const totals = [
    `Subtotal ${formatCents(order.subtotalCents)}`,
    order.discountCents ? `Discount -${formatCents(order.discountCents)}` : null,
    `Delivery ${formatCents(order.deliveryFeeCents + order.priorityFeeCents)}`,
    `Service fee ${formatCents(order.serviceFeeCents)}`,
    order.taxCents ? `Tax ${formatCents(order.taxCents)}` : null,
    `Tip ${formatCents(order.tipCents)}`,
    `Total ${formatCents(order.totalCents)}`,
  ].filter(Boolean);
  const placed = order.submittedAt ?? order.createdAt;
  const receipt = [
    `Nosh order #${order.id} from ${order.restaurantName}, placed ${formatDateTime(placed, zone)}`,
    ...lines,
    totals.join("; "),
    payment ? `Paid with ${cardLabel(payment)}` : null,
    order.closedAt ? `${order.stage === "delivered" ? "Delivered" : "Closed"} ${formatDateTime(order.closedAt, zone)}` : null,
  ]
    .filter(Boolean)
    .join("\n");
  const trail = positions.flatMap((event) => {
    const at = parsePosition(event.detail);
    return at ? [`${formatTime(event.at, zone)} ${at.lat.toFixed(4)}, ${at.lng.toFixed(4)}`] : [];
  });
  return {
    receipt,
    customerName: [customer?.firstName, customer?.lastName].filter(Boolean).join(" "),
    customerEmail: customer?.email ?? "",
    serviceDate: order.closedAt ? order.closedAt.toISOString().slice(0, 10) : null,
    shippingAddress: job?.dropoffAddress ?? null,
    deliveryPhoto: order.dropoffPhoto
      ? `The courier's drop-off photo was taken at ${formatDateTime(job?.closedAt ?? order.closedAt ?? placed, zone)} and is kept by Nosh`
      : "No drop-off photo kept (none was taken, or it was deleted when the report window closed)",
    positionTrail: trail.join("\n"),
    messages: messages.map((message) => `${formatTime(message.createdAt, zone)} ${message.senderRole}: ${message.body}`).join("\n"),
    explanation,
  };
}

function parsePosition(detail: string | null): { lat: number; lng: number } | null {
  try {
    const parsed = JSON.parse(detail ?? "null") as { lat?: unknown; lng?: unknown } | null;
    return parsed && typeof parsed.lat === "number" && typeof parsed.lng === "number" ? { lat: parsed.lat, lng: parsed.lng } : null;
  } catch {
    return null;
  }
}
