import { z } from "zod";
import { boardPagingSchema, pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { closeOrderSchema } from "@/lib/contract/restaurants/manage-rules";
import { orderStageSchema, prepChangeSchema } from "@/lib/contract/orders/stage-rules";
import { assignInputSchema, nearbyCouriersQuerySchema } from "@/lib/contract/couriers/rules";
import { assignAnswerSchema, nearbyCouriersSchema } from "../couriers/schemas";
import { incomingOrderSchema, packingSchema } from "./schemas";
import { packingInputSchema } from "@/lib/contract/orders/packing-rules";
import { phoneOrderInputSchema } from "@/lib/contract/orders/phone-order-rules";
import { op, list, eventStream, restaurantStaff, streamAnswer } from "../define";

const phoneOrderPlacedSchema = incomingOrderSchema.extend({
  payLink: z
    .object({ url: z.string(), expiresAt: z.string(), minutes: z.number().int() })
    .optional()
    .meta({ description: "Paid by a link: the public page where the customer pays the total by card" }),
});

// A restaurant owner's incoming orders: the board, each order's stages and prep time, its live events, and assigning a courier.

const PHONE_ORDER = { name: "Pat Caller", phone: "415-555-0134", fulfilment: "pickup", payment: "door", items: [{ menu_item_id: "$item", quantity: 1 }] };

export const manageOrderOperations = [
  op("POST /api/manage/{id}/phone-orders", {
    summary:
      "A phone order (docs/architecture/phone-orders.md): the restaurant's staff enter an order a customer gave by phone: their name and phone, how it goes (`fulfilment`: `pickup`; `delivery` by the restaurant's own staff, to the address given: no Nosh courier is ever sent and no Nosh delivery fee charged; `courier`: a Nosh courier at Nosh's delivery fee, paid by a link), the dishes with their choices (`options`: checked against the dish as at checkout). Placed as any order is (today's prices and fees, opening hours, pause, capacity, the delivery radius) and paid at the door (`payment: door`: at pickup, or to the restaurant's own staff who deliver it): the total is charged to the restaurant's balance and settled on delivery; or by a card over a link (`payment: link`: the answer's `payLink`, expiring after 30 minutes; the order waits for payment until then and is canceled unpaid). It lands in New on the board marked as a phone order. Send an Idempotency-Key: a retry answers like the first call and places nothing more",
    access: restaurantStaff,
    body: phoneOrderInputSchema,
    idempotent: { scope: "phone-orders.{id}" },
    ok: {
      status: 201,
      description: "The order, placed (paid by a link: with its `payLink`, the url to give the customer and when it expires)",
      schema: phoneOrderPlacedSchema,
    },
    errors: {
      400: "A field missing or malformed, named (name, phone, street, city, state, zip, items: a dish not on the menu, a required choice missing...; payment: cash for a Nosh courier)",
      404: "Unknown restaurant, or not your restaurant's",
      409: "The restaurant is closed, paused or full now, or a dish is sold out or gone (named)",
      422: "The address is beyond the delivery radius (street) or its ZIP is unknown (zip); the order is below the minimum",
    },
    fixture: { matrix: { path: { id: "$restaurant" }, body: PHONE_ORDER }, fuzz: { valid: PHONE_ORDER } },
  }),
  op("GET /api/manage/{id}/orders/{orderId}/packing", {
    summary:
      'The order\'s packing (docs/architecture/problem-reports.md "Packed and sealed"): each line ticked packed or not, by whom and when, the bags the kitchen counted and the count the courier confirmed at pickup, and the summary the board prints ("packed 4/4, Ana, 7:02 PM", the restaurant\'s zone)',
    access: restaurantStaff,
    kitchenDevice: true,
    keys: ["orders.read"],
    paging: { unpaged: "one order's lines" },
    ok: { description: "The packing", schema: packingSchema },
    errors: { 404: "Unknown order, or not your restaurant's" },
    fixture: { matrix: { path: { id: "$restaurant", orderId: "$submittedOrder" } } },
  }),
  op("PUT /api/manage/{id}/orders/{orderId}/packing", {
    summary:
      "Tick lines packed (`lines: [{ orderItemId, packed }]`: who and when are kept; a line ticked again keeps its first tick) and count the bags (`bags`, 1 to 20), while the order is being prepared or is ready. A missing-item claim on a packed line of an order picked up sealed (the courier confirmed the same bag count) goes to Nosh support with this trail",
    access: restaurantStaff,
    kitchenDevice: true,
    keys: ["orders.steps"],
    body: packingInputSchema,
    ok: { description: "The packing", schema: packingSchema },
    errors: { 404: "Unknown order, or not your restaurant's", 409: "The order is not being prepared or ready" },
    // A placed order: past the access check, the kitchen is told it is not being prepared (409).
    fixture: { matrix: { fresh: true, status: 409, path: { id: "$restaurant", orderId: "$submittedOrder" }, body: { bags: 1 } } },
  }),
  op("GET /api/manage/{id}/orders", {
    summary: "The restaurant's Submitted orders, newest first",
    access: restaurantStaff,
    keys: ["orders.read"],
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "One page", schema: list("orders", incomingOrderSchema) },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { before: ["$submittedOrder"], path: { id: "$restaurant" } }, list: { as: "owner", path: { id: "$restaurant" } } },
  }),
  op("PUT /api/manage/{id}/orders/{orderId}", {
    summary:
      "Complete (= delivered) or cancel (= rejected; a wallet payment is refunded) an open order. Kept for existing clients; the stage route moves orders step by step",
    access: restaurantStaff,
    keys: ["orders.steps"],
    body: closeOrderSchema,
    ok: { description: "The order", schema: incomingOrderSchema },
    errors: { 404: "Unknown order, or not your restaurant's", 409: "The order is not Submitted" },
    fixture: { matrix: { path: { id: "$restaurant", orderId: "$submittedOrder" }, body: { status: "Completed" } }, fuzz: { valid: { status: "Completed" } } },
  }),
  op("POST /api/manage/{id}/orders/{orderId}/stage", {
    summary:
      "Move an order one step on: accepted (with prepMinutes 5-90) -> ready -> out_for_delivery -> delivered (a pickup order: ready -> delivered, shown as Picked up; out_for_delivery is a 409), or rejected (reason out_of_stock | too_busy | closing, optional note; refunds a wallet payment) while placed or accepted. Only forward, each step once",
    access: restaurantStaff,
    kitchenDevice: true,
    keys: ["orders.steps"],
    body: orderStageSchema,
    ok: { description: "The order", schema: incomingOrderSchema },
    errors: { 404: "Unknown order, or not your restaurant's", 409: "The order is not at the stage this step starts from" },
    fixture: {
      matrix: { path: { id: "$restaurant", orderId: "$submittedOrder" }, body: { stage: "accepted", prepMinutes: 20 } },
      fuzz: { valid: { stage: "accepted", prepMinutes: 20 } },
    },
  }),
  op("POST /api/manage/{id}/orders/{orderId}/prep", {
    summary:
      "More preparation time for an accepted order (the board's +5 / +10: `addMinutes` 5 or 10): its prepMinutes and estimatedReadyAt move by as much, and so does the customer's arrival window (estimatedArrivalFrom/To); the whole preparation time stays at most 90 minutes (busy minutes included)",
    access: restaurantStaff,
    kitchenDevice: true,
    keys: ["orders.steps"],
    body: prepChangeSchema,
    ok: { description: "The order", schema: incomingOrderSchema },
    errors: {
      404: "Unknown order, or not your restaurant's",
      409: "The order is not being prepared (placed, ready or closed), the time would pass 90 minutes, or it changed meanwhile (two taps at once)",
    },
    // +5/+10 on a placed order: past the access check, the owner is told it is not being prepared (409).
    fixture: { matrix: { fresh: true, status: 409, path: { id: "$restaurant", orderId: "$submittedOrder" }, body: { addMinutes: 5 } } },
  }),
  op("GET /api/manage/{id}/couriers", {
    summary:
      "Couriers the owner may assign to `orderId` while its delivery waits for a courier: on shift, a fresh position, under the job limit, no open offer; nearest first, at most 20. `distance` is a band (under 1 km, 1-3 km, 3-5 km, 5-10 km, over 10 km) from the courier's ~1 km grid cell, never a figure; at most COURIER_LIST_PER_MINUTE (20) reads a minute per account",
    access: restaurantStaff,
    kitchenDevice: true,
    query: nearbyCouriersQuerySchema,
    paging: { unpaged: "a working set: the nearest eligible couriers, at most 20" },
    ok: { description: "The couriers", schema: nearbyCouriersSchema },
    errors: { 404: "Unknown restaurant or order, or not yours", 409: "The order is not waiting for a courier", 429: "Too many reads in a minute (Retry-After)" },
    // The order has no job waiting for a courier: a 409 past the access check.
    fixture: { matrix: { status: 409, path: { id: "$restaurant" }, query: { orderId: "$submittedOrder" } } },
  }),
  op("POST /api/manage/{id}/orders/{orderId}/assign", {
    summary:
      "Assign a courier by hand to an order whose delivery still looks for one (an open offer is withdrawn); the courier must be on shift, under the job limit and, for a cash order, not over the market's cash limit",
    access: restaurantStaff,
    kitchenDevice: true,
    body: assignInputSchema,
    ok: { description: "The order", schema: assignAnswerSchema },
    errors: {
      404: "Unknown order or courier, or not your restaurant's",
      409: "No delivery job, a courier already has it, or the courier is off shift, full or over the cash limit (`errors.courierId` names the limit)",
    },
    fixture: { matrix: { fresh: true, path: { id: "$restaurant", orderId: "$offeredOrder" }, body: { courierId: "$owner" } } },
  }),
  op("GET /api/manage/{id}/board", {
    summary:
      "The order board: a page of the open orders oldest first (`offset`, `limit` up to 100, the default), how many are open at each stage, and the orders closed today; orders left unaccepted past the accept timeout are expired (and refunded) first",
    access: restaurantStaff,
    kitchenDevice: true,
    keys: ["orders.read"],
    paging: { unpaged: "two lists: the open orders (paged by ?offset=, e2e/orders/board.api.spec.ts) and the orders closed today (at most 50)" },
    query: boardPagingSchema,
    ok: {
      description: "The board",
      schema: z.object({
        orders: z.array(incomingOrderSchema),
        openCounts: z.object({ placed: z.number().int(), accepted: z.number().int(), ready: z.number().int(), out_for_delivery: z.number().int() }),
        doneToday: z.array(incomingOrderSchema),
        startCookingMinutes: z
          .number()
          .int()
          .nullable()
          .meta({ description: "Start cooking when the courier is this many minutes away (PUT /api/manage/{id}/start-cooking); null: off" }),
      }),
    },
    errors: { 400: "A bad offset or limit, named", 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { before: ["$submittedOrder"], path: { id: "$restaurant" } } },
  }),
  op("GET /api/manage/{id}/orders/events", {
    summary:
      "Server-Sent Events for every order of the restaurant: `id` (resume with Last-Event-ID or ?lastEventId=), `event: order`, `data: {id, orderId, restaurantId, stage, at}` (plus `detail`, the JSON payload, for a delivery event: courier_assigned {courierId, firstName}, courier_position {lat, lng}, delivery_failed {reason}, ...); `: keep-alive` every 25 s; ends with the session (a kitchen tablet's: the moment it is removed). A resume point more than 1,000 events behind gets one `event: reload` (`id` and `data: {id}`: the newest event) instead of the missed events: re-read the board",
    access: restaurantStaff,
    kitchenDevice: true,
    paging: eventStream,
    ok: streamAnswer,
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { before: ["$submittedOrder"], path: { id: "$restaurant" } } },
  }),
];
