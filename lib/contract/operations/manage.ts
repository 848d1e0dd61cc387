import { z } from "zod";
import { boardPagingSchema, pagingSchema } from "@/lib/validation/browse";
import { closeOrderSchema, deleteRestaurantQuerySchema, ownerMenuQuerySchema } from "@/lib/validation/manage";
import { orderStageSchema, prepChangeSchema } from "@/lib/validation/order-stage";
import { dateRangeSchema } from "@/lib/validation/insights";
import { promotionInputSchema } from "@/lib/validation/promotions";
import { payoutInputSchema, payoutScheduleSchema as payoutScheduleInputSchema } from "@/lib/validation/payouts";
import { assignInputSchema, nearbyCouriersQuerySchema } from "@/lib/validation/courier";
import { restaurantUpdateSchema } from "@/lib/validation/restaurant";
import { kitchenInputSchema, soldOutInputSchema } from "@/lib/validation/kitchen";
import { deletedSchema } from "../common-schemas";
import { assignAnswerSchema, nearbyCouriersSchema } from "../courier-schemas";
import { menuItemSchema } from "../menu-item-schemas";
import { incomingOrderSchema } from "../order-schemas";
import { payoutSchema, payoutScheduleSchema, restaurantPayoutsSchema } from "../payout-schemas";
import { promotionSchema } from "../promotion-schemas";
import { restaurantPageSchema, restaurantSchema } from "../restaurant-schemas";
import { MAX_PHOTO_BYTES } from "@/lib/validation/photo";
import { op, list, withRestaurant, signedIn, restaurantOwner, eventStream, rangeDownload } from "./define";

// A restaurant owner's restaurant: its details, menu, incoming orders and their stages, dispatch, promotions (docs/architecture/promotions.md), downloads and payouts (docs/architecture/ledger.md).

export const manageOperations = [
  op({
    method: "GET",
    path: "/api/manage",
    resource: "Manage",
    summary: "The caller's restaurants, active or not (empty when none)",
    access: signedIn,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "One page", schema: restaurantPageSchema },
    fixture: { matrix: {}, list: { as: "owner" } },
  }),
  op({
    method: "PUT",
    path: "/api/manage/{id}",
    resource: "Manage",
    summary: "Update the fields sent of one's restaurant (`businessHours` follows `hours`; text sent is checked and ignored)",
    access: restaurantOwner,
    body: restaurantUpdateSchema,
    ok: { description: "The restaurant", schema: withRestaurant },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: {
      matrix: { fresh: true, path: { id: "$restaurant" }, body: { name: "$uniqueName" } },
      fuzz: { valid: { description: "Updated by the fuzzer, still valid." } },
    },
  }),
  op({
    method: "PUT",
    path: "/api/manage/{id}/photo",
    resource: "Manage",
    summary:
      "Upload the restaurant's banner: JPEG, PNG, WebP or AVIF by content, at most 10 MB and 40 megapixels (fewer for AVIF and progressive JPEG, whose decoding holds the whole picture); optional form fields x, y, width, height crop it (pixels of the upright photo, cut at 16:7; none: centred). Stored re-encoded as WebP under /uploads/<hash>.webp; the old upload is removed",
    access: restaurantOwner,
    multipart: { field: "photo", description: "The image file (also accepted as `picture`, `image` or `file`)", maxBytes: MAX_PHOTO_BYTES },
    ok: { description: "The restaurant with its new storeImage", schema: withRestaurant },
    errors: { 404: "Unknown restaurant, or not yours", 413: "Photo larger than 10 MB", 415: "Not a JPEG, PNG, WebP or AVIF image" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op({
    method: "DELETE",
    path: "/api/manage/{id}",
    resource: "Manage",
    summary: "`type=soft`: stop taking orders; `type=hard`: remove it (past orders keep their lines and totals)",
    access: restaurantOwner,
    query: deleteRestaurantQuerySchema,
    ok: {
      description: "soft: { message, restaurant }; hard: { message, id }",
      schema: z.union([z.object({ message: z.string(), restaurant: restaurantSchema }), deletedSchema]),
    },
    errors: { 404: "Unknown restaurant, or not yours", 409: "soft: the restaurant is suspended by Nosh (the message says why)" },
    fixture: {
      matrix: { fresh: true, before: ["$submittedOrder"], path: { id: "$restaurant" }, query: { type: "hard" } },
      fuzz: { queries: ["?type=soft", "?type=hard", "?type=", "?type=HARD", "?type[]=soft", "", "?type=soft&type=hard"] },
    },
  }),
  op({
    method: "PUT",
    path: "/api/manage/{id}/kitchen",
    resource: "Manage",
    summary:
      "The kitchen's controls (docs/architecture/kitchen.md), each field sent changed: `pause` new orders for now for 15, 30 or 60 minutes or the rest of the restaurant's day (`off` ends it; scheduled orders from its end on are taken); `busyExtraMinutes` (0, 10, 20) added to every prep time for the rest of the day; `autoAccept` new orders at once with `defaultPrepMinutes`",
    access: restaurantOwner,
    body: kitchenInputSchema,
    ok: { description: "The restaurant", schema: withRestaurant },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { busyExtraMinutes: 0 } } },
  }),
  op({
    method: "PUT",
    path: "/api/manage/{id}/sold-out",
    resource: "Manage",
    summary:
      "A dish (`menuItemId`: until the restaurant's next opening) or one of its choices (`optionId`: for today) sold out, or back (`soldOut: false`); a checkout holding a sold-out dish is a 409 naming it",
    access: restaurantOwner,
    body: soldOutInputSchema,
    ok: {
      description: "What was marked",
      schema: z.object({ menuItemId: z.number().int(), optionId: z.number().int().nullable(), soldOutUntil: z.string().nullable() }),
    },
    errors: { 404: "Unknown restaurant, or not yours; a dish or choice not on its menu" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { menuItemId: "$item", soldOut: false } } },
  }),
  op({
    method: "PUT",
    path: "/api/manage/{id}/reactivate",
    resource: "Manage",
    summary: "Take orders again",
    access: restaurantOwner,
    ok: { description: "Reactivated", schema: z.object({ message: z.string(), restaurant: restaurantSchema }) },
    errors: { 404: "Unknown restaurant, or not yours", 409: "The restaurant is suspended by Nosh (the message says why)" },
    fixture: { matrix: { fresh: true, before: ["$deactivated"], path: { id: "$restaurant" } } },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/menu",
    resource: "Manage",
    summary: "The restaurant's whole menu, newest first (pages when asked)",
    access: restaurantOwner,
    paging: "limit-offset",
    query: ownerMenuQuerySchema,
    ok: { description: "The menu", schema: list("menu_items", menuItemSchema) },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" } }, list: { as: "owner", path: { id: "$restaurant" } } },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/orders",
    resource: "Manage",
    summary: "The restaurant's Submitted orders, newest first",
    access: restaurantOwner,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "One page", schema: list("orders", incomingOrderSchema) },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { before: ["$submittedOrder"], path: { id: "$restaurant" } }, list: { as: "owner", path: { id: "$restaurant" } } },
  }),
  op({
    method: "PUT",
    path: "/api/manage/{id}/orders/{orderId}",
    resource: "Manage",
    summary:
      "Complete (= delivered) or cancel (= rejected; a wallet payment is refunded) an open order. Kept for existing clients; the stage route moves orders step by step",
    access: restaurantOwner,
    body: closeOrderSchema,
    ok: { description: "The order", schema: incomingOrderSchema },
    errors: { 404: "Unknown order, or not your restaurant's", 409: "The order is not Submitted" },
    fixture: { matrix: { path: { id: "$restaurant", orderId: "$submittedOrder" }, body: { status: "Completed" } }, fuzz: { valid: { status: "Completed" } } },
  }),

  op({
    method: "POST",
    path: "/api/manage/{id}/orders/{orderId}/stage",
    resource: "Manage",
    summary:
      "Move an order one step on: accepted (with prepMinutes 5-90) -> ready -> out_for_delivery -> delivered (a pickup order: ready -> delivered, shown as Picked up; out_for_delivery is a 409), or rejected (reason out_of_stock | too_busy | closing, optional note; refunds a wallet payment) while placed or accepted. Only forward, each step once",
    access: restaurantOwner,
    body: orderStageSchema,
    ok: { description: "The order", schema: incomingOrderSchema },
    errors: { 404: "Unknown order, or not your restaurant's", 409: "The order is not at the stage this step starts from" },
    fixture: {
      matrix: { path: { id: "$restaurant", orderId: "$submittedOrder" }, body: { stage: "accepted", prepMinutes: 20 } },
      fuzz: { valid: { stage: "accepted", prepMinutes: 20 } },
    },
  }),
  op({
    method: "POST",
    path: "/api/manage/{id}/orders/{orderId}/prep",
    resource: "Manage",
    summary:
      "More preparation time for an accepted order (the board's +5 / +10: `addMinutes` 5 or 10): its prepMinutes and estimatedReadyAt move by as much, and so does the customer's arrival window (estimatedArrivalFrom/To); the whole preparation time stays at most 90 minutes (busy minutes included)",
    access: restaurantOwner,
    body: prepChangeSchema,
    ok: { description: "The order", schema: incomingOrderSchema },
    errors: {
      404: "Unknown order, or not your restaurant's",
      409: "The order is not being prepared (placed, ready or closed), the time would pass 90 minutes, or it changed meanwhile (two taps at once)",
    },
    // +5/+10 on a placed order: past the access check, the owner is told it is not being prepared (409).
    fixture: { matrix: { fresh: true, status: 409, path: { id: "$restaurant", orderId: "$submittedOrder" }, body: { addMinutes: 5 } } },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/couriers",
    resource: "Manage",
    summary:
      "Couriers the owner may assign to `orderId` while its delivery waits for a courier: on shift, a fresh position, under the job limit, no open offer; nearest first, at most 20. `distance` is a band (under 1 km, 1-3 km, 3-5 km, 5-10 km, over 10 km) from the courier's ~1 km grid cell, never a figure; at most COURIER_LIST_PER_MINUTE (20) reads a minute per account",
    access: restaurantOwner,
    query: nearbyCouriersQuerySchema,
    paging: { unpaged: "a working set: the nearest eligible couriers, at most 20" },
    ok: { description: "The couriers", schema: nearbyCouriersSchema },
    errors: { 404: "Unknown restaurant or order, or not yours", 409: "The order is not waiting for a courier", 429: "Too many reads in a minute (Retry-After)" },
    // The order has no job waiting for a courier: a 409 past the access check.
    fixture: { matrix: { status: 409, path: { id: "$restaurant" }, query: { orderId: "$submittedOrder" } } },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/promotions",
    resource: "Manage",
    summary:
      "One page of the restaurant's promotions (codes and automatic offers, not deleted), newest first, each with its `state` (scheduled, active, ended, used_up) and `results` (orders, discount, sales, new customers: one grouped statement); every one is funded by the restaurant (docs/architecture/promotions.md)",
    access: restaurantOwner,
    paging: "limit-offset",
    query: pagingSchema,
    ok: {
      description: "One page",
      schema: z.object({ promotions: z.array(promotionSchema), hasMore: z.boolean(), nextOffset: z.number().int().nullable() }),
    },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" } }, list: { as: "owner", path: { id: "$restaurant" } } },
  }),
  op({
    method: "POST",
    path: "/api/manage/{id}/promotions",
    resource: "Manage",
    summary:
      "Create a promotion: a `code` (4-16 letters or digits, case-insensitive, spaces trimmed; unique per restaurant) or none for an automatic offer; kind percent (value: whole percent), amount (value: dollars) or free_delivery; maxDiscount, minSubtotal, startsAt, endsAt, firstOrderOnly, perCustomerLimit (null: no limit; left out: no limit for an automatic offer, 1 for a code), totalLimit; startsAt/endsAt are instants with an offset (the owner's form sends them typed in the restaurant's time zone)",
    access: restaurantOwner,
    body: promotionInputSchema,
    ok: { status: 201, description: "The promotion", schema: z.object({ promotion: promotionSchema }) },
    errors: { 404: "Unknown restaurant, or not yours", 409: "The restaurant already has a live promotion with this code (`code`), or already 50 promotions" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { kind: "percent", value: 10 } }, fuzz: { valid: { kind: "percent", value: 10, code: "FUZZ10" } } },
  }),
  op({
    method: "PUT",
    path: "/api/manage/{id}/promotions/{promotionId}",
    resource: "Manage",
    summary: "Replace every field of a promotion (the same body as create); its redemptions so far stay counted",
    access: restaurantOwner,
    body: promotionInputSchema,
    ok: { description: "The promotion", schema: z.object({ promotion: promotionSchema }) },
    errors: { 404: "Unknown restaurant or promotion, or not yours", 409: "The restaurant already has a live promotion with this code (`code`)" },
    fixture: { matrix: { path: { id: "$restaurant", promotionId: "$promotion" }, body: { kind: "amount", value: 3 } }, fuzz: { valid: { kind: "amount", value: 2 } } },
  }),
  op({
    method: "DELETE",
    path: "/api/manage/{id}/promotions/{promotionId}",
    resource: "Manage",
    summary: "End a promotion: no longer offered, its code free again; orders that took it keep it",
    access: restaurantOwner,
    ok: { description: "Deleted", schema: deletedSchema },
    errors: { 404: "Unknown restaurant or promotion, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant", promotionId: "$promotion" } } },
  }),
  op({
    method: "POST",
    path: "/api/manage/{id}/orders/{orderId}/assign",
    resource: "Manage",
    summary: "Assign a courier by hand to an order whose delivery still looks for one (an open offer is withdrawn); the courier must be on shift and under the job limit",
    access: restaurantOwner,
    body: assignInputSchema,
    ok: { description: "The order", schema: assignAnswerSchema },
    errors: { 404: "Unknown order or courier, or not your restaurant's", 409: "No delivery job, a courier already has it, or the courier is off shift or full" },
    fixture: { matrix: { fresh: true, path: { id: "$restaurant", orderId: "$offeredOrder" }, body: { courierId: "$owner" } } },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/board",
    resource: "Manage",
    summary:
      "The order board: a page of the open orders oldest first (`offset`, `limit` up to 100, the default), how many are open at each stage, and the orders closed today; orders left unaccepted past the accept timeout are expired (and refunded) first",
    access: restaurantOwner,
    paging: { unpaged: "two lists: the open orders (paged by ?offset=, e2e/orders/board.api.spec.ts) and the orders closed today (at most 50)" },
    query: boardPagingSchema,
    ok: {
      description: "The board",
      schema: z.object({
        orders: z.array(incomingOrderSchema),
        openCounts: z.object({ placed: z.number().int(), accepted: z.number().int(), ready: z.number().int(), out_for_delivery: z.number().int() }),
        doneToday: z.array(incomingOrderSchema),
      }),
    },
    errors: { 400: "A bad offset or limit, named", 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { before: ["$submittedOrder"], path: { id: "$restaurant" } } },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/orders/events",
    resource: "Manage",
    summary:
      "Server-Sent Events for every order of the restaurant: `id` (resume with Last-Event-ID or ?lastEventId=), `event: order`, `data: {id, orderId, restaurantId, stage, at}` (plus `detail`, the JSON payload, for a delivery event: courier_assigned {courierId, firstName}, courier_position {lat, lng}, delivery_failed {reason}, ...); `: keep-alive` every 25 s; ends with the session. A resume point more than 1,000 events behind gets one `event: reload` (`id` and `data: {id}`: the newest event) instead of the missed events: re-read the board",
    access: restaurantOwner,
    paging: eventStream,
    ok: { description: "An event stream", contentType: "text/event-stream" },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { before: ["$submittedOrder"], path: { id: "$restaurant" } } },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/exports/orders.csv",
    resource: "Manage",
    summary:
      "The orders of a range of the restaurant's days (`from`, `to`: YYYY-MM-DD, both included, at most 366 days) as CSV, one record per order line with its options, the order's subtotal, fees, tip and total on its first line only; money in dollars, times in the restaurant's zone; streamed as an attachment",
    access: restaurantOwner,
    paging: rangeDownload,
    query: dateRangeSchema,
    ok: { description: "A CSV download", contentType: "text/csv" },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { before: ["$submittedOrder"], path: { id: "$restaurant" }, query: { from: "2020-01-01", to: "2020-12-31" } } },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/exports/insights.csv",
    resource: "Manage",
    summary:
      "The insights of a range (`from`, `to` as for the orders) as CSV records `section,key,metric,value`: per day, the range, customers, top dishes, cancellations, ratings, times; orders and revenue count the orders the restaurant accepted that were not canceled, revenue being their food sales (no fees, tax or tip)",
    access: restaurantOwner,
    paging: rangeDownload,
    query: dateRangeSchema,
    ok: { description: "A CSV download", contentType: "text/csv" },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { before: ["$submittedOrder"], path: { id: "$restaurant" }, query: { from: "2020-01-01", to: "2020-12-31" } } },
  }),

  op({
    method: "GET",
    path: "/api/manage/{id}/payouts",
    resource: "Manage",
    summary:
      "The restaurant's earnings (docs/architecture/ledger.md): `available` (may be paid out), `pending` (its share of paid orders not yet delivered, and of delivered orders until their 48-hour report window closes: `pendingEarnings`, each with `availableAt`), the payout on its way, the latest payouts, and the entries of a range of its days (`from`, `to`: YYYY-MM-DD, both included; default the last 30 days): each delivered order's gross, commission, discount and net, refunds and payouts",
    access: restaurantOwner,
    paging: { unpaged: "the earnings of a date range (at most 366 days) and the latest 20 payouts (docs/architecture/ledger.md)" },
    query: z.object({ from: z.string().optional().meta({ description: "YYYY-MM-DD" }), to: z.string().optional().meta({ description: "YYYY-MM-DD" }) }),
    ok: { description: "The earnings", schema: restaurantPayoutsSchema },
    errors: { 400: "A bad range, named", 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op({
    method: "POST",
    path: "/api/manage/{id}/payouts",
    resource: "Manage",
    summary:
      "Pay `amount` dollars of the available balance out to the restaurant's bank: a payout with a reference, pending until paid (about 30 s here); at most one on its way",
    access: restaurantOwner,
    body: payoutInputSchema,
    ok: { status: 201, description: "The payout", schema: payoutSchema },
    errors: {
      400: "A bad amount, named",
      404: "Unknown restaurant, or not yours",
      409: "More than the available balance (the most, named in `amount`), or a payout already on its way",
    },
    // The owner's order delivered and its report window closed (49 hours back): earnings to pay out.
    fixture: { matrix: { before: ["$earnings"], path: { id: "$restaurant" }, body: { amount: 0.01 } }, fuzz: { valid: { amount: 1 } } },
  }),
  op({
    method: "PUT",
    path: "/api/manage/{id}/payouts/schedule",
    resource: "Manage",
    summary:
      "A weekly payout (issue 52 item 7): on `weekday` (mon ... sun, the restaurant's zone) the available balance is paid out as POST /payouts does, at most once that day (none when nothing is available or a payout is on its way); `weekday: null` stops it",
    access: restaurantOwner,
    body: payoutScheduleInputSchema,
    ok: { description: "The schedule as it now stands", schema: z.object({ schedule: payoutScheduleSchema }) },
    errors: { 400: "A bad weekday, named", 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { weekday: "fri" } } },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/exports/payouts.csv",
    resource: "Manage",
    summary:
      "The restaurant's earnings entries of a range (`from`, `to` as for the orders) as CSV `time,kind,order,reference,gross,commission,discount,net,commission_rate,reason`: dollars (a refund: the amount given back as gross, with its reason; each order's commission rate in percent), times in the restaurant's zone; streamed as an attachment",
    access: restaurantOwner,
    paging: rangeDownload,
    query: dateRangeSchema,
    ok: { description: "A CSV download", contentType: "text/csv" },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" }, query: { from: "2020-01-01", to: "2020-12-31" } } },
  }),
];
