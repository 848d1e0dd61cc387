import "server-only";
import { randomBytes } from "node:crypto";
import type { DeliveryQuoteJson } from "@/lib/contract/deliveries/schemas";
import { pickupEstimateMinutes, rideMinutes } from "@/lib/shared/delivery/arrival";
import { PICKUP_AHEAD_MAX_MINUTES, QUOTE_VALID_MINUTES } from "@/lib/shared/delivery/deliveries";
import { deliveryReach, roundKm, type Point } from "@/lib/shared/delivery/delivery";
import { tooFarMessage } from "@/lib/shared/delivery/too-far";
import { busyMinutesAt } from "@/lib/shared/kitchen/kitchen";
import { centsToDollars } from "@/lib/shared/money/money";
import { checkoutDeliveryFeeCents } from "@/lib/shared/money/pricing";
import { DELIVERY_INPUT_SAID, type DeliveryQuoteInput } from "@/lib/contract/deliveries/rules";
import { pointOfZip } from "../geo/place";
import { cardLabel } from "@/lib/shared/money/payment-cards";
import { db } from "../platform/db";
import { sqlTransaction } from "../platform/sql";
import { fundsOf, wayToPay } from "./pay";
import { ApiError, conflict, fieldError } from "../platform/errors";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { said } from "@/lib/shared/words/said";

// A delivery-only quote (docs/architecture/api-keys.md "Delivery only"): the fee is checkout's
// delivery fee (lib/shared/money/pricing.ts), the pickup estimate the asked time or the kitchen's usual
// one (lib/shared/delivery/arrival.ts pickupEstimateMinutes, plus its busy minutes), the drop-off estimate
// the ride from there (rideMinutes). Kept as a DeliveryRequest row in state quoted for
// QUOTE_VALID_MINUTES: accepting names its quoteId. One not accepted goes an hour after it expired.
// It says how accepting would pay (pay.ts wayToPay): nothing can pay for it, a 402 before any quote.

const MINUTE = 60_000;
/** A pickup time this little in the past (clocks differ) reads as now. */
const CLOCK_SKEW_MS = 2 * MINUTE;

export async function quoteDelivery(actor: Actor, restaurantId: number, input: DeliveryQuoteInput, now = new Date()): Promise<DeliveryQuoteJson> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  if (restaurant.lat == null || restaurant.lng == null) throw conflict(said("messages.deliveryNoPlace"));
  const pickup: Point = { lat: restaurant.lat, lng: restaurant.lng };
  const asked = input.pickupTime ? new Date(input.pickupTime) : null;
  if (asked && asked.getTime() < now.getTime() - CLOCK_SKEW_MS) throw fieldError("pickupTime", said("rules.deliveries.pickupPast"));
  if (asked && asked.getTime() > now.getTime() + PICKUP_AHEAD_MAX_MINUTES * MINUTE) throw fieldError("pickupTime", DELIVERY_INPUT_SAID.pickupFar);
  const dropoff = input.dropoff.location ?? pointOfZip(input.dropoff.zip, "dropoff.zip");
  const reach = deliveryReach(restaurant, dropoff);
  if (reach?.tooFar) {
    const message = tooFarMessage(reach.km, restaurant.name, restaurant.deliveryRadiusKm, "dropoff");
    throw new ApiError("unprocessable", message, { dropoff: message });
  }
  const kitchenMinutes = pickupEstimateMinutes(restaurant.deliveryTime)[0] + busyMinutesAt(restaurant, now);
  const pickupEta = asked && asked > now ? asked : new Date(now.getTime() + kitchenMinutes * MINUTE);
  const dropoffEta = new Date(pickupEta.getTime() + rideMinutes(pickup, dropoff) * MINUTE);
  const feeCents = checkoutDeliveryFeeCents("standard");
  const tipCents = input.tip ?? 0;
  const funds = await sqlTransaction((sql) => fundsOf(sql, restaurant, now));
  const payWith = wayToPay(funds, feeCents + tipCents);
  // The restaurant's quotes never accepted go an hour after they expired: the table keeps deliveries, not every price asked.
  await db.deliveryRequest.deleteMany({ where: { restaurantId, state: "quoted", expiresAt: { lt: new Date(now.getTime() - 60 * MINUTE) } } });
  const quote = await db.deliveryRequest.create({
    data: {
      restaurantId,
      quoteId: `q_${randomBytes(18).toString("base64url")}`,
      feeCents,
      tipCents,
      orderValueCents: input.orderValue,
      reference: input.reference ?? null,
      pickupAt: asked,
      pickupEta,
      dropoffEta,
      dropoffName: input.dropoff.name,
      dropoffPhone: input.dropoff.phone,
      dropoffStreet: input.dropoff.street,
      dropoffUnit: input.dropoff.unit ?? null,
      dropoffCity: input.dropoff.city,
      dropoffState: input.dropoff.state,
      dropoffZip: input.dropoff.zip,
      dropoffNotes: input.dropoff.notes ?? null,
      dropoffLat: dropoff.lat,
      dropoffLng: dropoff.lng,
      expiresAt: new Date(now.getTime() + QUOTE_VALID_MINUTES * MINUTE),
      createdAt: now,
    },
  });
  return {
    quoteId: quote.quoteId,
    fee: centsToDollars(feeCents),
    tip: centsToDollars(tipCents),
    total: centsToDollars(feeCents + tipCents),
    payWith,
    card: funds.card ? cardLabel(funds.card) : null,
    distanceKm: roundKm(reach?.km ?? 0),
    pickupEta: pickupEta.toISOString(),
    dropoffEta: dropoffEta.toISOString(),
    expiresAt: quote.expiresAt.toISOString(),
  };
}
