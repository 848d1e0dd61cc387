import "server-only";
import { isOpenAt, parseOpeningHours } from "@/lib/shared/time/opening-hours";
import { pausedUntilAt } from "@/lib/shared/kitchen/kitchen";
import { pausedSaid } from "@/lib/shared/kitchen/kitchen-lines";
import { tipCeilingCents, tipTooHighMessage, type TipCeiling } from "@/lib/shared/money/pricing";
import { priceWith, SPEC_CONTEXT, type PricingContext } from "@/lib/shared/money/delivery-pricing";
import { config } from "../platform/config";
import { orderTax, type AppliedTax } from "@/lib/shared/money/tax";
import { closedNowSaid, isBookableSlot } from "@/lib/shared/time/schedule";
import { type SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import { deliveryReach } from "@/lib/shared/delivery/delivery";
import { tooFarMessage } from "@/lib/shared/delivery/too-far";
import { ApiError, badRequest, conflict } from "../platform/errors";
import type { AppliedPromotion } from "../promotions/apply";
import { storedDeliveryOption } from "./to-json";
import { said } from "@/lib/shared/words/said";

/** What placement() checks of the restaurant: its name (for the closed-now message), its opening hours and its pause. */
export type PlacementRestaurant = { name: string; closingTime: string; timeZone: string; hours: string; closures: string; pausedUntil: Date | string | null };

/**
 * The submit rules that do not depend on how the lines were stored, shared by submitOrder and the
 * one-call checkout (checkout.ts): the slot or the open-now check against the opening hours, the
 * price (fees, tax, tip) of `subtotalCents`, and the client's expectedTotal. Returns the order's
 * columns as submitted (stage and status set by the caller); throws, before anything is written,
 * the 400 or 409 submit answers.
 */
/** The slot the order is for (a scheduled delivery, or a pickup with a slot: the same slots, lib/shared/time/schedule.ts), or null: now. Its dishes' section windows are checked at it (lines.ts). */
export const slotOf = (input: Pick<SubmitOrderInput, "deliveryOption" | "scheduledFor">): Date | null =>
  input.deliveryOption === "schedule" || (input.deliveryOption === "pickup" && input.scheduledFor) ? new Date(input.scheduledFor!) : null;

export function placement(
  restaurant: PlacementRestaurant,
  subtotalCents: number,
  input: SubmitOrderInput,
  now: Date,
  promotion: AppliedPromotion | null = null,
  tax: AppliedTax | null = null,
  pricing: PricingContext = SPEC_CONTEXT,
) {
  // Opening hours (lib/shared/time/opening-hours.ts): a scheduled slot must be one the page offers
  // (inside the hours, 400); an order for now needs the restaurant open now (409, naming the
  // first slot it can be scheduled for), and not paused (409 naming when it takes orders again).
  const opening = parseOpeningHours(restaurant);
  const paused = pausedUntilAt(restaurant.pausedUntil, now);
  const scheduledFor = slotOf(input);
  if (scheduledFor) {
    if (!isBookableSlot(scheduledFor, now, opening)) {
      throw badRequest(said("messages.badSlot"), { scheduledFor: said("messages.badSlot") });
    }
    // Paused (docs/architecture/kitchen.md): a slot from the pause's end on is taken.
    if (paused && scheduledFor < paused) {
      const message = pausedSaid(restaurant.name, paused, opening.timeZone);
      throw conflict(message, { scheduledFor: message });
    }
  } else if (!isOpenAt(opening, now)) {
    const message = closedNowSaid(restaurant.name, now, opening);
    throw conflict(message, { deliveryOption: message });
  } else if (paused) {
    const message = pausedSaid(restaurant.name, paused, opening.timeZone);
    throw conflict(message, { deliveryOption: message });
  }
  // The one price rule (lib/shared/money/delivery-pricing.ts): the market's and the restaurant's rules at the distance.
  const { distanceKm, deliveryWaivedCents, ...undiscounted } = priceWith(
    pricing,
    subtotalCents,
    input.deliveryOption,
    input.tip !== undefined ? { cents: input.tip } : { percent: input.tipPercent! },
  );
  // The tip's ceiling: a share of the subtotal, so a tip cannot dwarf the food.
  const tipMax = tipCeilingCents(subtotalCents, tipCeilingOf());
  if (undiscounted.tipCents > tipMax) {
    const message = tipTooHighMessage(tipMax, tipCeilingOf());
    throw badRequest(message, { tip: message });
  }
  // The promotion's discount comes off the total; the tip and service fee stay those of the
  // subtotal before it (docs/architecture/promotions.md "The price"). Free delivery the restaurant
  // offers over an amount is part of the discount (its share pays it in the ledger's split), kept
  // apart in deliveryWaivedCents; undiscounted.totalCents has it taken off already.
  const promotionCents = promotion?.discountCents ?? 0;
  const discountCents = promotionCents + deliveryWaivedCents;
  // Sales tax (lib/shared/money/tax.ts): the restaurant's rate on the discounted items (and fees, if it
  // taxes them), on top of the spec's total; none without a rate (taxAt: the spec's numbers exactly).
  const discountOn = promotion?.promotion.kind === "free_delivery" ? "fees" : "items";
  const taxCents = orderTax({ ...undiscounted, discountCents: promotionCents, discountOn, deliveryWaivedCents }, tax);
  const price = {
    ...undiscounted,
    totalCents: undiscounted.totalCents - promotionCents + taxCents,
    discountCents,
    deliveryWaivedCents,
    deliveryKm: distanceKm,
    promotionId: promotion?.promotion.id ?? null,
    taxCents,
    taxRateMilliPercent: tax?.rateMilliPercent ?? null,
    taxesFees: tax?.taxesFees ?? false,
    taxJurisdiction: tax?.jurisdiction ?? null,
  };
  // The page sends the total it showed: a price changed since then is shown, never charged unseen.
  if (input.expectedTotal !== undefined && input.expectedTotal !== price.totalCents) {
    throw conflict(said("messages.pricesChanged"), { expectedTotal: said("messages.pricesChanged") });
  }
  return {
    ...price,
    ...storedDeliveryOption(input.deliveryOption, scheduledFor),
    scheduledFor,
    paymentMethod: input.paymentMethod,
    dropoff: input.deliveryOption === "pickup" ? "hand_to_me" : (input.dropoff ?? "hand_to_me"),
    submittedAt: now,
  };
}

/** What the delivery radius needs: the restaurant's place and radius, and the customer's saved place. */
export type RadiusRestaurant = { name: string; lat: number | null; lng: number | null; deliveryRadiusKm: number };

/**
 * The delivery radius (docs/architecture/places.md "Delivery radius"): a delivery to an address
 * farther than the restaurant delivers is a 422 beside the address, saying how far it is and that
 * pickup is possible. Pickup is never refused, and neither is a delivery when either place is
 * unknown (a row saved before places, whose ZIP the geocoder does not know).
 */
export function assertWithinRadius(
  restaurant: RadiusRestaurant,
  customer: { lat: number | null; lng: number | null },
  input: Pick<SubmitOrderInput, "deliveryOption">,
): void {
  if (input.deliveryOption === "pickup") return;
  const reach = deliveryReach(restaurant, customer);
  if (!reach?.tooFar) return;
  const message = tooFarMessage(reach.km, restaurant.name, restaurant.deliveryRadiusKm);
  throw new ApiError("unprocessable", message, { address: message });
}

/** The tip's ceiling rule from the settings (TIP_MAX_PERCENT, TIP_MAX_FLOOR): placement()'s, and the checkout pages' custom-tip dialogs'. */
export function tipCeilingOf(): TipCeiling {
  const { tipMaxPercent, tipFloorCents } = config().money;
  return { tipMaxPercent, tipFloorCents };
}
