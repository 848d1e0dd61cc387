import type { Allergen } from "./allergens";
import { formatShortDateTime } from "./format-date";

// The printable kitchen ticket (app/(shop)/restaurants/[id]/(owner)/tickets/[orderId]):
// what the kitchen reads off paper, in the restaurant's time zone through the one formatter.

type TicketOrder = { deliveryOption: string | null; scheduledFor: string | null; submittedAt: string | null; createdAt: string };

/** "PICKUP" or "DELIVERY", the ticket's biggest words after the number. */
export const ticketKind = (order: Pick<TicketOrder, "deliveryOption">): "Pickup" | "Delivery" => (order.deliveryOption === "pickup" ? "Pickup" : "Delivery");

/** "Placed Nov 20, 6:15 PM", and for an order for later "Pickup at Nov 21, 12:30 PM" / "Deliver at ...". */
export function ticketTimes(order: TicketOrder, timeZone: string): { placed: string; forLater: string | null } {
  const placed = `Placed ${formatShortDateTime(order.submittedAt ?? order.createdAt, timeZone)}`;
  if (!order.scheduledFor) return { placed, forLater: null };
  return { placed, forLater: `${order.deliveryOption === "pickup" ? "Pickup at" : "Deliver at"} ${formatShortDateTime(order.scheduledFor, timeZone)}` };
}

/**
 * A phone order paid at the door (docs/architecture/phone-orders.md): "Phone order · collect
 * $27.50 at pickup" (or "at the door"), what the staff who hand it over take; null otherwise.
 */
export function ticketPayment(order: { deliveryOption: string | null; paymentMethod: string | null; phoneOrder?: unknown; totalCost: number }): string | null {
  if (order.paymentMethod !== "door") return null;
  const where = order.deliveryOption === "pickup" ? "at pickup" : "at the door";
  return `${order.phoneOrder ? "Phone order · " : ""}collect $${order.totalCost.toFixed(2)} ${where}`;
}

/** One line of a delivery's address, as a driver reads it: "1 Market St, Unit 5, San Francisco, CA 94105 · Buzz 5". */
export function addressLine(address: {
  address: string | null;
  unit: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  instructions: string | null;
}): string {
  const place = [address.address, address.unit && `Unit ${address.unit}`, address.city, [address.state, address.zip].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return address.instructions ? `${place} · ${address.instructions}` : place;
}

/** "Priority" for a priority delivery (the kitchen starts it first); else nothing. */
export const ticketPriority = (order: Pick<TicketOrder, "deliveryOption">): string | null => (order.deliveryOption === "priority" ? "Priority" : null);

/** "ALLERGY: peanuts, tree nuts": the customer's saved allergies, on the ticket and the board in a style the kitchen cannot miss; null without any. */
export const allergyLine = (allergies: readonly Allergen[] | undefined): string | null =>
  allergies?.length ? `ALLERGY: ${allergies.map((allergen) => allergen.replace("-", " ")).join(", ")}` : null;
