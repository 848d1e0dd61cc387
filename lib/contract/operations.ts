import { z } from "zod";
import { deleteAccountSchema } from "@/lib/validation/account";
import { loginSchema, passwordChangeSchema, signupSchema } from "@/lib/validation/auth";
import { boardPagingSchema, menuItemQuerySchema, pagingSchema, restaurantQuerySchema } from "@/lib/validation/browse";
import { submitOrderSchema, walletAmountSchema } from "@/lib/validation/checkout";
import { closeOrderSchema, deleteRestaurantQuerySchema, ownerMenuQuerySchema } from "@/lib/validation/manage";
import { menuItemCreateSchema, menuItemUpdateSchema } from "@/lib/validation/menu-item";
import { orderStageSchema } from "@/lib/validation/order-stage";
import { addGroupLineSchema, createGroupSchema, groupQuerySchema, joinGroupSchema, updateGroupLineSchema, updateGroupSchema } from "@/lib/validation/group-orders";
import { dateRangeSchema } from "@/lib/validation/insights";
import { placeOrderSchema, quoteOrderDocSchema } from "@/lib/validation/orders";
import { promotionInputSchema } from "@/lib/validation/promotions";
import { payoutInputSchema } from "@/lib/validation/payouts";
import { assignInputSchema, failedInputSchema, positionBodySchema, shiftInputSchema } from "@/lib/validation/courier";
import { profileUpdateSchema } from "@/lib/validation/profile";
import { markReadSchema, notificationsPageSchema as notificationsQuerySchema, preferencesSchema, unsubscribeQuerySchema } from "@/lib/validation/notifications";
import { notificationPreferencesSchema, notificationsPageSchema, pushPublicKeySchema, pushSubscriptionAnswerSchema, unreadSchema } from "./notification-schemas";
import { pushSubscriptionSchema } from "@/lib/validation/push";
import { orderProblemsSchema, problemAnswerSchema, problemListSchema } from "./problem-schemas";
import { problemAppealSchema, problemDecisionSchema, problemReportSchema } from "@/lib/validation/problems";
import {
  adminCouriersPageSchema,
  adminOrdersPageSchema,
  adminRestaurantSchema,
  adminRestaurantsPageSchema,
  adminReviewSchema,
  adminReviewsPageSchema,
  adminUserDetailSchema,
  adminUserSchema,
  adminUsersPageSchema,
  auditPageSchema,
  courierApplicationSchema,
  dashboardSchema,
} from "./admin-schemas";
import {
  adminAuditQuerySchema,
  adminCouriersQuerySchema,
  adminOrdersQuerySchema,
  adminRestaurantsQuerySchema,
  adminReviewsQuerySchema,
  adminUserDetailQuerySchema,
  adminUsersQuerySchema,
  courierActionSchema,
  restaurantActionSchema,
  reviewActionSchema,
  userActionSchema,
} from "@/lib/validation/admin";
import { restaurantCreateSchema, restaurantUpdateSchema } from "@/lib/validation/restaurant";
import { searchQuerySchema } from "@/lib/validation/search";
import { createReviewSchema, updateReviewSchema } from "@/lib/validation/review";
import {
  assignAnswerSchema,
  courierSummarySchema,
  courierEarningsSchema,
  payoutSchema,
  restaurantPayoutsSchema,
  jobAnswerSchema,
  jobsSchema,
  nearbyCouriersSchema,
  offerSchema,
  positionAnswerSchema,
  promotionSchema,
  quoteSchema,
  shiftSchema,
  dataExportSchema,
  deletedSchema,
  groupCheckoutSchema,
  groupSchema,
  incomingOrderSchema,
  menuItemSchema,
  messageSchema,
  orderSchema,
  reorderSchema,
  restaurantPageSchema,
  restaurantSchema,
  reviewSchema,
  searchResultSchema,
  userSchema,
  walletTransactionSchema,
} from "./schemas";

// Every API operation, the one registry the OpenAPI document (/api/openapi.json), the reference
// page (/developers/api) and the e2e response check are built from. A Vitest test fails when a
// route file on disk exports a method missing here. To add an operation: one `op()` entry with
// its request schemas (lib/validation) and its success response (lib/contract/schemas.ts);
// the errors every call shares (400 bad ids or input, 401, the anti-forgery 403, 413, 503) are
// added by `op()` from what the entry says. A Server-Sent Events route answers
// `ok: { description, contentType: "text/event-stream" }` and a CSV download `contentType: "text/csv"`:
// the e2e check then checks its status only.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export const RESOURCES = {
  Auth: "Sign up, log in and out, sessions",
  Users: "The signed-in user's profile, password, picture and wallet",
  Restaurants: "Browsing restaurants and adding one",
  Search: "Finding restaurants and dishes by text and filters",
  Manage: "A restaurant owner's restaurants, menu and incoming orders",
  "Menu items": "Dishes, their owner's edits, and favourites",
  Orders: "A customer's orders: checkout, submit, cancel, reorder",
  "Group orders": "A shared cart at one restaurant: the host shares a link, people join and add their items, the host locks and pays for everyone",
  Reviews: "Reviews of placed orders",
  Couriers: "The courier app: shift, position, delivery jobs and their events (docs/architecture/couriers.md)",
  Notifications: "The bell (in-app notifications, read marks, their live stream), the notification choices and web push devices (docs/architecture/notifications.md)",
  "Problem reports":
    "Something wrong with a delivered order: the customer's report, the owner's and Nosh support's decisions, the refund (docs/architecture/problem-reports.md)",
  Operator: "The operator console: dashboard, restaurants, reviews, couriers, users, the audit log (docs/architecture/operator.md)",
  Meta: "This document",
} as const;
export type Resource = keyof typeof RESOURCES;

/** Who may call: shown on the page and in the document; `signedIn` adds the 401. */
export type Access = { who: string; signedIn: boolean };
const anyone: Access = { who: "Anyone", signedIn: false };
const signedIn: Access = { who: "Any signed-in user (guests too)", signedIn: true };
const member: Access = { who: "A signed-in user who is not a guest", signedIn: true };
const self: Access = { who: "The user themself (anyone else: 403)", signedIn: true };
const restaurantOwner: Access = { who: "The restaurant's owner (anyone else: 404)", signedIn: true };
const author: Access = { who: "The record's owner (anyone else: 404)", signedIn: true };
const tokenHolder: Access = { who: "Any signed-in user with the group's token (a wrong, expired or canceled token: 404)", signedIn: true };
const courier: Access = { who: "A courier (anyone else: 403)", signedIn: true };
const jobCourier: Access = { who: "The courier the job was offered to or is held by (anyone else: 404; someone who is not a courier: 403)", signedIn: true };
const operator: Access = { who: "A Nosh operator (anyone else signed in: 403)", signedIn: true };
const groupHost: Access = { who: "The group's host (a participant or anyone else with the token: 403)", signedIn: true };

export type Operation = {
  method: HttpMethod;
  /** OpenAPI path template: /api/orders/{id}. */
  path: string;
  resource: Resource;
  summary: string;
  access: Access;
  /** The JSON body's zod schema, as the handler parses it (camelCase; snake_case accepted too). */
  body?: z.ZodType;
  /** A multipart/form-data body instead of JSON (the picture upload). */
  multipart?: { field: string; description: string };
  query?: z.ZodType;
  /** An Idempotency-Key header makes a retry answer like the first call. */
  idempotent?: boolean;
  /** Status -> what it means; success statuses carry the response schema, errors the error shape. */
  responses: Record<number, Response>;
};

/** A JSON body of `schema`, or a stream of `contentType` (Server-Sent Events: "text/event-stream"). */
export type Response = { description: string; schema?: z.ZodType; contentType?: StreamType };
/** A streamed answer that is not JSON: Server-Sent Events, or a CSV download (an attachment). */
export type StreamType = "text/event-stream" | "text/csv" | "text/html";

type Entry = Omit<Operation, "responses"> & {
  ok: { status?: 200 | 201 } & ({ description: string; schema: z.ZodType } | { description: string; contentType: StreamType });
  /** Errors particular to this call: status -> when. */
  errors?: Record<number, string>;
};

const MUTATING = new Set<HttpMethod>(["POST", "PUT", "PATCH", "DELETE"]);

function op(entry: Entry): Operation {
  const { ok, errors = {}, ...rest } = entry;
  const { status = 200, ...success } = ok;
  const responses: Operation["responses"] = { [status]: success };
  const fail = (status: number, description: string) => {
    responses[status] = { description: responses[status] ? `${responses[status].description}; ${description}` : description };
  };
  if (entry.path.includes("{") || entry.body || entry.query || entry.multipart) fail(400, "Invalid input: `errors` names each field at fault");
  if (entry.access.signedIn) fail(401, "Not signed in");
  if (MUTATING.has(entry.method)) fail(403, "Missing or wrong XSRF-Token header, or a call from another site");
  for (const [status, description] of Object.entries(errors)) fail(Number(status), description);
  if (MUTATING.has(entry.method)) fail(413, "Body larger than 64 KB");
  fail(503, "The service is busy: retry after Retry-After seconds");
  return { ...rest, responses };
}

const list = <T extends z.ZodType>(key: string, item: T) => z.object({ [key]: z.array(item) });
const withRestaurant = z.object({ restaurant: restaurantSchema });
const reviewData = z.object({ data: reviewSchema });

export const OPERATIONS: Operation[] = [
  // Auth
  op({
    method: "GET",
    path: "/api/auth",
    resource: "Auth",
    summary: "The signed-in user (restores the session)",
    access: signedIn,
    ok: { description: "The user", schema: userSchema },
  }),
  op({
    method: "POST",
    path: "/api/auth/signup",
    resource: "Auth",
    summary: "Create an account (wallet 999.99) and sign in; from a guest session the guest account becomes the full account",
    access: anyone,
    body: signupSchema,
    ok: { status: 201, description: "The new user, signed in", schema: userSchema },
    errors: { 409: "Email or phone number already in use", 429: "Too many accounts from this address" },
  }),
  op({
    method: "POST",
    path: "/api/auth/login",
    resource: "Auth",
    summary: "Sign in with email or phone (`credential`, or `email` / `phoneNumber`) and password",
    access: anyone,
    body: loginSchema,
    ok: { description: "The user, signed in", schema: userSchema },
    errors: {
      401: "Wrong credential or password (the same answer for both)",
      403: "The account's sign-in is suspended by Nosh (the message says why)",
      429: "Too many attempts",
    },
  }),
  op({
    method: "POST",
    path: "/api/auth/guest",
    resource: "Auth",
    summary: "Create a guest account (wallet 0) and sign in",
    access: anyone,
    ok: { status: 201, description: "The guest user", schema: userSchema },
    errors: { 429: "Too many accounts from this address" },
  }),
  op({
    method: "GET",
    path: "/api/auth/logout",
    resource: "Auth",
    summary: "End this session (other devices stay signed in)",
    access: anyone,
    ok: { description: "Logged out", schema: messageSchema },
    errors: { 403: "A call from another site" },
  }),
  op({
    method: "POST",
    path: "/api/auth/logout-everywhere",
    resource: "Auth",
    summary: "End every session of the signed-in user",
    access: signedIn,
    ok: { description: "Logged out everywhere", schema: messageSchema },
  }),
  op({
    method: "POST",
    path: "/api/users/demo/{id}",
    resource: "Auth",
    summary: "Sign in as a seeded demo account (when demo login is on)",
    access: anyone,
    ok: { description: "The demo user, signed in", schema: userSchema },
    errors: { 403: "The account's sign-in is suspended by Nosh", 404: "Not a demo account, or demo login is off" },
  }),

  // Users
  op({
    method: "PUT",
    path: "/api/users/{id}",
    resource: "Users",
    summary: "Update the fields sent of one's own profile (never the password)",
    access: self,
    body: profileUpdateSchema,
    ok: { description: "The full user", schema: userSchema },
    errors: { 403: "Someone else's profile, or a guest", 409: "Email or phone number already in use" },
  }),
  op({
    method: "PUT",
    path: "/api/users/{id}/password",
    resource: "Users",
    summary: "Change one's password; every other session ends",
    access: self,
    body: passwordChangeSchema,
    ok: { description: "The user, with a fresh session", schema: userSchema },
    errors: {
      400: "Wrong `currentPassword`, or an invalid `newPassword` (nothing changes)",
      403: "Someone else's account",
      429: "Too many wrong current passwords from this address; wait Retry-After seconds",
    },
  }),
  op({
    method: "PUT",
    path: "/api/users/pfp/{id}",
    resource: "Users",
    summary: "Upload one's profile picture (PNG, JPEG or WebP by content, at most 5 MB)",
    access: self,
    multipart: { field: "picture", description: "The image file (also accepted as `image` or `file`)" },
    ok: { description: "The full user with its new profileImage URL", schema: userSchema },
    errors: { 403: "Someone else's account, or a guest", 413: "Picture larger than 5 MB" },
  }),
  op({
    method: "PUT",
    path: "/api/users/wallet/{id}",
    resource: "Users",
    summary: "Add funds to one's own wallet (0 < amount <= 10000)",
    access: self,
    body: walletAmountSchema,
    ok: { description: "The user with the new balance", schema: userSchema },
    errors: { 403: "Someone else's wallet, or a guest" },
  }),
  op({
    method: "PUT",
    path: "/api/users/wallet/deduct/{id}",
    resource: "Users",
    summary: "Take an amount from one's own wallet, atomically, never below zero",
    access: self,
    body: walletAmountSchema,
    ok: { description: "The user with the new balance", schema: userSchema },
    errors: { 400: "Insufficient funds (nothing changes)", 403: "Someone else's wallet" },
  }),
  op({
    method: "GET",
    path: "/api/users/wallet/{id}/transactions",
    resource: "Users",
    summary: "One's wallet statement, newest first",
    access: self,
    query: pagingSchema,
    ok: { description: "The statement", schema: list("transactions", walletTransactionSchema) },
    errors: { 403: "Someone else's wallet" },
  }),
  op({
    method: "GET",
    path: "/api/users/{id}/wallet/statement.csv",
    resource: "Users",
    summary:
      "One's whole wallet statement as a CSV download, oldest first: Date (the marketplace's time zone), Description, Amount (negative when money left), Balance (after the row). Text cells starting with = + - @ get a leading apostrophe",
    access: self,
    ok: { description: "The CSV file (Content-Disposition: attachment), streamed", contentType: "text/csv" },
    errors: { 403: "Someone else's wallet" },
  }),
  op({
    method: "GET",
    path: "/api/users/{id}/export",
    resource: "Users",
    summary: "Download one's data: profile, every order with its lines and options, reviews, favourites and the wallet statement, as one JSON file (streamed)",
    access: self,
    ok: { description: "The data (Content-Disposition: attachment; filename=nosh-data-<date>.json)", schema: dataExportSchema },
    errors: { 403: "Someone else's account" },
  }),
  op({
    method: "POST",
    path: "/api/users/{id}/delete",
    resource: "Users",
    summary:
      'Close one\'s account, confirmed with the password (guest accounts send none). Reviews (ratings recomputed), favourites, carts and the profile go; placed orders and the wallet ledger stay, anonymized as "Deleted customer"; a remaining wallet balance is forfeited; every session ends',
    access: self,
    body: deleteAccountSchema,
    ok: { description: "Deleted; this device's session cookie is cleared", schema: messageSchema },
    errors: {
      400: "Missing or wrong `password` (nothing changes)",
      403: "Someone else's account",
      409: "An order is in progress, or the user owns restaurants (hand them over or delete them first); nothing changes",
      429: "Too many wrong passwords from this address; wait Retry-After seconds",
    },
  }),

  // Search
  op({
    method: "GET",
    path: "/api/search",
    resource: "Search",
    summary:
      "Restaurants and dishes matching a text (case, accents and typos forgiven) and filters, best match first; deactivated restaurants and their dishes are found, with `takingOrders: false`. " +
      "`cuisine` and `priceLevel` take comma-separated lists; no `q` browses by the filters; `limit=5` serves the search box's suggestions",
    access: anyone,
    query: searchQuerySchema,
    ok: { description: "One page of each kind, the totals, the cuisine facets and, when the text matched nothing, the corrected text", schema: searchResultSchema },
  }),

  // Restaurants
  op({
    method: "GET",
    path: "/api/restaurants",
    resource: "Restaurants",
    summary: "Restaurants taking orders, one page; filter by cuisine, text or `open=true` (open at the time of the request), sort",
    access: anyone,
    query: restaurantQuerySchema,
    ok: { description: "One page", schema: restaurantPageSchema },
  }),
  op({
    method: "GET",
    path: "/api/restaurants/{id}",
    resource: "Restaurants",
    summary: "One restaurant",
    access: anyone,
    ok: { description: "The restaurant", schema: withRestaurant },
    errors: { 404: "Unknown restaurant" },
  }),
  op({
    method: "GET",
    path: "/api/restaurants/{id}/promotions",
    resource: "Restaurants",
    summary: "The restaurant's automatic offers live now (the page's badge, e.g. \"20% off your first order\"); codes are never listed",
    access: anyone,
    ok: { description: "The offers", schema: z.object({ offers: z.array(offerSchema) }) },
    errors: { 404: "Unknown restaurant" },
  }),
  op({
    method: "GET",
    path: "/api/restaurants/current",
    resource: "Restaurants",
    summary: "The caller's own restaurants, newest first",
    access: signedIn,
    query: pagingSchema,
    ok: { description: "One page", schema: restaurantPageSchema },
  }),
  op({
    method: "POST",
    path: "/api/restaurants",
    resource: "Restaurants",
    summary:
      "Add a restaurant; the caller becomes its owner. The weekly schedule (`hours`) is the one source of the hours: `businessHours` is written from it (text sent is checked, required without `hours`, and ignored)",
    access: member,
    body: restaurantCreateSchema,
    ok: { status: 201, description: "The new restaurant", schema: withRestaurant },
    errors: { 403: "Guest accounts cannot add a restaurant" },
  }),

  // Manage
  op({
    method: "GET",
    path: "/api/manage",
    resource: "Manage",
    summary: "The caller's restaurants, active or not (empty when none)",
    access: signedIn,
    query: pagingSchema,
    ok: { description: "One page", schema: restaurantPageSchema },
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
  }),
  op({
    method: "PUT",
    path: "/api/manage/{id}/photo",
    resource: "Manage",
    summary:
      "Upload the restaurant's banner: JPEG, PNG, WebP or AVIF by content, at most 10 MB and 40 megapixels (fewer for AVIF and progressive JPEG, whose decoding holds the whole picture); optional form fields x, y, width, height crop it (pixels of the upright photo, cut at 16:7; none: centred). Stored re-encoded as WebP under /uploads/<hash>.webp; the old upload is removed",
    access: restaurantOwner,
    multipart: { field: "photo", description: "The image file (also accepted as `picture`, `image` or `file`)" },
    ok: { description: "The restaurant with its new storeImage", schema: withRestaurant },
    errors: { 404: "Unknown restaurant, or not yours", 413: "Photo larger than 10 MB", 415: "Not a JPEG, PNG, WebP or AVIF image" },
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
  }),
  op({
    method: "PUT",
    path: "/api/manage/{id}/reactivate",
    resource: "Manage",
    summary: "Take orders again",
    access: restaurantOwner,
    ok: { description: "Reactivated", schema: z.object({ message: z.string(), restaurant: restaurantSchema }) },
    errors: { 404: "Unknown restaurant, or not yours", 409: "The restaurant is suspended by Nosh (the message says why)" },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/menu",
    resource: "Manage",
    summary: "The restaurant's whole menu, newest first (pages when asked)",
    access: restaurantOwner,
    query: ownerMenuQuerySchema,
    ok: { description: "The menu", schema: list("menu_items", menuItemSchema) },
    errors: { 404: "Unknown restaurant, or not yours" },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/orders",
    resource: "Manage",
    summary: "The restaurant's Submitted orders, newest first",
    access: restaurantOwner,
    query: pagingSchema,
    ok: { description: "One page", schema: list("orders", incomingOrderSchema) },
    errors: { 404: "Unknown restaurant, or not yours" },
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
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/couriers",
    resource: "Manage",
    summary: "Couriers the owner may assign: on shift, a fresh position, under the job limit, no open offer; nearest first, at most 20",
    access: restaurantOwner,
    ok: { description: "The couriers", schema: nearbyCouriersSchema },
    errors: { 404: "Unknown restaurant, or not yours" },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/promotions",
    resource: "Manage",
    summary:
      "The restaurant's promotions (codes and automatic offers, not deleted), newest first; every one is funded by the restaurant (docs/architecture/promotions.md)",
    access: restaurantOwner,
    ok: { description: "The promotions", schema: z.object({ promotions: z.array(promotionSchema) }) },
    errors: { 404: "Unknown restaurant, or not yours" },
  }),
  op({
    method: "POST",
    path: "/api/manage/{id}/promotions",
    resource: "Manage",
    summary:
      "Create a promotion: a `code` (4-16 letters or digits, case-insensitive, spaces trimmed; unique per restaurant) or none for an automatic offer; kind percent (value: whole percent), amount (value: dollars) or free_delivery; maxDiscount, minSubtotal, startsAt, endsAt, firstOrderOnly, perCustomerLimit (default 1), totalLimit",
    access: restaurantOwner,
    body: promotionInputSchema,
    ok: { status: 201, description: "The promotion", schema: z.object({ promotion: promotionSchema }) },
    errors: { 404: "Unknown restaurant, or not yours", 409: "The restaurant already has a live promotion with this code (`code`), or already 50 promotions" },
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
  }),
  op({
    method: "DELETE",
    path: "/api/manage/{id}/promotions/{promotionId}",
    resource: "Manage",
    summary: "End a promotion: no longer offered, its code free again; orders that took it keep it",
    access: restaurantOwner,
    ok: { description: "Deleted", schema: deletedSchema },
    errors: { 404: "Unknown restaurant or promotion, or not yours" },
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
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/board",
    resource: "Manage",
    summary:
      "The order board: a page of the open orders oldest first (`offset`, `limit` up to 100, the default), how many are open at each stage, and the orders closed today; orders left unaccepted past the accept timeout are expired (and refunded) first",
    access: restaurantOwner,
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
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/orders/events",
    resource: "Manage",
    summary:
      "Server-Sent Events for every order of the restaurant: `id` (resume with Last-Event-ID or ?lastEventId=), `event: order`, `data: {id, orderId, restaurantId, stage, at}` (plus `detail`, the JSON payload, for a delivery event: courier_assigned {courierId, firstName}, courier_position {lat, lng}, delivery_failed {reason}, ...); `: keep-alive` every 25 s; ends with the session. A resume point more than 1,000 events behind gets one `event: reload` (`id` and `data: {id}`: the newest event) instead of the missed events: re-read the board",
    access: restaurantOwner,
    ok: { description: "An event stream", contentType: "text/event-stream" },
    errors: { 404: "Unknown restaurant, or not yours" },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/exports/orders.csv",
    resource: "Manage",
    summary:
      "The orders of a range of the restaurant's days (`from`, `to`: YYYY-MM-DD, both included, at most 366 days) as CSV, one record per order line with its options, the order's subtotal, fees, tip and total on its first line only; money in dollars, times in the restaurant's zone; streamed as an attachment",
    access: restaurantOwner,
    query: dateRangeSchema,
    ok: { description: "A CSV download", contentType: "text/csv" },
    errors: { 404: "Unknown restaurant, or not yours" },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/exports/insights.csv",
    resource: "Manage",
    summary:
      "The insights of a range (`from`, `to` as for the orders) as CSV records `section,key,metric,value`: per day, the range, customers, top dishes, cancellations, ratings, times; orders and revenue count the orders the restaurant accepted that were not canceled, revenue being their food sales (no fees, tax or tip)",
    access: restaurantOwner,
    query: dateRangeSchema,
    ok: { description: "A CSV download", contentType: "text/csv" },
    errors: { 404: "Unknown restaurant, or not yours" },
  }),

  op({
    method: "GET",
    path: "/api/manage/{id}/payouts",
    resource: "Manage",
    summary:
      "The restaurant's earnings (docs/architecture/ledger.md): `available` (may be paid out), `pending` (its share of paid orders not yet delivered), the payout on its way, the latest payouts, and the entries of a range of its days (`from`, `to`: YYYY-MM-DD, both included; default the last 30 days): each delivered order's gross, commission, discount and net, refunds and payouts",
    access: restaurantOwner,
    query: z.object({ from: z.string().optional().meta({ description: "YYYY-MM-DD" }), to: z.string().optional().meta({ description: "YYYY-MM-DD" }) }),
    ok: { description: "The earnings", schema: restaurantPayoutsSchema },
    errors: { 400: "A bad range, named", 404: "Unknown restaurant, or not yours" },
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
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/exports/payouts.csv",
    resource: "Manage",
    summary:
      "The restaurant's earnings entries of a range (`from`, `to` as for the orders) as CSV `time,kind,order,reference,gross,commission,discount,net`: dollars, times in the restaurant's zone; streamed as an attachment",
    access: restaurantOwner,
    query: dateRangeSchema,
    ok: { description: "A CSV download", contentType: "text/csv" },
    errors: { 404: "Unknown restaurant, or not yours" },
  }),

  // Menu items
  op({
    method: "GET",
    path: "/api/menu-items",
    resource: "Menu items",
    summary: "Dishes of restaurants taking orders (filter by restaurant or text); `ids=1,2,3` returns those dishes whatever their restaurant's state",
    access: anyone,
    query: menuItemQuerySchema,
    ok: { description: "The dishes", schema: z.array(menuItemSchema) },
  }),
  op({
    method: "GET",
    path: "/api/menu-items/{id}",
    resource: "Menu items",
    summary: "One dish",
    access: anyone,
    ok: { description: "The dish", schema: menuItemSchema },
    errors: { 404: "Unknown dish" },
  }),
  op({
    method: "POST",
    path: "/api/menu-items",
    resource: "Menu items",
    summary: "Add a dish to one's restaurant, with its option groups (see Dish options)",
    access: restaurantOwner,
    body: menuItemCreateSchema,
    ok: { status: 201, description: "The new dish", schema: menuItemSchema },
    errors: { 404: "Unknown restaurant, or not yours" },
  }),
  op({
    method: "PUT",
    path: "/api/menu-items/{id}",
    resource: "Menu items",
    summary: "Update the fields sent of one's dish; `optionGroups` sent replace its groups (see Dish options)",
    access: restaurantOwner,
    body: menuItemUpdateSchema,
    ok: { description: "The dish", schema: menuItemSchema },
    errors: { 404: "Unknown dish, or not yours" },
  }),
  op({
    method: "PUT",
    path: "/api/menu-items/{id}/photo",
    resource: "Menu items",
    summary:
      "Upload the dish's photo: JPEG, PNG, WebP or AVIF by content, at most 10 MB and 40 megapixels (fewer for AVIF and progressive JPEG, whose decoding holds the whole picture); optional form fields x, y, width, height crop it (pixels of the upright photo, cut at 4:3; none: centred). Stored re-encoded as WebP under /uploads/<hash>.webp; the old upload is removed",
    access: restaurantOwner,
    multipart: { field: "photo", description: "The image file (also accepted as `picture`, `image` or `file`)" },
    ok: { description: "The dish with its new food_image", schema: menuItemSchema },
    errors: { 404: "Unknown dish, or not yours", 413: "Photo larger than 10 MB", 415: "Not a JPEG, PNG, WebP or AVIF image" },
  }),
  op({
    method: "DELETE",
    path: "/api/menu-items/{id}",
    resource: "Menu items",
    summary: "Remove one's dish (past order lines keep its name and price)",
    access: restaurantOwner,
    ok: { description: "Deleted", schema: deletedSchema },
    errors: { 404: "Unknown dish, or not yours" },
  }),
  op({
    method: "POST",
    path: "/api/menu-items/{id}/like",
    resource: "Menu items",
    summary: "Toggle the caller's like",
    access: signedIn,
    ok: { description: "The dish", schema: menuItemSchema },
    errors: { 404: "Unknown dish" },
  }),
  op({
    method: "GET",
    path: "/api/favorites",
    resource: "Menu items",
    summary: "The caller's liked dishes, most recent first",
    access: signedIn,
    query: pagingSchema,
    ok: { description: "The dishes", schema: z.array(menuItemSchema) },
  }),

  // Orders
  op({
    method: "GET",
    path: "/api/orders",
    resource: "Orders",
    summary: "The caller's orders, newest first, with the group orders they took part in that someone else placed (each carrying `group.member`, their share)",
    access: signedIn,
    query: pagingSchema,
    ok: { description: "One page", schema: list("orders", orderSchema) },
  }),
  op({
    method: "POST",
    path: "/api/orders",
    resource: "Orders",
    summary:
      "Create an Active order; every line is priced from the menu with its chosen options (see Dish options), never by the client. With `submit` (the body of PUT /api/orders/{id}/submit) the order is created and submitted in one transaction, a wallet payment charged in it: the one-call checkout, answering the Submitted order",
    access: signedIn,
    body: placeOrderSchema,
    idempotent: true,
    ok: { status: 201, description: "The Active order, or with `submit` the Submitted order", schema: orderSchema },
    errors: {
      400: "With `submit`: insufficient funds in the wallet, or a time not offered (`submit.scheduledFor`); nothing is created",
      404: "Unknown restaurant",
      409: "The restaurant is not taking orders; with `submit`, also closed right now for an order for now, or prices changed since `submit.expectedTotal`",
      422: "Idempotency-Key reused with a different body; or `submit.promoCode` does not apply (one reason: unknown, not started, expired, another restaurant's, first order only, below minimum, already used by you, all used up), nothing is created",
      429: "Ten unknown promo codes in an hour from this account, or 100 from its address (`submit.promoCode`; a real code that does not apply is a 422 and is not counted); or with `submit`: the account already has 5 orders waiting for restaurants to accept them, or 3 at this restaurant, whatever pays for them (MAX_OPEN_ORDERS, MAX_OPEN_ORDERS_PER_RESTAURANT; Retry-After); nothing is created",
    },
  }),
  op({
    method: "POST",
    path: "/api/orders/quote",
    resource: "Orders",
    summary:
      "Price an order without placing it: PUT /api/orders/{id}/submit's body with `orderId` (the caller's Active order), or POST /api/orders' body with `submit` (a cart). The same lines, fees, tip and promotion (`promoCode`, else the best automatic offer) as placing it now; `total` is what placing charges. Leaves out the wallet balance, the card-order limit and expectedTotal",
    access: signedIn,
    body: quoteOrderDocSchema,
    ok: { description: "The price", schema: quoteSchema },
    errors: {
      400: "A time not offered, or a dish not on the menu",
      404: "Unknown restaurant or order, or not yours",
      409: "Not taking orders, closed right now, the order is no longer Active, or a dish is unavailable",
      422: "The promo code does not apply (`promoCode`, or `submit.promoCode` for a cart): one reason, as at placement; or the delivery address is too far (`address`)",
      429: "Ten unknown promo codes in an hour from this account, or 100 from its address (Retry-After; a real code that does not apply is a 422 and is not counted)",
    },
  }),
  op({
    method: "GET",
    path: "/api/orders/{id}",
    resource: "Orders",
    summary: "One of the caller's orders, or a group order they took part in (read-only for them: `group.member` is their share)",
    access: author,
    ok: { description: "The order", schema: orderSchema },
    errors: { 404: "Unknown order, or neither yours nor a group order you took part in" },
  }),
  op({
    method: "DELETE",
    path: "/api/orders/{id}",
    resource: "Orders",
    summary: "Abandon an order still at checkout (Active)",
    access: author,
    ok: { description: "Removed", schema: messageSchema },
    errors: { 404: "Unknown order, or not yours", 409: "The order is no longer Active" },
  }),
  op({
    method: "PUT",
    path: "/api/orders/{id}/submit",
    resource: "Orders",
    summary:
      "Price and place an Active order; a wallet payment is charged in the same transaction. deliveryOption pickup is collected at the restaurant (no delivery or priority fee); with scheduledFor it is a scheduled pickup, its slot checked like a scheduled delivery's",
    access: author,
    body: submitOrderSchema,
    idempotent: true,
    ok: { description: "The Submitted order", schema: orderSchema },
    errors: {
      400: "Insufficient funds in the wallet, or a delivery or pickup time not offered: outside the opening hours or off the 30-minute grid (`scheduledFor`; nothing changes)",
      404: "Unknown order, or not yours",
      409: "Already submitted, the restaurant stopped taking orders or is closed right now for an order for now (the message names the first slot to schedule), a dish is unavailable, or prices changed since `expectedTotal`",
      422: "Idempotency-Key reused with a different body; or `promoCode` does not apply (one reason, as for the one-call checkout), nothing changes",
      429: "Ten unknown promo codes in an hour from this account, or 100 from its address (`promoCode`; a real code that does not apply is a 422 and is not counted); or the account already has 5 orders waiting for restaurants to accept them, or 3 at this restaurant, whatever pays for them (Retry-After); nothing changes",
    },
  }),
  op({
    method: "PUT",
    path: "/api/orders/{id}/cancel",
    resource: "Orders",
    summary: "Cancel a placed order before the restaurant accepts it; a wallet payment is refunded in the same transaction",
    access: author,
    ok: { description: "The Canceled order", schema: orderSchema },
    errors: { 404: "Unknown order, or not yours", 409: "The restaurant has already accepted the order, or it is closed" },
  }),
  op({
    method: "POST",
    path: "/api/orders/{id}/reorder",
    resource: "Orders",
    summary: "A new Active order from a past order's lines at today's prices",
    access: author,
    ok: { status: 201, description: "The new order and what changed", schema: reorderSchema },
    errors: { 404: "Unknown order, or not yours", 409: "Nothing from the order can be ordered again" },
  }),

  op({
    method: "GET",
    path: "/api/orders/open",
    resource: "Orders",
    summary: "The caller's orders still under way (placed, accepted, ready, out_for_delivery), oldest first",
    access: signedIn,
    ok: { description: "The open orders", schema: list("orders", orderSchema) },
  }),
  op({
    method: "GET",
    path: "/api/orders/events",
    resource: "Orders",
    summary:
      "Server-Sent Events for all of the caller's orders (same messages as the restaurant's stream, `event: reload` included); re-fetch the order on each event, on `reload` and after every reconnect",
    access: signedIn,
    ok: { description: "An event stream", contentType: "text/event-stream" },
  }),
  op({
    method: "GET",
    path: "/api/orders/{id}/events",
    resource: "Orders",
    summary: "Server-Sent Events for one of the caller's orders, or a group order they took part in",
    access: author,
    ok: { description: "An event stream", contentType: "text/event-stream" },
    errors: { 404: "Unknown order, or neither yours nor a group order you took part in" },
  }),

  // Group orders (docs/architecture/group-orders.md "Group orders")
  op({
    method: "POST",
    path: "/api/group-orders",
    resource: "Group orders",
    summary: "Start a group order at a restaurant: the caller hosts it and joins under their first name; share its token",
    access: signedIn,
    body: createGroupSchema,
    ok: { status: 201, description: "The group", schema: groupSchema },
    errors: { 404: "Unknown restaurant", 409: "The restaurant is not taking orders" },
  }),
  op({
    method: "GET",
    path: "/api/group-orders/{token}",
    resource: "Group orders",
    summary: "The group: everyone's lines priced today, each person's subtotal, and once placed the order (participants only). Poll with ?since=<version>",
    access: tokenHolder,
    query: groupQuerySchema,
    ok: { description: "The group", schema: groupSchema },
    errors: { 204: "Nothing changed since `since` (no body)", 404: "Unknown, expired or canceled token; a placed group for someone who did not take part" },
  }),
  op({
    method: "PATCH",
    path: "/api/group-orders/{token}",
    resource: "Group orders",
    summary: "Lock or unlock the group, set or clear its deadline (after it participants can no longer change their items)",
    access: groupHost,
    body: updateGroupSchema,
    ok: { description: "The group", schema: groupSchema },
    errors: { 403: "Not the host", 404: "Unknown, expired or canceled token", 409: "Already placed" },
  }),
  op({
    method: "DELETE",
    path: "/api/group-orders/{token}",
    resource: "Group orders",
    summary: "Cancel the group: its link stops working for everyone",
    access: groupHost,
    ok: { description: "The canceled group", schema: groupSchema },
    errors: { 403: "Not the host", 404: "Unknown, expired or canceled token", 409: "Already placed" },
  }),
  op({
    method: "POST",
    path: "/api/group-orders/{token}/participants",
    resource: "Group orders",
    summary: "Join the group with a display name (joining again changes the name); 25 people at most",
    access: tokenHolder,
    body: joinGroupSchema,
    ok: { description: "The group", schema: groupSchema },
    errors: { 404: "Unknown, expired or canceled token", 409: "The group is full, locked, past its deadline or placed" },
  }),
  op({
    method: "POST",
    path: "/api/group-orders/{token}/lines",
    resource: "Group orders",
    summary: "Add one's item, checked and priced like a cart line (see Dish options); 100 lines at most",
    access: tokenHolder,
    body: addGroupLineSchema,
    ok: { status: 201, description: "The group", schema: groupSchema },
    errors: { 403: "Not joined", 404: "Unknown, expired or canceled token", 409: "Locked, past the deadline, placed, or 100 lines already" },
  }),
  op({
    method: "PATCH",
    path: "/api/group-orders/{token}/lines/{lineId}",
    resource: "Group orders",
    summary: "Change the quantity of one's own line",
    access: tokenHolder,
    body: updateGroupLineSchema,
    ok: { description: "The group", schema: groupSchema },
    errors: { 403: "Not joined, or not one's line", 404: "Unknown token or line", 409: "Locked, past the deadline or placed" },
  }),
  op({
    method: "DELETE",
    path: "/api/group-orders/{token}/lines/{lineId}",
    resource: "Group orders",
    summary: "Remove one's own line (the host: anyone's)",
    access: tokenHolder,
    ok: { description: "The group", schema: groupSchema },
    errors: { 403: "Not joined, or another's line and not the host", 404: "Unknown token or line", 409: "Locked, past the deadline or placed" },
  }),
  op({
    method: "POST",
    path: "/api/group-orders/{token}/checkout",
    resource: "Group orders",
    summary:
      "The host pays for everyone: exactly the locked lines become the host's order, priced and placed (a wallet charged once) in one transaction; the group is placed",
    access: groupHost,
    body: submitOrderSchema,
    idempotent: true,
    ok: { description: "The placed order and the group", schema: groupCheckoutSchema },
    errors: {
      400: "No items, insufficient funds, or a delivery time not offered (nothing changes)",
      403: "Not the host",
      404: "Unknown, expired or canceled token",
      409: "Not locked, already placed, the restaurant stopped taking orders, a dish is unavailable, or prices changed since `expectedTotal`",
      422: "Idempotency-Key reused with a different body",
      429: "The host already has 5 orders waiting for restaurants to accept them, or 3 at this restaurant, whatever pays for them (Retry-After); nothing changes",
    },
  }),

  // Reviews
  op({
    method: "GET",
    path: "/api/reviews/restaurant/{id}",
    resource: "Reviews",
    summary: "A restaurant's reviews, newest first",
    access: anyone,
    query: pagingSchema,
    ok: { description: "The reviews", schema: list("data", reviewSchema) },
    errors: { 404: "Unknown restaurant" },
  }),
  op({
    method: "GET",
    path: "/api/reviews/user",
    resource: "Reviews",
    summary: "The caller's reviews, newest first",
    access: signedIn,
    query: pagingSchema,
    ok: { description: "The reviews", schema: list("data", reviewSchema) },
  }),
  op({
    method: "POST",
    path: "/api/reviews",
    resource: "Reviews",
    summary: "Review one of one's placed (not canceled) orders of that restaurant; one per order",
    access: member,
    body: createReviewSchema,
    ok: { status: 201, description: "The review", schema: reviewData },
    errors: {
      403: "A guest, or the order is from one's own restaurant",
      404: "Unknown order, or not yours",
      409: "Already reviewed, not placed yet, or canceled",
      429: "Too many reviews today",
    },
  }),
  op({
    method: "PUT",
    path: "/api/reviews/{id}",
    resource: "Reviews",
    summary: "Edit one's review (text or ratings)",
    access: author,
    body: updateReviewSchema,
    ok: { description: "The review", schema: reviewData },
    errors: { 404: "Unknown review, or not yours" },
  }),
  op({
    method: "DELETE",
    path: "/api/reviews/{id}",
    resource: "Reviews",
    summary: "Delete one's review",
    access: author,
    ok: { description: "Deleted", schema: messageSchema },
    errors: { 404: "Unknown review, or not yours" },
  }),

  // Couriers (docs/architecture/couriers.md)
  op({
    method: "GET",
    path: "/api/courier",
    resource: "Couriers",
    summary: "The courier's shift, last position, jobs held (and the limit), and today's deliveries and earnings",
    access: courier,
    ok: { description: "The courier", schema: courierSummarySchema },
    errors: { 403: "Not a courier" },
  }),
  op({
    method: "PUT",
    path: "/api/courier/shift",
    resource: "Couriers",
    summary: "Go on or off shift; going off withdraws an open offer",
    access: courier,
    body: shiftInputSchema,
    ok: { description: "The shift", schema: shiftSchema },
    errors: { 403: "Not a courier", 409: "Going off shift while holding a job" },
  }),
  op({
    method: "POST",
    path: "/api/courier/position",
    resource: "Couriers",
    summary:
      "Report a position `{ lat, lng, accuracy?, at? }` or up to 50 `{ points }`; points dated in the future or implying more than 200 km/h are dropped; a courier carrying food sends its rounded position to that order's streams",
    access: courier,
    body: positionBodySchema,
    ok: { description: "How many points were kept and dropped", schema: positionAnswerSchema },
    errors: { 403: "Not a courier", 409: "Not on shift", 429: "More than one report a second (Retry-After)" },
  }),
  op({
    method: "GET",
    path: "/api/courier/jobs",
    resource: "Couriers",
    summary: "The courier's open offer and the jobs they hold",
    access: courier,
    ok: { description: "The jobs", schema: jobsSchema },
    errors: { 403: "Not a courier" },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/accept",
    resource: "Couriers",
    summary: "Accept the job you were offered (offered -> assigned) before the offer runs out; counts toward COURIER_MAX_JOBS",
    access: jobCourier,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: { 403: "Not a courier", 404: "Unknown job, or never offered to you", 409: "The offer expired, went to another courier, or you hold as many jobs as you may" },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/decline",
    resource: "Couriers",
    summary: "Decline the offer (offered -> unassigned): it goes at once to the next nearest courier",
    access: jobCourier,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: { 403: "Not a courier", 404: "Unknown job, or never offered to you", 409: "The offer is no longer open" },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/release",
    resource: "Couriers",
    summary: "Give the job back before pickup (assigned|at_pickup -> unassigned): it is offered to someone else",
    access: jobCourier,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: { 403: "Not a courier", 404: "Unknown job, or never offered to you", 409: "The job is not assigned to you before pickup" },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/arrived",
    resource: "Couriers",
    summary: "You are at the restaurant (assigned -> at_pickup)",
    access: jobCourier,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: { 403: "Not a courier", 404: "Unknown job, or never offered to you", 409: "The job is not assigned" },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/picked-up",
    resource: "Couriers",
    summary: "You have the food (at_pickup -> picked_up): the order goes out for delivery",
    access: jobCourier,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: { 403: "Not a courier", 404: "Unknown job, or never offered to you", 409: "The job is not at pickup, or the order cannot go out" },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/delivered",
    resource: "Couriers",
    summary: "The order is delivered (picked_up -> delivered): the order completes and your wallet is credited the pay once",
    access: jobCourier,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: { 403: "Not a courier", 404: "Unknown job, or never offered to you", 409: "The job is not picked up" },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/failed",
    resource: "Couriers",
    summary: "The delivery failed (picked_up -> failed) with a reason: the order is canceled with it and refunded; the courier is not paid",
    access: jobCourier,
    body: failedInputSchema,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: { 403: "Not a courier", 404: "Unknown job, or never offered to you", 409: "The job is not picked up" },
  }),
  op({
    method: "GET",
    path: "/api/courier/events",
    resource: "Couriers",
    summary:
      "Server-Sent Events for the courier: `event: order` messages whose `stage` is job_offered (`detail: {jobId, offerExpiresAt}` or `{jobId, assigned: true}`), job_withdrawn or job_canceled (`detail: {jobId}`); resume with Last-Event-ID",
    access: courier,
    ok: { description: "An event stream", contentType: "text/event-stream" },
    errors: { 403: "Not a courier" },
  }),

  // Notifications (docs/architecture/notifications.md)
  op({
    method: "GET",
    path: "/api/notifications",
    resource: "Notifications",
    summary: "The caller's in-app notifications (the bell), newest first, with the unread count",
    access: signedIn,
    query: notificationsQuerySchema,
    ok: { description: "One page", schema: notificationsPageSchema },
  }),
  op({
    method: "POST",
    path: "/api/notifications/read",
    resource: "Notifications",
    summary: "Mark notifications read: `{ ids: [...] }` (the caller's own) or `{ all: true }`",
    access: signedIn,
    body: markReadSchema,
    ok: { description: "The unread count after it", schema: unreadSchema },
    errors: { 404: "An id that is not one of the caller's notifications (nothing changes)" },
  }),
  op({
    method: "GET",
    path: "/api/notifications/events",
    resource: "Notifications",
    summary:
      "Server-Sent Events for the bell: an `event: notification` message each time the caller gets a notification about an order (re-read GET /api/notifications); resume with Last-Event-ID",
    access: signedIn,
    ok: { description: "An event stream", contentType: "text/event-stream" },
  }),
  op({
    method: "GET",
    path: "/api/notifications/unsubscribe",
    resource: "Notifications",
    summary:
      "The one-click unsubscribe link of a mail (List-Unsubscribe): a small page with a button that POSTs it. Changes nothing (mail scanners follow links); with `done=1` and the email off, the confirmation",
    access: { who: "Anyone holding the mail's signed link (no session)", signedIn: false },
    query: unsubscribeQuerySchema,
    ok: { description: "The confirmation page", contentType: "text/html" },
    errors: { 400: "A malformed, forged or tampered token (nothing changes)" },
  }),
  op({
    method: "POST",
    path: "/api/notifications/unsubscribe",
    resource: "Notifications",
    summary:
      "Turn off the email of the kind the signed link names, for the person it names (RFC 8058 List-Unsubscribe-Post; no session, no anti-forgery token: the link is the authority). A browser (Accept: text/html) is redirected to the confirmation page",
    access: { who: "Anyone holding the mail's signed link (no session)", signedIn: false },
    query: unsubscribeQuerySchema,
    ok: { description: "Unsubscribed", schema: z.object({ unsubscribed: z.literal(true), kind: z.string() }) },
    errors: {
      303: "A browser's POST (Accept: text/html, the page's button): see GET ...&done=1, the confirmation page",
      400: "A malformed, forged or tampered token (nothing changes)",
      404: "The account no longer exists",
    },
  }),
  op({
    method: "GET",
    path: "/api/account/notifications",
    resource: "Notifications",
    summary: "The caller's notification choices: each kind they can get, on each channel (defaults included)",
    access: signedIn,
    ok: { description: "The choices", schema: notificationPreferencesSchema },
  }),
  op({
    method: "PUT",
    path: "/api/account/notifications",
    resource: "Notifications",
    summary:
      "Change notification choices (`preferences: [{ kind, channel, enabled }]`); the others keep theirs. A channel turned off writes later notifications of that kind as skipped",
    access: signedIn,
    body: preferencesSchema,
    ok: { description: "Every choice as it now stands", schema: notificationPreferencesSchema },
  }),
  op({
    method: "GET",
    path: "/api/push/public-key",
    resource: "Notifications",
    summary: "The VAPID public key (base64url) to subscribe a browser with (`pushManager.subscribe({ applicationServerKey })`)",
    access: anyone,
    ok: { description: "The key", schema: pushPublicKeySchema },
  }),
  op({
    method: "POST",
    path: "/api/push/subscriptions",
    resource: "Notifications",
    summary:
      "Save this browser's push subscription (its `PushSubscription.toJSON()`) for the caller: `endpoint` an https URL of a public push service, `keys.p256dh` and `keys.auth` base64url. A known endpoint moves to the caller; past 10 devices the caller's oldest is replaced",
    access: signedIn,
    body: pushSubscriptionSchema,
    ok: { status: 201, description: "The subscription", schema: pushSubscriptionAnswerSchema },
  }),
  op({
    method: "DELETE",
    path: "/api/push/subscriptions/{id}",
    resource: "Notifications",
    summary: "Stop pushing to one of the caller's devices",
    access: author,
    ok: { description: "Deleted", schema: deletedSchema },
    errors: { 404: "Unknown subscription, or not the caller's" },
  }),
  op({
    method: "GET",
    path: "/api/courier/earnings",
    resource: "Couriers",
    summary:
      "The courier's earnings (docs/architecture/ledger.md): `available`, `pending` (the pay of jobs held), the payout on its way, the latest payouts, the last 30 days' entries (each delivery's pay, refunds, payouts) newest first, and each day's deliveries and earnings",
    access: courier,
    ok: { description: "The earnings", schema: courierEarningsSchema },
    errors: { 403: "Not a courier" },
  }),
  op({
    method: "POST",
    path: "/api/courier/payouts",
    resource: "Couriers",
    summary: "Pay `amount` dollars of the available earnings out: a payout with a reference, pending until paid; at most one on its way",
    access: courier,
    body: payoutInputSchema,
    ok: { status: 201, description: "The payout", schema: payoutSchema },
    errors: { 400: "A bad amount, named", 403: "Not a courier", 409: "More than the available balance (the most, named in `amount`), or a payout already on its way" },
  }),

  // Problem reports (docs/architecture/problem-reports.md)
  op({
    method: "GET",
    path: "/api/orders/{id}/problems",
    resource: "Problem reports",
    summary:
      "The customer's problem reports on their order (newest first), whether a new one can be sent (delivered, within 48 hours, none open) and how many of each line are left to report",
    access: author,
    ok: { description: "The reports and what can be reported", schema: orderProblemsSchema },
    errors: { 404: "Unknown order, or not yours" },
  }),
  op({
    method: "POST",
    path: "/api/orders/{id}/problems",
    resource: "Problem reports",
    summary:
      "Report a problem with a delivered order, within 48 hours: lines (`orderItemId`, `quantity`, `reason`: missing, wrong_item, damaged, cold, other with a `note`) or the whole order (`reason: \"late\"`). JSON, or multipart/form-data with this JSON in `data` and an optional image in `photo` (the profile picture's limits: PNG, JPEG or WebP, at most 5 MB). A claim of at most 15% of the order and SUPPORT_AUTO_APPROVE_CENTS is approved and refunded at once (two a customer per 30 days); the rest go to the restaurant's owner",
    access: author,
    body: problemReportSchema,
    ok: { status: 201, description: "The report (`refund` set when approved at once)", schema: problemAnswerSchema },
    errors: {
      400: "A line's quantity beyond what is left to report (`lines.0.quantity`), an item not in the order, or a bad photo (`photo`), named",
      404: "Unknown order, or not yours",
      409: "Not delivered, more than 48 hours after delivery, a report already open, or everything already refunded",
      413: "A photo larger than 5 MB",
    },
  }),
  op({
    method: "POST",
    path: "/api/orders/{id}/problems/{problemId}/appeal",
    resource: "Problem reports",
    summary: "Appeal a declined report, once: it goes to Nosh support",
    access: author,
    body: problemAppealSchema,
    ok: { description: "The report, appealed", schema: problemAnswerSchema },
    errors: { 404: "Unknown order or report, or not yours", 409: "Not declined, or already appealed" },
  }),
  op({
    method: "GET",
    path: "/api/manage/{id}/problems",
    resource: "Problem reports",
    summary: "The restaurant's problem reports, those waiting for the owner first (`status=open`: only those)",
    access: restaurantOwner,
    query: z.object({ status: z.enum(["open", "all"]).optional() }),
    ok: { description: "The reports", schema: problemListSchema },
    errors: { 404: "Unknown restaurant, or not yours" },
  }),
  op({
    method: "POST",
    path: "/api/manage/{id}/problems/{problemId}/decision",
    resource: "Problem reports",
    summary:
      "The owner decides a report within 24 hours: `approve_all`, `approve_some` (`lines`: each line's approved quantity) or `decline` with a `reason`. The refund is charged to the restaurant (a late delivery to the platform) and goes back to the wallet or card; deciding twice refunds once",
    access: restaurantOwner,
    body: problemDecisionSchema,
    ok: { description: "The report, decided", schema: problemAnswerSchema },
    errors: { 404: "Unknown restaurant or report, or not yours", 409: "Already decided, or the 24 hours have passed (Nosh support decides)" },
  }),
  op({
    method: "GET",
    path: "/api/admin/problems",
    resource: "Problem reports",
    summary: "Nosh support's queue: escalated and appealed reports (and pending ones past the owner's 24 hours), oldest first",
    access: operator,
    ok: { description: "The queue", schema: problemListSchema },
    errors: { 403: "Not an operator" },
  }),
  op({
    method: "POST",
    path: "/api/admin/problems/{problemId}/decision",
    resource: "Problem reports",
    summary: "An operator decides an escalated or appealed report like an owner; recorded in the audit log",
    access: operator,
    body: problemDecisionSchema,
    ok: { description: "The report, decided", schema: problemAnswerSchema },
    errors: { 403: "Not an operator, or the operator's own restaurant or order", 404: "Unknown report", 409: "Not waiting for Nosh support, or already decided" },
  }),

  op({
    method: "POST",
    path: "/api/courier/apply",
    resource: "Couriers",
    summary: "Apply to deliver for Nosh: the account waits for an operator's approval before the courier app opens to it (docs/architecture/operator.md)",
    access: member,
    ok: { status: 201, description: "The application", schema: courierApplicationSchema },
    errors: { 403: "A guest account", 409: "Already applied, a courier, or a suspended courier" },
  }),

  // Operator (docs/architecture/operator.md): every call is recorded in the audit log with its reason.
  op({
    method: "GET",
    path: "/api/admin",
    resource: "Operator",
    summary:
      "The dashboard: orders in the last hour, open orders by stage, couriers on shift, restaurants not taking orders, courier applications; each with the console page that lists it",
    access: operator,
    ok: { description: "The tiles", schema: dashboardSchema },
    errors: { 403: "Not an operator" },
  }),
  op({
    method: "GET",
    path: "/api/admin/orders",
    resource: "Operator",
    summary: "Placed orders, newest first: of one `stage` (or `open`: every open stage), optionally `since=hour`",
    access: operator,
    query: adminOrdersQuerySchema,
    ok: { description: "A page of orders", schema: adminOrdersPageSchema },
    errors: { 403: "Not an operator" },
  }),
  op({
    method: "GET",
    path: "/api/admin/restaurants",
    resource: "Operator",
    summary: "Restaurants by name, city or id (`q`) and `status` (taking, closed, suspended), by name",
    access: operator,
    query: adminRestaurantsQuerySchema,
    ok: { description: "A page of restaurants", schema: adminRestaurantsPageSchema },
    errors: { 403: "Not an operator" },
  }),
  op({
    method: "POST",
    path: "/api/admin/restaurants/{id}",
    resource: "Operator",
    summary:
      "Suspend (hidden from lists and search, new orders refused, open orders unaffected; the owner sees the reason), restore, or set the commission override (`commissionPercent`, null: the platform's default)",
    access: operator,
    body: restaurantActionSchema,
    ok: { description: "The restaurant as it now stands", schema: z.object({ restaurant: adminRestaurantSchema }) },
    errors: {
      403: "Not an operator, or the operator's own restaurant",
      404: "Unknown restaurant",
      409: "Already suspended, or not suspended",
      429: "Too many operator actions in a minute",
    },
  }),
  op({
    method: "GET",
    path: "/api/admin/reviews",
    resource: "Operator",
    summary: "Reviews newest first, by text or restaurant name (`q`) and `status` (visible, hidden)",
    access: operator,
    query: adminReviewsQuerySchema,
    ok: { description: "A page of reviews", schema: adminReviewsPageSchema },
    errors: { 403: "Not an operator" },
  }),
  op({
    method: "POST",
    path: "/api/admin/reviews/{id}",
    resource: "Operator",
    summary: "Hide (out of the public list and the restaurant's rating; its author and the owner see why) or restore a review",
    access: operator,
    body: reviewActionSchema,
    ok: { description: "The review as it now stands", schema: z.object({ review: adminReviewSchema }) },
    errors: {
      403: "Not an operator, or the operator's own review or restaurant",
      404: "Unknown review",
      409: "Already hidden, or not hidden",
      429: "Too many operator actions in a minute",
    },
  }),
  op({
    method: "GET",
    path: "/api/admin/couriers",
    resource: "Operator",
    summary: "Courier accounts and applications by `status` (applied, approved, suspended) and name or email (`q`), with their shift",
    access: operator,
    query: adminCouriersQuerySchema,
    ok: { description: "A page of couriers", schema: adminCouriersPageSchema },
    errors: { 403: "Not an operator" },
  }),
  op({
    method: "POST",
    path: "/api/admin/couriers/{id}",
    resource: "Operator",
    summary: "Approve an application (the courier may then go on shift), suspend a courier (off shift at once), or restore one",
    access: operator,
    body: courierActionSchema,
    ok: {
      description: "The courier's new status",
      schema: z.object({ courier: z.object({ id: z.number().int(), status: z.enum(["applied", "approved", "suspended"]) }) }),
    },
    errors: {
      403: "Not an operator, or the operator's own account",
      404: "Not a courier or applicant",
      409: "Not in a state that allows it, or carrying deliveries",
      429: "Too many operator actions in a minute",
    },
  }),
  op({
    method: "GET",
    path: "/api/admin/users",
    resource: "Operator",
    summary: "Users by email, phone number, name or id (`q`), newest first",
    access: operator,
    query: adminUsersQuerySchema,
    ok: { description: "A page of users", schema: adminUsersPageSchema },
    errors: { 403: "Not an operator" },
  }),
  op({
    method: "GET",
    path: "/api/admin/users/{id}",
    resource: "Operator",
    summary: "One user, with a page (`limit`, `offset`) of their orders and of their wallet ledger, newest first (read only)",
    access: operator,
    query: adminUserDetailQuerySchema,
    ok: { description: "The user", schema: adminUserDetailSchema },
    errors: { 403: "Not an operator", 404: "Unknown user" },
  }),
  op({
    method: "POST",
    path: "/api/admin/users/{id}",
    resource: "Operator",
    summary: "Suspend sign-in (every session ends at once; login refused with the reason) or restore it",
    access: operator,
    body: userActionSchema,
    ok: { description: "The user as they now stand", schema: z.object({ user: adminUserSchema }) },
    errors: {
      403: "Not an operator, or the operator's own account",
      404: "Unknown user",
      409: "Already in that state, or an operator",
      429: "Too many operator actions in a minute",
    },
  }),
  op({
    method: "GET",
    path: "/api/admin/audit",
    resource: "Operator",
    summary: "The audit log, newest first, optionally of one target (`targetType`, `targetId`): who did what, to what, when and why. Never editable",
    access: operator,
    query: adminAuditQuerySchema,
    ok: { description: "A page of entries", schema: auditPageSchema },
    errors: { 403: "Not an operator" },
  }),

  // Meta
  op({
    method: "GET",
    path: "/api/openapi.json",
    resource: "Meta",
    summary: "This API's OpenAPI 3.1 document (the reference page: /developers/api)",
    access: anyone,
    ok: { description: "The document", schema: z.record(z.string(), z.unknown()) },
  }),
];
