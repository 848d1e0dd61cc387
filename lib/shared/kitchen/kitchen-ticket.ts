import type { Locale } from "@/lib/i18n/locale";
import { formatShortDateTime } from "../time/format-date";
import { centsOfAmount, formatCents } from "../money/money";

// The printable kitchen ticket (app/(shop)/restaurants/[id]/(owner)/tickets/[orderId]):
// what the kitchen reads off paper, in the restaurant's time zone through the one formatter.

type TicketOrder = { deliveryOption: string | null; scheduledFor: string | null; submittedAt: string | null; createdAt: string };

/** A message of the catalogue's `ticket` and its arguments: the page words it in the reader's language (docs/architecture/languages.md). */
export type TicketWords<K extends string = string> = readonly [key: K, values?: Record<string, string>];

/** "PICKUP" or "DELIVERY" ("DELIVERY BY YOUR STAFF": no courier comes for it), the ticket's biggest words after the number. */
export const ticketKind = (order: Pick<TicketOrder, "deliveryOption"> & { staffDelivery?: boolean }): TicketWords<"pickup" | "delivery" | "staffDelivery"> => [
  order.deliveryOption === "pickup" ? "pickup" : order.staffDelivery ? "staffDelivery" : "delivery",
];

/** "Placed Nov 20, 6:15 PM", and for an order for later "Pickup at Nov 21, 12:30 PM" / "Deliver at ..."; the times the reader's way ("25 nov, 18:15"). */
export function ticketTimes(
  order: TicketOrder,
  timeZone: string,
  locale: Locale = "en",
): { placed: TicketWords<"placed">; forLater: TicketWords<"pickupAt" | "deliverAt"> | null } {
  const placed = ["placed", { time: formatShortDateTime(order.submittedAt ?? order.createdAt, timeZone, locale) }] as const;
  if (!order.scheduledFor) return { placed, forLater: null };
  return { placed, forLater: [order.deliveryOption === "pickup" ? "pickupAt" : "deliverAt", { time: formatShortDateTime(order.scheduledFor, timeZone, locale) }] };
}

/**
 * A phone order paid at the door (docs/architecture/phone-orders.md): "Phone order · collect
 * $27.50 at pickup" (or "at the door"), what the staff who hand it over take; null otherwise.
 * The outer words wrap the inner ones (`collect`) when it is a phone order.
 */
export function ticketPayment(
  order: { deliveryOption: string | null; paymentMethod: string | null; phoneOrder?: unknown; totalCost: number; currency?: string },
  locale: Locale = "en",
): { collect: TicketWords<"collectAtPickup" | "collectAtDoor">; phoneOrder: boolean } | null {
  if (order.paymentMethod !== "door") return null;
  const currency = order.currency ?? "USD";
  const amount = formatCents(centsOfAmount(order.totalCost, currency), { locale, currency });
  return {
    collect: [order.deliveryOption === "pickup" ? "collectAtPickup" : "collectAtDoor", { amount }],
    phoneOrder: Boolean(order.phoneOrder),
  };
}

/** A delivery address's parts, as an order keeps them (lib/server/addresses/order-copy.ts) and a ticket prints them. */
export type AddressParts = {
  address: string | null;
  unit: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  instructions: string | null;
};

/** One line of a delivery's address, as a driver reads it: "1 Market St, Unit 5, San Francisco, CA 94105 · Buzz 5". */
export function addressLine(address: AddressParts): string {
  const place = [address.address, address.unit && `Unit ${address.unit}`, address.city, [address.state, address.zip].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return address.instructions ? `${place} · ${address.instructions}` : place;
}

/** "Priority" for a priority delivery (the kitchen starts it first); else nothing. */
export const ticketPriority = (order: Pick<TicketOrder, "deliveryOption">): TicketWords<"priority"> | null => (order.deliveryOption === "priority" ? ["priority"] : null);
