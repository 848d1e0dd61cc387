import { pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema, quoteOrderDocSchema, quoteOrderSchema } from "@/lib/contract/orders/rules";
import { messageInputSchema } from "@/lib/contract/deliveries/message-rules";
import { tipRaiseSchema } from "@/lib/contract/orders/tip-raise-rules";
import { messageSchema } from "../common/schemas";
import { deliveryMessageAnswerSchema, messageThreadSchema } from "../couriers/schemas";
import { orderSchema, reorderSchema } from "./schemas";
import { quoteSchema } from "./quote-schemas";
import { op, list, signedIn, author, eventStream, photoAnswer, streamAnswer } from "../define";

// A customer's orders: checkout, submit, cancel, reorder, and their live events.

/** The authorization matrix calls it on the owner's placed order. */
const onPlacedOrder = { matrix: { path: { id: "$submittedOrder" } } };

export const orderOperations = [
  op("GET /api/orders", {
    summary: "The caller's orders, newest first, with the group orders they took part in that someone else placed (each carrying `group.member`, their share)",
    access: signedIn,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "One page", schema: list("orders", orderSchema) },
    fixture: { matrix: {}, list: { as: "customer" } },
  }),
  op("POST /api/orders", {
    summary:
      "Create an Active order; every line is priced from the menu with its chosen options (see Dish options), never by the client. With `submit` (the body of PUT /api/orders/{id}/submit) the order is created and submitted in one transaction, a wallet payment charged in it: the one-call checkout, answering the Submitted order. With `cartId` (the browser cart's identity, checkout from the cart) the cart has one Active order: the one made for it before is answered again while it is Active with the same lines and prices, otherwise a new one replaces it (the previous Active order is deleted); without it every call creates an order",
    access: signedIn,
    body: placeOrderSchema,
    idempotent: { scope: "orders.create" },
    ok: {
      status: 201,
      description: "The Active order (with `cartId`, possibly the cart's order made before), or with `submit` the Submitted order",
      schema: orderSchema,
    },
    errors: {
      400: "With `submit`: insufficient funds in the wallet, or a time not offered (`submit.scheduledFor`), or `cartId` sent with it; nothing is created",
      403: "With `submit`: the caller owns the restaurant (owners cannot order from their own restaurant); nothing is created",
      402: "With `submit` and paymentMethod card: the card was declined (beside `submit.paymentMethod`), or a 3-D Secure challenge is needed (`payment.challengeUrl`, then `submit.paymentIntent`); nothing is created",
      404: "Unknown restaurant",
      409: "The restaurant is not taking orders; with `submit`, also closed right now for an order for now, or prices changed since `submit.expectedTotal`",
      422: "Idempotency-Key reused with a different body; or paymentMethod card with no saved card (`submit.paymentMethod`; demo data gives every account one); or `submit.promoCode` does not apply (one reason: unknown, not started, expired, another restaurant's, first order only, below minimum, already used by you, all used up); or `submit.addressId` is a saved address placed only at its ZIP's centre, not yet pinned; nothing is created",
      429: "Ten unknown promo codes in an hour from this account, or 100 from its address (`submit.promoCode`; a real code that does not apply is a 422 and is not counted); or with `submit`: the account already has 5 orders waiting for restaurants to accept them, or 3 at this restaurant, whatever pays for them (MAX_OPEN_ORDERS, MAX_OPEN_ORDERS_PER_RESTAURANT; Retry-After); nothing is created",
    },
    fixture: {
      matrix: { body: { restaurant_id: "$restaurant", items: [{ menu_item_id: "$item", quantity: 1 }] } },
      fuzz: { valid: { restaurant_id: "$restaurant", items: [{ menu_item_id: "$item", quantity: 1, options: [], instructions: "No onions" }] } },
    },
  }),
  op("POST /api/orders/quote", {
    summary:
      "Price an order without placing it: PUT /api/orders/{id}/submit's body with `orderId` (the caller's Active order), or POST /api/orders' body with `submit` (a cart). The same lines, fees, tip and promotion (`promoCode`, else the best automatic offer) as placing it now; `total` is what placing charges. Leaves out the wallet balance, the card-order limit and expectedTotal",
    access: signedIn,
    body: quoteOrderDocSchema,
    parseBody: quoteOrderSchema,
    ok: { description: "The price", schema: quoteSchema },
    errors: {
      400: "A time not offered, or a dish not on the menu",
      404: "Unknown restaurant or order, or not yours",
      409: "Not taking orders, closed right now, the order is no longer Active, or a dish is unavailable",
      422: "The promo code does not apply (`promoCode`, or `submit.promoCode` for a cart): one reason, as at placement; or the delivery address is too far (`address`); or `submit.addressId` is a saved address at its ZIP's centre, not yet pinned",
      429: "Ten unknown promo codes in an hour from this account, or 100 from its address (Retry-After; a real code that does not apply is a 422 and is not counted)",
    },
    fixture: {
      matrix: {
        body: { restaurant_id: "$restaurant", items: [{ menu_item_id: "$item", quantity: 1 }], submit: { deliveryOption: "pickup", tip: 0, paymentMethod: "card" } },
      },
      fuzz: { fields: submitOrderSchema, valid: { deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet", orderId: "$order" } },
    },
  }),
  op("GET /api/orders/{id}/receipt.pdf", {
    summary:
      "The itemised receipt of one of the caller's placed orders as a PDF attachment (the page /orders/{id}/receipt prints the same): the restaurant's name and address, the order number, when it was placed in the restaurant's zone, each line, subtotal, delivery and service fees, sales tax with its jurisdiction and rate, tip, promotion, total, the card's brand and last four (or the wallet), each refund the ledger gave back and the net paid",
    access: { ...author, who: "The order's customer (anyone else, a group order's participant or the restaurant's owner too: 404)" },
    paging: { unpaged: "one document" },
    ok: { description: "A PDF download", contentType: "application/pdf" },
    errors: { 404: "Unknown order, one still at checkout, or not yours" },
    fixture: onPlacedOrder,
  }),
  op("GET /api/orders/{id}", {
    summary: "One of the caller's orders, or a group order they took part in (read-only for them: `group.member` is their share)",
    access: author,
    paging: { unpaged: "one order" },
    ok: { description: "The order", schema: orderSchema },
    errors: { 404: "Unknown order, or neither yours nor a group order you took part in" },
    fixture: onPlacedOrder,
  }),
  op("GET /api/orders/{id}/messages", {
    summary:
      "The customer's messages with their courier, oldest first (docs/architecture/couriers.md \"Messages\"): by role, with no phone number or email on either side; readable after the delivery too, by the customer and Nosh operators (a problem report's evidence)",
    access: { ...author, who: "The order's customer, or a Nosh operator (read only); anyone else, the restaurant's owner too: 404" },
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "The thread", schema: messageThreadSchema },
    errors: { 404: "Unknown order, or not yours" },
    fixture: { matrix: { path: { id: "$submittedOrder" } }, list: { as: "customer", path: { id: "$messagedOrder" } } },
  }),
  op("POST /api/orders/{id}/messages", {
    summary:
      "Write to the courier holding the delivery `{ body }` (trimmed, 1 to 500 characters) from when they accept until it ends: a `courier_message` event wakes the courier's stream",
    access: author,
    body: messageInputSchema,
    ok: { status: 201, description: "The message", schema: deliveryMessageAnswerSchema },
    errors: {
      404: "Unknown order, or not yours",
      409: "No courier has accepted the delivery yet, or it ended (delivered, failed or canceled)",
      429: "More than 10 messages a minute (Retry-After)",
    },
    // The owner's placed order has no courier yet: a message is a 409 past the access check (the rules: lib/server/dispatch/messages.test.ts).
    fixture: { matrix: { status: 409, path: { id: "$submittedOrder" }, body: { body: "Matrix check" } } },
  }),
  op("GET /api/orders/{id}/dropoff-photo", {
    summary:
      "The courier's photo of a \"Leave it at my door\" order (image/webp, re-encoded without metadata): for the order's customer, the courier who delivered it and Nosh operators; deleted 48 hours after delivery (the problem-report window)",
    access: author,
    paging: { unpaged: "one image" },
    ok: photoAnswer,
    errors: { 404: "Unknown order, not yours (nor delivered by you), no photo, or past the problem-report window" },
    // No photo on this order: its customer gets the 404 of a missing photo too (the photo's reads: e2e/couriers/dropoff.api.spec.ts).
    fixture: { matrix: { status: 404, path: { id: "$submittedOrder" } } },
  }),
  op("DELETE /api/orders/{id}", {
    summary: "Abandon an order still at checkout (Active)",
    access: author,
    ok: { description: "Removed", schema: messageSchema },
    errors: { 404: "Unknown order, or not yours", 409: "The order is no longer Active" },
    fixture: { matrix: { path: { id: "$activeOrder" } } },
  }),
  op("PUT /api/orders/{id}/submit", {
    summary:
      "Price and place an Active order; a wallet payment is charged in the same transaction. deliveryOption pickup is collected at the restaurant (no delivery or priority fee); with scheduledFor it is a scheduled pickup, its slot checked like a scheduled delivery's",
    access: author,
    body: submitOrderSchema,
    idempotent: { scope: "orders.submit.{id}" },
    ok: { description: "The Submitted order", schema: orderSchema },
    errors: {
      400: "Insufficient funds in the wallet, or a delivery or pickup time not offered: outside the opening hours or off the 30-minute grid (`scheduledFor`; nothing changes)",
      403: "The caller owns the restaurant: owners cannot order from their own restaurant (nothing changes)",
      402: "paymentMethod card: the card was declined (the message says why, beside `paymentMethod`; the order stays Active), or the bank asks for a 3-D Secure challenge (`payment.challengeUrl`; send the submit again with `paymentIntent` once it is passed)",
      404: "Unknown order, or not yours",
      409: "Already submitted, the restaurant stopped taking orders or is closed right now for an order for now (the message names the first slot to schedule), a dish is unavailable, or prices changed since `expectedTotal`",
      422: "Idempotency-Key reused with a different body; or `promoCode` does not apply (one reason, as for the one-call checkout); or `addressId` is a saved address at its ZIP's centre, not yet pinned; nothing changes",
      429: "Ten unknown promo codes in an hour from this account, or 100 from its address (`promoCode`; a real code that does not apply is a 422 and is not counted); or the account already has 5 orders waiting for restaurants to accept them, or 3 at this restaurant, whatever pays for them (Retry-After); nothing changes",
    },
    fixture: { matrix: { path: { id: "$activeOrder" }, body: "$standardWallet" }, fuzz: { valid: "$standardWallet" } },
  }),
  op("PUT /api/orders/{id}/cancel", {
    summary:
      "Cancel a placed order before the restaurant accepts it, or an accepted order the kitchen is late with (still cooking, so not picked up, past the end of its arrival window); the whole payment is refunded (a wallet in the same transaction, a card voided or refunded after it), once however many cancels race",
    access: author,
    ok: { description: "The Canceled order", schema: orderSchema },
    errors: { 404: "Unknown order, or not yours", 409: "The restaurant has already accepted the order and is not late with it (or it is ready), or it is closed" },
    fixture: onPlacedOrder,
  }),
  op("POST /api/orders/{id}/tip", {
    summary:
      "Raise the tip of one's delivered order within an hour of delivery: `tip` (dollars) above the current tip and within the tip's ceiling (TIP_MAX_PERCENT, TIP_MAX_FLOOR); the difference is paid to the courier from the wallet, or by a new card charge through the payment provider (`paymentMethodId`, else the default card). A raise to the same amount happens once, however many requests race",
    access: author,
    body: tipRaiseSchema,
    idempotent: { scope: "orders.tip.{id}" },
    ok: { description: "The order with its new tip and total", schema: orderSchema },
    errors: {
      400: "`tip` lower than the current tip or above the ceiling, or the wallet is short (nothing changes)",
      402: "The card was declined (the message says why, beside `tip`), or its bank asks for 3-D Secure (`payment.challengeUrl`; then the same tip with `paymentIntent`, the 402's `payment.intentId`); nothing changes",
      404: "Unknown order, or not yours",
      409: "The order is not delivered, or was delivered more than an hour ago (beside `tip`)",
    },
    fixture: { matrix: { path: { id: "$deliveredOrder" }, body: { tip: 15 } }, fuzz: { valid: { tip: 15 } } },
  }),
  op("POST /api/orders/{id}/reorder", {
    summary:
      "An Active order from a past order's lines at today's prices. Reordering the same order again while the Active order it made is still at checkout with the same lines and prices answers that order; otherwise a new one replaces it",
    access: author,
    ok: { status: 201, description: "The order at checkout and what changed", schema: reorderSchema },
    errors: { 404: "Unknown order, or not yours", 409: "Nothing from the order can be ordered again" },
    fixture: onPlacedOrder,
  }),

  op("GET /api/orders/open", {
    summary: "The caller's orders still under way (placed, accepted, ready, out_for_delivery), oldest first",
    access: signedIn,
    paging: { unpaged: "a working set, not history: the customer's orders under way, at most 50 (lib/server/orders/read.ts)" },
    ok: { description: "The open orders", schema: list("orders", orderSchema) },
    fixture: { matrix: { before: ["$submittedOrder"] } },
  }),
  op("GET /api/orders/events", {
    summary:
      "Server-Sent Events for all of the caller's orders (same messages as the restaurant's stream, `event: reload` included); re-fetch the order on each event, on `reload` and after every reconnect",
    access: signedIn,
    paging: eventStream,
    ok: streamAnswer,
    fixture: { matrix: {} },
  }),
  op("GET /api/orders/{id}/events", {
    summary: "Server-Sent Events for one of the caller's orders, or a group order they took part in",
    access: author,
    paging: eventStream,
    ok: streamAnswer,
    errors: { 404: "Unknown order, or neither yours nor a group order you took part in" },
    fixture: onPlacedOrder,
  }),
];
