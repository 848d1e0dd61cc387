import { deliveryAcceptSchema, deliveryQuoteInputSchema } from "@/lib/contract/deliveries/rules";
import { deliveryQuoteSchema, deliverySchema, trackingSchema } from "./schemas";
import { anyone, op, restaurantManager } from "../define";

// Delivery only (docs/architecture/api-keys.md "Delivery only"): a restaurant's own website or
// point of sale asks for a Nosh courier with a key of scope `deliveries` (or its owner or a
// manager signed in): a quote, accepting it (the fee and tip paid up front, once), the
// delivery's status, a cancel before pickup; and the public tracking page's read.

const QUOTE_BODY = {
  dropoff: { name: "Matrix Recipient", phone: "4155550123", street: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" },
  orderValue: 24.5,
  reference: "POS-1",
};

/** The restaurant's side: its owner, a manager, or a key of scope deliveries. */
const byRestaurant = { resource: "Deliveries", access: restaurantManager, keys: ["deliveries"] } as const;

export const deliveryOperations = [
  op("POST /api/manage/{id}/deliveries/quotes", {
    ...byRestaurant,
    summary:
      "A quote for a courier from the restaurant to a drop-off: the fee (Nosh's delivery fee), the tip, their total (paid up front on accepting: `payWith` says how), the pickup and drop-off estimates, and a quote id valid for 5 minutes. `pickupTime` (ISO 8601, at most 90 minutes ahead) or none: as soon as possible. Writes nothing but the quote",
    body: deliveryQuoteInputSchema,
    ok: { status: 201, description: "The quote", schema: deliveryQuoteSchema },
    errors: {
      402: "Nothing can pay for it: the restaurant's available earnings do not cover the total and its owner has no saved card (`payWith`); Nosh gives no credit",
      404: "Unknown restaurant, or not on its team",
      409: "The restaurant has no address couriers can find",
      422: "The drop-off is beyond the restaurant's delivery radius, or its ZIP code is unknown (the field named)",
    },
    fixture: { matrix: { path: { id: "$restaurant" }, body: QUOTE_BODY }, fuzz: { valid: QUOTE_BODY } },
  }),
  op("POST /api/manage/{id}/deliveries", {
    ...byRestaurant,
    summary:
      "Accept a quote: the delivery is made and offered to couriers at once, its fee and tip paid up front, once, never on credit: `payWith` `earnings` (the restaurant's available earnings, never more) or `card` (the owner's default saved card, charged now); absent, the earnings when they cover it, else the card. An owner's restaurants have at most DELIVERIES_OPEN_MAX (10) deliveries on their way at once, DELIVERIES_OPEN_MAX_UNVERIFIED (2) until the owner's email is verified. The answer carries the public `trackingUrl` to send the customer. Send an Idempotency-Key: a retry answers like the first call and charges nothing more",
    body: deliveryAcceptSchema,
    idempotent: { scope: "deliveries.accept.{id}" },
    ok: { status: 201, description: "The delivery", schema: deliverySchema },
    errors: {
      402: "Not paid, nothing accepted (`payWith` named): the earnings do not cover it, no saved card, the card declined, or a card asking for 3-D Secure",
      404: "Unknown restaurant or quote, or not on its team",
      409: "The quote expired or was already accepted, or the owner's restaurants have the most deliveries on their way",
      422: "This Idempotency-Key was already used with a different request",
    },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { quoteId: "$deliveryQuote" } }, fuzz: { valid: { quoteId: "q_fuzz" } } },
  }),
  op("GET /api/manage/{id}/deliveries/{deliveryId}", {
    ...byRestaurant,
    summary: "A delivery's status (finding a courier, assigned, at pickup, picked up, delivered, failed, canceled), its courier, estimates and tracking link",
    paging: { unpaged: "one delivery" },
    ok: { description: "The delivery", schema: deliverySchema },
    errors: { 404: "Unknown restaurant or delivery, or not on its team" },
    fixture: { matrix: { path: { id: "$restaurant", deliveryId: "$delivery.id" } } },
  }),
  op("POST /api/manage/{id}/deliveries/{deliveryId}/cancel", {
    ...byRestaurant,
    summary:
      "Cancel a delivery before the courier picks it up: its whole fee and tip go back the way they were paid (the earnings, or a refund to the card), and a courier on the way is told and freed. Once picked up: 409",
    ok: { description: "The delivery, canceled", schema: deliverySchema },
    errors: { 404: "Unknown restaurant or delivery, or not on its team", 409: "Already picked up, delivered or canceled" },
    fixture: { matrix: { fresh: true, path: { id: "$restaurant", deliveryId: "$delivery.id" } } },
  }),
  op("GET /api/deliveries/track/{token}", {
    summary:
      "The public tracking page's read of a delivery (the token of its `trackingUrl` is the authority: no account): the restaurant, the status, the courier's first name and position once picked up, the arrival window, what happened when. Never the recipient's street or phone",
    access: anyone,
    paging: { unpaged: "one delivery" },
    ok: { description: "The delivery's progress", schema: trackingSchema },
    errors: { 404: "Unknown token" },
    fixture: { matrix: { path: { token: "$delivery.trackingToken" } } },
  }),
];
