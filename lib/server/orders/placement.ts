import "server-only";
import { isOpenAt, parseOpeningHours } from "@/lib/shared/opening-hours";
import { priceOrder } from "@/lib/shared/pricing";
import { closedNowMessage, isBookableSlot } from "@/lib/shared/schedule";
import { CHECKOUT_MESSAGES, type SubmitOrderInput } from "@/lib/validation/checkout";
import { badRequest, conflict } from "../platform/errors";
import { storedDeliveryOption } from "./to-json";

/** What placement() checks of the restaurant: its name (for the closed-now message) and its opening hours. */
export type PlacementRestaurant = { name: string; closingTime: string; timeZone: string; hours: string; closures: string };

/**
 * The submit rules that do not depend on how the lines were stored, shared by submitOrder and the
 * one-call checkout (checkout.ts): the slot or the open-now check against the opening hours, the
 * price (fees, tax, tip) of `subtotalCents`, and the client's expectedTotal. Returns the order's
 * columns as submitted (stage and status set by the caller); throws, before anything is written,
 * the 400 or 409 submit answers.
 */
export function placement(restaurant: PlacementRestaurant, subtotalCents: number, input: SubmitOrderInput, now: Date) {
  // Opening hours (lib/shared/opening-hours.ts): a scheduled slot must be one the page offers
  // (inside the hours, 400); an order for now needs the restaurant open now (409, naming the
  // first slot it can be scheduled for).
  const opening = parseOpeningHours(restaurant);
  let scheduledFor: Date | null = null;
  // A scheduled delivery, or a pickup with a slot: the same slots (lib/shared/schedule.ts).
  if (input.deliveryOption === "schedule" || (input.deliveryOption === "pickup" && input.scheduledFor)) {
    scheduledFor = new Date(input.scheduledFor!);
    if (!isBookableSlot(scheduledFor, now, opening)) {
      throw badRequest(CHECKOUT_MESSAGES.badSlot, { scheduledFor: CHECKOUT_MESSAGES.badSlot });
    }
  } else if (!isOpenAt(opening, now)) {
    const message = closedNowMessage(restaurant.name, now, opening);
    throw conflict(message, { deliveryOption: message });
  }
  const price = priceOrder(subtotalCents, input.deliveryOption, input.tip !== undefined ? { cents: input.tip } : { percent: input.tipPercent! });
  // The page sends the total it showed: a price changed since then is shown, never charged unseen.
  if (input.expectedTotal !== undefined && input.expectedTotal !== price.totalCents) {
    throw conflict(CHECKOUT_MESSAGES.pricesChanged, { expectedTotal: CHECKOUT_MESSAGES.pricesChanged });
  }
  return { ...price, ...storedDeliveryOption(input.deliveryOption, scheduledFor), scheduledFor, paymentMethod: input.paymentMethod, submittedAt: now };
}
