import { expect, test, type APIResponse } from "../fixtures";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { newClient, signUpCustomer, uniqueEmail, type Client } from "../support/api";
import { createOrder, placeOrder, standardWallet, submitOrder } from "../support/orders";
import { createRestaurant, itemBody, restaurantBody, signUpOwner } from "../support/owner";
import { pathOf, unsubscribeLinkOf } from "../support/mailbox";
import { pushSubscriptionBody } from "../support/push";
import { discoverApiRoutes } from "../support/matrix";
import { cookieOf, openEventStream } from "../support/events";
import { makeCourier, plantJob } from "../support/couriers";

// The authorization matrix: every API route x caller -> expected status. A route on
// disk missing from TABLE fails, and so does a row with no route on disk. Each row gets fresh
// users and records; refusals must not carry the record's private data. Mass assignment:
// extra fields in any body change nothing.

const CALLERS = ["anonymous", "guest", "customer", "otherOwner", "recordOwner"] as const;
type Caller = (typeof CALLERS)[number];
type Expected = Record<Caller, number>;

type Owner = Awaited<ReturnType<typeof signUpOwner>>;
type World = {
  baseURL: string;
  /** The owner of the records the routes address: restaurant, menu item, orders, review, profile, wallet. */
  owner: Owner;
  /** A unique marker in the owner's review text: it must never appear in a refusal. */
  reviewText: string;
  activeOrder: () => Promise<number>;
  submittedOrder: () => Promise<number>;
  /** A placed order of the owner's from another restaurant (nobody reviews their own). */
  reviewableOrder: () => Promise<{ id: number; restaurantId: number }>;
  review: () => Promise<number>;
  /** A group order the owner hosts, with one line of theirs; `customer` set: that caller has joined it. */
  group: (options?: { join?: Client; locked?: boolean }) => Promise<{ token: string; lineId: number }>;
  /** Every caller's client (set before a row's request is built; unset in the anti-forgery test). */
  callers?: Record<Caller, Client>;
};
/** `stream`: a Server-Sent Events route, opened with fetch and closed once its status is known. */
type Request = { url: string | ((caller: Caller) => string); body?: unknown | ((caller: Caller) => unknown); multipart?: boolean; stream?: boolean };
type Row = { expect: Expected; request: (w: World) => Request | Promise<Request> };

// Shorthands for the usual shapes.
const all = (status: number): Expected => ({ anonymous: status, guest: status, customer: status, otherOwner: status, recordOwner: status });
/** Any signed-in caller, about their own data. */
const signedIn = (status = 200): Expected => ({ ...all(status), anonymous: 401 });
/** A record only its owner may touch; strangers see it as missing. */
const ownerOnly404 = (status = 200): Expected => ({ anonymous: 401, guest: 404, customer: 404, otherOwner: 404, recordOwner: status });
/** A user's own account (profile, password, picture, wallet); anyone else's is forbidden. */
const selfOnly403 = (status = 200): Expected => ({ anonymous: 401, guest: 403, customer: 403, otherOwner: 403, recordOwner: status });

/** The courier app: only a courier may call (the record's owner is made one); anyone else signed in is forbidden. */
const courierOnly403 = (status = 200): Expected => ({ anonymous: 401, guest: 403, customer: 403, otherOwner: 403, recordOwner: status });
/** The record's owner as a courier, on shift (a row's set-up). */
async function ownerAsCourier(w: World): Promise<void> {
  await makeCourier(w.owner.user.id);
  expect((await w.owner.client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
}
/** A job of the owner's submitted order, in `state`, offered to or held by the owner as a courier. */
async function ownersJob(w: World, state: Parameters<typeof plantJob>[2]): Promise<number> {
  await makeCourier(w.owner.user.id);
  return plantJob(await w.submittedOrder(), w.owner.user.id, state);
}

/**
 * The operator console (/api/admin/*, docs/architecture/operator.md): nobody here is an operator,
 * so everyone signed in is refused (403) and anonymous visitors get the 401. The record's owner is
 * also made a courier first, so "an owner and a courier" are both refused on every row.
 */
const operatorOnly403: Expected = { anonymous: 401, guest: 403, customer: 403, otherOwner: 403, recordOwner: 403 };
const asOwnerCourier = async (w: World, request: Request | (() => Promise<Request>)): Promise<Request> => {
  await makeCourier(w.owner.user.id);
  return typeof request === "function" ? request() : request;
};
const REASON = { reason: "Matrix check" };

/** A promotion of the owner's restaurant (a row's set-up). */
async function ownersPromotion(w: World): Promise<number> {
  const created = await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/promotions`, { kind: "amount", value: 2 });
  expect(created.status()).toBe(201);
  return (await created.json()).promotion.id;
}

/** The owner's own order, delivered: they are its customer (a row's set-up). */
async function ownersDeliveredOrder(w: World): Promise<number> {
  const order = await w.submittedOrder();
  expect((await w.owner.client.put(`/api/manage/${w.owner.restaurant.id}/orders/${order}`, { status: "Completed" })).status()).toBe(200);
  return order;
}
/** A problem report on the owner's delivered order, too big to be approved at once (every dish: the delivery fee too); `decline`: the owner declined it. */
async function ownersProblem(w: World, decline = false): Promise<{ orderId: number; problemId: number }> {
  const orderId = await ownersDeliveredOrder(w);
  const { items } = await (await w.owner.client.get(`/api/orders/${orderId}/problems`)).json();
  const lines = items.map((item: { orderItemId: number; quantity: number }) => ({ orderItemId: item.orderItemId, quantity: item.quantity, reason: "missing" }));
  const created = await w.owner.client.post(`/api/orders/${orderId}/problems`, { lines });
  expect(created.status()).toBe(201);
  const problemId = (await created.json()).problem.id as number;
  if (decline) {
    const declined = await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/problems/${problemId}/decision`, { decision: "decline", reason: "All there" });
    expect(declined.status()).toBe(200);
  }
  return { orderId, problemId };
}

/**
 * Group orders: the token is the capability. The guest and the other owner call with a wrong
 * token (strangers without the link: 404, and learn nothing); the customer has the link and
 * has joined (`join`), so the host's actions and another's line are a 403 for them.
 */
const group404 = (status: number, customer: number): Expected => ({ anonymous: 401, guest: 404, customer, otherOwner: 404, recordOwner: status });
const groupUrl =
  (token: string, rest = "") =>
  (caller: Caller) =>
    `/api/group-orders/${caller === "guest" || caller === "otherOwner" ? "A".repeat(22) : token}${rest}`;

/** A dish's option group, as the owner's writes send it. */
const MATRIX_SIZE = {
  name: "Size",
  min_choices: 1,
  max_choices: 1,
  options: [
    { name: "Small", price_delta: 0 },
    { name: "Large", price_delta: 2 },
  ],
};

const TABLE: Record<string, Row> = {
  // Auth: public, except restoring the session.
  "GET /api/auth": { expect: signedIn(), request: () => ({ url: "/api/auth/" }) },
  "POST /api/auth/guest": { expect: all(201), request: () => ({ url: "/api/auth/guest" }) },
  "POST /api/auth/login": { expect: all(200), request: (w) => ({ url: "/api/auth/login", body: { credential: w.owner.email, password: w.owner.password } }) },
  "GET /api/auth/logout": { expect: all(200), request: () => ({ url: "/api/auth/logout" }) },
  "POST /api/auth/logout-everywhere": { expect: signedIn(), request: () => ({ url: "/api/auth/logout-everywhere" }) },
  "POST /api/auth/signup": {
    expect: all(201),
    request: () => ({ url: "/api/auth/signup", body: () => ({ name: "Matrix Signup", credential: uniqueEmail("matrix"), password: "correct horse battery" }) }),
  },
  "POST /api/users/demo/[id]": { expect: all(200), request: () => ({ url: "/api/users/demo/5" }) },

  // Browsing: public.
  "GET /api/restaurants": { expect: all(200), request: () => ({ url: "/api/restaurants/" }) },
  "GET /api/restaurants/[id]": { expect: all(200), request: (w) => ({ url: `/api/restaurants/${w.owner.restaurant.id}` }) },
  "GET /api/menu-items": { expect: all(200), request: (w) => ({ url: `/api/menu-items?restaurantId=${w.owner.restaurant.id}` }) },
  "GET /api/menu-items/[id]": { expect: all(200), request: (w) => ({ url: `/api/menu-items/${w.owner.item.id}` }) },
  "GET /api/reviews/restaurant/[id]": { expect: all(200), request: (w) => ({ url: `/api/reviews/restaurant/${w.owner.restaurant.id}` }) },
  "GET /api/openapi.json": { expect: all(200), request: () => ({ url: "/api/openapi.json" }) },
  "GET /api/search": { expect: all(200), request: (w) => ({ url: `/api/search?q=${encodeURIComponent(w.owner.item.name)}` }) },

  // The caller's own lists.
  "GET /api/favorites": { expect: signedIn(), request: () => ({ url: "/api/favorites" }) },
  "GET /api/manage": { expect: signedIn(), request: () => ({ url: "/api/manage/" }) },
  "GET /api/restaurants/current": { expect: signedIn(), request: () => ({ url: "/api/restaurants/current" }) },
  "GET /api/orders": { expect: signedIn(), request: () => ({ url: "/api/orders/" }) },
  "GET /api/orders/open": { expect: signedIn(), request: async (w) => (await w.submittedOrder(), { url: "/api/orders/open" }) },
  "GET /api/reviews/user": { expect: signedIn(), request: () => ({ url: "/api/reviews/user" }) },
  "POST /api/menu-items/[id]/like": { expect: signedIn(), request: (w) => ({ url: `/api/menu-items/${w.owner.item.id}/like` }) },
  "POST /api/orders": {
    expect: signedIn(201),
    request: (w) => ({ url: "/api/orders/", body: { restaurant_id: w.owner.restaurant.id, items: [{ menu_item_id: w.owner.item.id, quantity: 1 }] } }),
  },
  // Guests may not add restaurants; anyone else signed in may.
  "POST /api/restaurants": { expect: { ...signedIn(201), guest: 403 }, request: () => ({ url: "/api/restaurants/", body: () => restaurantBody() }) },

  // The owner's restaurant and menu: everyone else sees a 404.
  "PUT /api/manage/[id]/photo": { expect: ownerOnly404(), request: (w) => ({ url: `/api/manage/${w.owner.restaurant.id}/photo`, multipart: true }) },
  "PUT /api/manage/[id]": {
    expect: ownerOnly404(),
    request: (w) => ({ url: `/api/manage/${w.owner.restaurant.id}`, body: { name: `Zz Renamed ${randomUUID().slice(0, 6)}` } }),
  },
  "DELETE /api/manage/[id]": { expect: ownerOnly404(), request: async (w) => (await w.submittedOrder(), { url: `/api/manage/${w.owner.restaurant.id}?type=hard` }) },
  "PUT /api/manage/[id]/reactivate": {
    expect: ownerOnly404(),
    request: async (w) => {
      expect((await w.owner.client.del(`/api/manage/${w.owner.restaurant.id}?type=soft`)).status()).toBe(200);
      return { url: `/api/manage/${w.owner.restaurant.id}/reactivate` };
    },
  },
  "GET /api/manage/[id]/menu": { expect: ownerOnly404(), request: (w) => ({ url: `/api/manage/${w.owner.restaurant.id}/menu` }) },
  "GET /api/manage/[id]/orders": { expect: ownerOnly404(), request: async (w) => (await w.submittedOrder(), { url: `/api/manage/${w.owner.restaurant.id}/orders` }) },
  "PUT /api/manage/[id]/orders/[orderId]": {
    expect: ownerOnly404(),
    request: async (w) => ({ url: `/api/manage/${w.owner.restaurant.id}/orders/${await w.submittedOrder()}`, body: { status: "Completed" } }),
  },
  "POST /api/manage/[id]/orders/[orderId]/stage": {
    expect: ownerOnly404(),
    request: async (w) => ({ url: `/api/manage/${w.owner.restaurant.id}/orders/${await w.submittedOrder()}/stage`, body: { stage: "accepted", prepMinutes: 20 } }),
  },
  "GET /api/manage/[id]/board": { expect: ownerOnly404(), request: async (w) => (await w.submittedOrder(), { url: `/api/manage/${w.owner.restaurant.id}/board` }) },
  // The owner's downloads: a stranger gets the 404 (JSON, not an empty CSV) and learns nothing.
  "GET /api/manage/[id]/exports/orders.csv": {
    expect: ownerOnly404(),
    request: async (w) => (await w.submittedOrder(), { url: `/api/manage/${w.owner.restaurant.id}/exports/orders.csv?from=2020-01-01&to=2020-12-31` }),
  },
  "GET /api/manage/[id]/exports/insights.csv": {
    expect: ownerOnly404(),
    request: async (w) => (await w.submittedOrder(), { url: `/api/manage/${w.owner.restaurant.id}/exports/insights.csv?from=2020-01-01&to=2020-12-31` }),
  },
  // Earnings and payouts (docs/architecture/ledger.md): the owner's restaurant only (404 for
  // everyone else, another owner included). The payout's set-up delivers the owner's order, so its
  // restaurant has earnings to pay out.
  "GET /api/manage/[id]/payouts": { expect: ownerOnly404(), request: (w) => ({ url: `/api/manage/${w.owner.restaurant.id}/payouts` }) },
  "POST /api/manage/[id]/payouts": {
    expect: ownerOnly404(201),
    request: async (w) => {
      const order = await w.submittedOrder();
      expect((await w.owner.client.put(`/api/manage/${w.owner.restaurant.id}/orders/${order}`, { status: "Completed" })).status()).toBe(200);
      return { url: `/api/manage/${w.owner.restaurant.id}/payouts`, body: { amount: 0.01 } };
    },
  },
  "GET /api/manage/[id]/exports/payouts.csv": {
    expect: ownerOnly404(),
    request: (w) => ({ url: `/api/manage/${w.owner.restaurant.id}/exports/payouts.csv?from=2020-01-01&to=2020-12-31` }),
  },
  "POST /api/menu-items": {
    expect: ownerOnly404(201),
    request: (w) => ({ url: "/api/menu-items/", body: itemBody(w.owner.restaurant.id, { name: "Matrix Special", option_groups: [MATRIX_SIZE] }) }),
  },
  // Its options too: a stranger cannot edit a dish's option groups (404, like a missing dish).
  "PUT /api/menu-items/[id]/photo": { expect: ownerOnly404(), request: (w) => ({ url: `/api/menu-items/${w.owner.item.id}/photo`, multipart: true }) },
  "PUT /api/menu-items/[id]": {
    expect: ownerOnly404(),
    request: (w) => ({ url: `/api/menu-items/${w.owner.item.id}`, body: { price: 9.5, name: "Matrix Burger", allows_instructions: true, option_groups: [MATRIX_SIZE] } }),
  },
  "DELETE /api/menu-items/[id]": { expect: ownerOnly404(), request: (w) => ({ url: `/api/menu-items/${w.owner.item.id}` }) },

  // The owner's orders (as a customer): everyone else sees a 404.
  "GET /api/orders/[id]": { expect: ownerOnly404(), request: async (w) => ({ url: `/api/orders/${await w.submittedOrder()}` }) },
  "DELETE /api/orders/[id]": { expect: ownerOnly404(), request: async (w) => ({ url: `/api/orders/${await w.activeOrder()}` }) },
  "PUT /api/orders/[id]/submit": { expect: ownerOnly404(), request: async (w) => ({ url: `/api/orders/${await w.activeOrder()}/submit`, body: standardWallet }) },
  "PUT /api/orders/[id]/cancel": { expect: ownerOnly404(), request: async (w) => ({ url: `/api/orders/${await w.submittedOrder()}/cancel` }) },
  "POST /api/orders/[id]/reorder": { expect: ownerOnly404(201), request: async (w) => ({ url: `/api/orders/${await w.submittedOrder()}/reorder` }) },

  // Problem reports (docs/architecture/problem-reports.md): the order's customer reports and
  // appeals; the restaurant's owner lists and decides (another owner: 404); operators only on /api/admin.
  "GET /api/orders/[id]/problems": { expect: ownerOnly404(), request: async (w) => ({ url: `/api/orders/${await ownersDeliveredOrder(w)}/problems` }) },
  "POST /api/orders/[id]/problems": {
    expect: ownerOnly404(201),
    request: async (w) => {
      const orderId = await ownersDeliveredOrder(w);
      const { items } = await (await w.owner.client.get(`/api/orders/${orderId}/problems`)).json();
      return { url: `/api/orders/${orderId}/problems`, body: { lines: [{ orderItemId: items[0].orderItemId, quantity: 1, reason: "cold" }] } };
    },
  },
  "POST /api/orders/[id]/problems/[problemId]/appeal": {
    expect: ownerOnly404(),
    request: async (w) => {
      const { orderId, problemId } = await ownersProblem(w, true);
      return { url: `/api/orders/${orderId}/problems/${problemId}/appeal`, body: { note: "Nothing came" } };
    },
  },
  "GET /api/manage/[id]/problems": { expect: ownerOnly404(), request: async (w) => (await ownersProblem(w), { url: `/api/manage/${w.owner.restaurant.id}/problems` }) },
  "POST /api/manage/[id]/problems/[problemId]/decision": {
    expect: ownerOnly404(),
    request: async (w) => {
      const { problemId } = await ownersProblem(w);
      return { url: `/api/manage/${w.owner.restaurant.id}/problems/${problemId}/decision`, body: { decision: "approve_all" } };
    },
  },
  "GET /api/admin/problems": { expect: operatorOnly403, request: (w) => asOwnerCourier(w, { url: "/api/admin/problems" }) },
  "POST /api/admin/problems/[problemId]/decision": {
    expect: operatorOnly403,
    request: async (w) => {
      await makeCourier(w.owner.user.id);
      const { problemId } = await ownersProblem(w, true);
      return { url: `/api/admin/problems/${problemId}/decision`, body: { decision: "approve_all" } };
    },
  },

  // Live order events (Server-Sent Events): the customer's own order and orders, the owner's restaurant.
  "GET /api/orders/[id]/events": { expect: ownerOnly404(), request: async (w) => ({ url: `${w.baseURL}/api/orders/${await w.submittedOrder()}/events`, stream: true }) },
  "GET /api/orders/events": { expect: signedIn(), request: (w) => ({ url: `${w.baseURL}/api/orders/events`, stream: true }) },
  "GET /api/manage/[id]/orders/events": {
    expect: ownerOnly404(),
    request: async (w) => (await w.submittedOrder(), { url: `${w.baseURL}/api/manage/${w.owner.restaurant.id}/orders/events`, stream: true }),
  },

  // The courier app (docs/architecture/couriers.md): couriers only (403 for anyone else); a job
  // offered to or held by the caller.
  "GET /api/courier": { expect: courierOnly403(), request: async (w) => (await makeCourier(w.owner.user.id), { url: "/api/courier" }) },
  "PUT /api/courier/shift": {
    expect: courierOnly403(),
    request: async (w) => (await makeCourier(w.owner.user.id), { url: "/api/courier/shift", body: { onShift: true } }),
  },
  "POST /api/courier/position": {
    expect: courierOnly403(),
    request: async (w) => (await ownerAsCourier(w), { url: "/api/courier/position", body: { lat: 50.0, lng: -147.7 } }),
  },
  // The bell and the notification choices (docs/architecture/notifications.md): one's own only;
  // another person's notification cannot be marked read (404).
  "GET /api/notifications": { expect: signedIn(), request: () => ({ url: "/api/notifications" }) },
  "POST /api/notifications/read": {
    expect: ownerOnly404(),
    request: async (w) => {
      await w.submittedOrder();
      const { notifications } = (await (await w.owner.client.get("/api/notifications")).json()) as { notifications: { id: number }[] };
      return { url: "/api/notifications/read", body: { ids: [notifications[0]!.id] } };
    },
  },
  "GET /api/notifications/events": { expect: signedIn(), request: (w) => ({ url: `${w.baseURL}/api/notifications/events`, stream: true }) },
  // A mail's one-click unsubscribe: public, the signed link is the authority (the owner's welcome mail's).
  "GET /api/notifications/unsubscribe": { expect: all(200), request: async (w) => ({ url: pathOf(await unsubscribeLinkOf(w.owner.client)) }) },
  "POST /api/notifications/unsubscribe": { expect: all(200), request: async (w) => ({ url: pathOf(await unsubscribeLinkOf(w.owner.client)) }) },
  "GET /api/account/notifications": { expect: signedIn(), request: () => ({ url: "/api/account/notifications" }) },
  "PUT /api/account/notifications": {
    expect: signedIn(),
    request: () => ({ url: "/api/account/notifications", body: { preferences: [{ kind: "order_receipt", channel: "email", enabled: false }] } }),
  },
  // Web push: the key is public; anyone signed in (guests too) subscribes their own device;
  // another person's subscription is missing (404).
  "GET /api/push/public-key": { expect: all(200), request: () => ({ url: "/api/push/public-key" }) },
  "POST /api/push/subscriptions": { expect: signedIn(201), request: () => ({ url: "/api/push/subscriptions", body: () => pushSubscriptionBody() }) },
  "DELETE /api/push/subscriptions/[id]": {
    expect: ownerOnly404(),
    request: async (w) => {
      const created = await w.owner.client.post("/api/push/subscriptions", pushSubscriptionBody());
      expect(created.status()).toBe(201);
      return { url: `/api/push/subscriptions/${(await created.json()).subscription.id}` };
    },
  },
  "GET /api/courier/jobs": { expect: courierOnly403(), request: async (w) => (await ownersJob(w, "offered"), { url: "/api/courier/jobs" }) },
  "GET /api/courier/events": {
    expect: courierOnly403(),
    request: async (w) => (await makeCourier(w.owner.user.id), { url: `${w.baseURL}/api/courier/events`, stream: true }),
  },
  "POST /api/courier/jobs/[id]/accept": { expect: courierOnly403(), request: async (w) => ({ url: `/api/courier/jobs/${await ownersJob(w, "offered")}/accept` }) },
  "POST /api/courier/jobs/[id]/decline": { expect: courierOnly403(), request: async (w) => ({ url: `/api/courier/jobs/${await ownersJob(w, "offered")}/decline` }) },
  "POST /api/courier/jobs/[id]/release": { expect: courierOnly403(), request: async (w) => ({ url: `/api/courier/jobs/${await ownersJob(w, "assigned")}/release` }) },
  "POST /api/courier/jobs/[id]/arrived": { expect: courierOnly403(), request: async (w) => ({ url: `/api/courier/jobs/${await ownersJob(w, "assigned")}/arrived` }) },
  "POST /api/courier/jobs/[id]/picked-up": {
    expect: courierOnly403(),
    request: async (w) => ({ url: `/api/courier/jobs/${await ownersJob(w, "at_pickup")}/picked-up` }),
  },
  "POST /api/courier/jobs/[id]/delivered": {
    expect: courierOnly403(),
    request: async (w) => ({ url: `/api/courier/jobs/${await ownersJob(w, "picked_up")}/delivered` }),
  },
  "POST /api/courier/jobs/[id]/failed": {
    expect: courierOnly403(),
    request: async (w) => ({ url: `/api/courier/jobs/${await ownersJob(w, "picked_up")}/failed`, body: { reason: "unreachable" } }),
  },
  // A courier's earnings and payouts: couriers only. The courier has earned nothing yet, so the
  // payout is the 409 past the courier check (more than the available balance).
  "GET /api/courier/earnings": { expect: courierOnly403(), request: async (w) => (await makeCourier(w.owner.user.id), { url: "/api/courier/earnings" }) },
  "POST /api/courier/payouts": {
    expect: courierOnly403(409),
    request: async (w) => (await makeCourier(w.owner.user.id), { url: "/api/courier/payouts", body: { amount: 1 } }),
  },
  // Applying to deliver (docs/architecture/operator.md "Couriers"): any account but a guest.
  "POST /api/courier/apply": { expect: { ...signedIn(201), guest: 403 }, request: () => ({ url: "/api/courier/apply" }) },

  // The operator console: operators only, everyone else refused on every route.
  "GET /api/admin": { expect: operatorOnly403, request: (w) => asOwnerCourier(w, { url: "/api/admin" }) },
  "GET /api/admin/orders": { expect: operatorOnly403, request: (w) => asOwnerCourier(w, { url: "/api/admin/orders?stage=open" }) },
  "GET /api/admin/restaurants": {
    expect: operatorOnly403,
    request: (w) => asOwnerCourier(w, { url: `/api/admin/restaurants?q=${encodeURIComponent(w.owner.restaurant.name)}` }),
  },
  "POST /api/admin/restaurants/[id]": {
    expect: operatorOnly403,
    request: (w) => asOwnerCourier(w, { url: `/api/admin/restaurants/${w.owner.restaurant.id}`, body: { action: "suspend", ...REASON } }),
  },
  "GET /api/admin/reviews": { expect: operatorOnly403, request: (w) => asOwnerCourier(w, { url: "/api/admin/reviews" }) },
  "POST /api/admin/reviews/[id]": {
    expect: operatorOnly403,
    request: (w) => asOwnerCourier(w, async () => ({ url: `/api/admin/reviews/${await w.review()}`, body: { action: "hide", ...REASON } })),
  },
  "GET /api/admin/couriers": { expect: operatorOnly403, request: (w) => asOwnerCourier(w, { url: "/api/admin/couriers" }) },
  "POST /api/admin/couriers/[id]": {
    expect: operatorOnly403,
    request: (w) => asOwnerCourier(w, { url: `/api/admin/couriers/${w.owner.user.id}`, body: { action: "suspend", ...REASON } }),
  },
  "GET /api/admin/deliveries": { expect: operatorOnly403, request: (w) => asOwnerCourier(w, { url: "/api/admin/deliveries" }) },
  "POST /api/admin/deliveries/[id]": {
    expect: operatorOnly403,
    request: async (w) => asOwnerCourier(w, { url: `/api/admin/deliveries/${await ownersJob(w, "picked_up")}`, body: { action: "approve", ...REASON } }),
  },
  "GET /api/admin/users": { expect: operatorOnly403, request: (w) => asOwnerCourier(w, { url: `/api/admin/users?q=${encodeURIComponent(w.owner.email)}` }) },
  "GET /api/admin/users/[id]": { expect: operatorOnly403, request: (w) => asOwnerCourier(w, { url: `/api/admin/users/${w.owner.user.id}` }) },
  "POST /api/admin/users/[id]": {
    expect: operatorOnly403,
    request: (w) => asOwnerCourier(w, { url: `/api/admin/users/${w.owner.user.id}`, body: { action: "suspend", ...REASON } }),
  },
  "GET /api/admin/audit": { expect: operatorOnly403, request: (w) => asOwnerCourier(w, { url: "/api/admin/audit" }) },

  // The owner's dispatch: their restaurant's couriers and orders (404 for everyone else).
  "GET /api/manage/[id]/couriers": {
    expect: ownerOnly404(409),
    request: async (w) => ({ url: `/api/manage/${w.owner.restaurant.id}/couriers?orderId=${await w.submittedOrder()}` }),
  },
  "POST /api/manage/[id]/orders/[orderId]/assign": {
    expect: ownerOnly404(),
    request: async (w) => {
      await ownerAsCourier(w);
      const order = await w.submittedOrder();
      await plantJob(order, w.owner.user.id, "offered");
      return { url: `/api/manage/${w.owner.restaurant.id}/orders/${order}/assign`, body: { courierId: w.owner.user.id } };
    },
  },

  // The owner's promotions (docs/architecture/promotions.md): everyone else sees a 404.
  "GET /api/manage/[id]/promotions": { expect: ownerOnly404(), request: (w) => ({ url: `/api/manage/${w.owner.restaurant.id}/promotions` }) },
  "POST /api/manage/[id]/promotions": {
    expect: ownerOnly404(201),
    request: (w) => ({ url: `/api/manage/${w.owner.restaurant.id}/promotions`, body: { kind: "percent", value: 10 } }),
  },
  "PUT /api/manage/[id]/promotions/[promotionId]": {
    expect: ownerOnly404(),
    request: async (w) => ({ url: `/api/manage/${w.owner.restaurant.id}/promotions/${await ownersPromotion(w)}`, body: { kind: "amount", value: 3 } }),
  },
  "DELETE /api/manage/[id]/promotions/[promotionId]": {
    expect: ownerOnly404(),
    request: async (w) => ({ url: `/api/manage/${w.owner.restaurant.id}/promotions/${await ownersPromotion(w)}` }),
  },
  // The restaurant's automatic offers: public. The quote: any signed-in caller, for their own cart.
  "GET /api/restaurants/[id]/promotions": { expect: all(200), request: (w) => ({ url: `/api/restaurants/${w.owner.restaurant.id}/promotions` }) },
  "POST /api/orders/quote": {
    expect: signedIn(),
    request: (w) => ({
      url: "/api/orders/quote",
      body: {
        restaurant_id: w.owner.restaurant.id,
        items: [{ menu_item_id: w.owner.item.id, quantity: 1 }],
        submit: { deliveryOption: "pickup", tip: 0, paymentMethod: "card" },
      },
    }),
  },

  // The owner's reviews: everyone else sees a 404; guests cannot review at all (403).
  "POST /api/reviews": {
    expect: { ...ownerOnly404(201), guest: 403 },
    request: async (w) => {
      const order = await w.reviewableOrder();
      return { url: "/api/reviews/", body: { restaurant_id: order.restaurantId, order_id: order.id, review: w.reviewText, order_rating: 5, restaurant_rating: 4 } };
    },
  },
  "PUT /api/reviews/[id]": {
    expect: ownerOnly404(),
    request: async (w) => ({ url: `/api/reviews/${await w.review()}`, body: { review: "Edited by someone", restaurant_rating: 1 } }),
  },
  "DELETE /api/reviews/[id]": { expect: ownerOnly404(), request: async (w) => ({ url: `/api/reviews/${await w.review()}` }) },

  // Group orders (docs/architecture/group-orders.md "Group orders").
  "POST /api/group-orders": { expect: signedIn(201), request: (w) => ({ url: "/api/group-orders", body: { restaurantId: w.owner.restaurant.id } }) },
  "GET /api/group-orders/[token]": { expect: group404(200, 200), request: async (w) => ({ url: groupUrl((await w.group({ join: w.callers?.customer })).token) }) },
  "PATCH /api/group-orders/[token]": {
    expect: group404(200, 403),
    request: async (w) => ({ url: groupUrl((await w.group({ join: w.callers?.customer })).token), body: { locked: true } }),
  },
  "DELETE /api/group-orders/[token]": { expect: group404(200, 403), request: async (w) => ({ url: groupUrl((await w.group({ join: w.callers?.customer })).token) }) },
  // Joining needs only the link (the customer joins here); without it: 404.
  "POST /api/group-orders/[token]/participants": {
    expect: group404(200, 200),
    request: async (w) => ({ url: groupUrl((await w.group()).token, "/participants"), body: { displayName: "Matrix" } }),
  },
  // The customer has the link but has not joined: writing is a 403.
  "POST /api/group-orders/[token]/lines": {
    expect: group404(201, 403),
    request: async (w) => ({ url: groupUrl((await w.group()).token, "/lines"), body: { menuItemId: w.owner.item.id, quantity: 1 } }),
  },
  "PATCH /api/group-orders/[token]/lines/[lineId]": {
    expect: group404(200, 403),
    request: async (w) => {
      const { token, lineId } = await w.group({ join: w.callers?.customer });
      return { url: groupUrl(token, `/lines/${lineId}`), body: { quantity: 2 } };
    },
  },
  "DELETE /api/group-orders/[token]/lines/[lineId]": {
    expect: group404(200, 403),
    request: async (w) => {
      const { token, lineId } = await w.group({ join: w.callers?.customer });
      return { url: groupUrl(token, `/lines/${lineId}`) };
    },
  },
  "POST /api/group-orders/[token]/checkout": {
    expect: group404(200, 403),
    request: async (w) => ({ url: groupUrl((await w.group({ join: w.callers?.customer, locked: true })).token, "/checkout"), body: standardWallet }),
  },

  // The owner's account: everyone else is forbidden.
  "PUT /api/users/[id]": {
    expect: selfOnly403(),
    request: (w) => ({ url: `/api/users/${w.owner.user.id}`, body: { firstName: "Hijacked", address: "1 Main St", city: "Oakland", state: "CA", zip: "94607" } }),
  },
  "PUT /api/users/[id]/password": {
    expect: selfOnly403(),
    request: (w) => ({ url: `/api/users/${w.owner.user.id}/password`, body: { current_password: w.owner.password, new_password: "another horse battery" } }),
  },
  "PUT /api/users/pfp/[id]": { expect: selfOnly403(), request: (w) => ({ url: `/api/users/pfp/${w.owner.user.id}`, multipart: true }) },
  "PUT /api/users/wallet/[id]": { expect: selfOnly403(), request: (w) => ({ url: `/api/users/wallet/${w.owner.user.id}`, body: { amount: 5 } }) },
  "PUT /api/users/wallet/deduct/[id]": { expect: selfOnly403(), request: (w) => ({ url: `/api/users/wallet/deduct/${w.owner.user.id}`, body: { amount: 1 } }) },
  "GET /api/users/wallet/[id]/transactions": { expect: selfOnly403(), request: (w) => ({ url: `/api/users/wallet/${w.owner.user.id}/transactions` }) },
  "GET /api/users/[id]/wallet/statement.csv": { expect: selfOnly403(), request: (w) => ({ url: `/api/users/${w.owner.user.id}/wallet/statement.csv` }) },
  "GET /api/users/[id]/export": { expect: selfOnly403(), request: (w) => ({ url: `/api/users/${w.owner.user.id}/export` }) },
  // The record's owner owns a restaurant: their own call is refused too (409), so nothing is deleted.
  "POST /api/users/[id]/delete": { expect: selfOnly403(409), request: (w) => ({ url: `/api/users/${w.owner.user.id}/delete`, body: { password: w.owner.password } }) },
};

let picture: Buffer | undefined;
const png = async () =>
  (picture ??= await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .png()
    .toBuffer());

async function json(response: APIResponse, status: number, what: string) {
  if (response.status() !== status) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response.json();
}

async function buildWorld(baseURL: string): Promise<World> {
  const owner = await signUpOwner(baseURL);
  const reviewText = `Private review ${randomUUID()}`;
  const activeOrder = async () => (await createOrder(owner.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 2 })).id;
  const submittedOrder = async () => (await submitOrder(owner.client, await activeOrder())).id;
  const reviewableOrder = async () => ({ id: (await placeOrder(owner.client, { restaurantId: 3 })).id, restaurantId: 3 });
  const review = async () => {
    const order = await reviewableOrder();
    const body = { restaurant_id: order.restaurantId, order_id: order.id, review: reviewText, order_rating: 5, restaurant_rating: 4 };
    return (await json(await owner.client.post("/api/reviews/", body), 201, "review")).data.id as number;
  };
  const group: World["group"] = async ({ join, locked } = {}) => {
    const created = await json(await owner.client.post("/api/group-orders", { restaurantId: owner.restaurant.id }), 201, "group");
    const token = created.token as string;
    const added = await json(await owner.client.post(`/api/group-orders/${token}/lines`, { menuItemId: owner.item.id, quantity: 1 }), 201, "group line");
    if (join) await json(await join.post(`/api/group-orders/${token}/participants`, { displayName: "Joined" }), 200, "join");
    if (locked) {
      const headers = { "XSRF-Token": await owner.client.xsrf() };
      await json(await owner.client.ctx.fetch(`/api/group-orders/${token}`, { method: "PATCH", data: { locked: true }, headers }), 200, "lock");
    }
    return { token, lineId: added.lines[0].id as number };
  };
  return { baseURL, owner, reviewText, activeOrder, submittedOrder, reviewableOrder, review, group };
}

async function callers(baseURL: string, owner: Owner): Promise<Record<Caller, Client>> {
  const [anonymous, guest, customer, otherOwner] = await Promise.all([
    newClient(baseURL),
    newClient(baseURL).then(async (client) => (await json(await client.post("/api/auth/guest"), 201, "guest"), client)),
    signUpCustomer(baseURL).then((signed) => signed.client),
    signUpCustomer(baseURL).then(async (signed) => (await createRestaurant(signed.client), signed.client)),
  ]);
  return { anonymous, guest, customer, otherOwner, recordOwner: owner.client };
}

async function send(client: Client, method: string, template: Request, caller: Caller): Promise<Pick<APIResponse, "status" | "text">> {
  const request = { ...template, url: typeof template.url === "function" ? template.url(caller) : template.url };
  if (request.stream) {
    const stream = await openEventStream(request.url, { cookie: await cookieOf(client) });
    stream.close();
    return { status: () => stream.status, text: async () => stream.text };
  }
  const body = typeof request.body === "function" ? (request.body as (caller: Caller) => unknown)(caller) : request.body;
  if (request.multipart) {
    const file = { name: "me.png", mimeType: "image/png", buffer: await png() };
    return client.ctx.fetch(request.url, { method, multipart: { picture: file }, headers: { "XSRF-Token": await client.xsrf() } });
  }
  switch (method) {
    case "GET":
      return client.get(request.url);
    case "DELETE":
      return client.del(request.url);
    case "POST":
      return client.post(request.url, body);
    case "PUT":
      return client.put(request.url, body);
    default:
      return client.ctx.fetch(request.url, { method, data: body, headers: { "XSRF-Token": await client.xsrf() } });
  }
}

test.describe("authorization matrix", () => {
  test("covers every API route on disk, and only those", () => {
    const onDisk = discoverApiRoutes();
    expect(onDisk.length).toBeGreaterThan(30);
    expect(
      onDisk.filter((key) => !(key in TABLE)),
      "routes on disk missing from the matrix",
    ).toEqual([]);
    expect(
      Object.keys(TABLE).filter((key) => !onDisk.includes(key)),
      "matrix rows with no route on disk",
    ).toEqual([]);
  });

  for (const [key, row] of Object.entries(TABLE)) {
    test(key, async ({ baseURL }) => {
      const method = key.split(" ")[0]!;
      const world = await buildWorld(baseURL!);
      const clients = await callers(baseURL!, world.owner);
      world.callers = clients;
      const request = await row.request(world);
      const secrets = [world.owner.email, world.reviewText, '"totalCost"', '"wallet"', '"transactions"', '"orders"'];
      const problems: string[] = [];
      // The record's owner goes last: their call may delete or change the record.
      for (const caller of CALLERS) {
        const response = await send(clients[caller], method, request, caller);
        const text = await response.text();
        if (response.status() !== row.expect[caller]) problems.push(`${caller}: expected ${row.expect[caller]}, got ${response.status()} ${text.slice(0, 200)}`);
        if ([401, 403, 404].includes(response.status())) {
          const leaked = secrets.filter((secret) => text.includes(secret));
          if (leaked.length) problems.push(`${caller}: ${response.status()} leaks ${leaked.join(", ")}`);
        }
      }
      expect(problems, `${key} ${typeof request.url === "function" ? request.url("recordOwner") : request.url}`).toEqual([]);
      await Promise.all(Object.values(clients).map((client) => client.dispose()));
    });
  }

  // Routes whose authority is a signed token in the link, not a session: mail providers POST the
  // one-click unsubscribe without cookies (RFC 8058), so the forgery checks do not apply
  // (e2e/api/notifications.spec.ts: forged tokens are a 400, the cookie-less POST works).
  const SIGNED_LINK_ROUTES = new Set(["POST /api/notifications/unsubscribe"]);
  // The cross-site and anti-forgery checks run in each handler's `route()` wrapper (API calls
  // skip proxy.ts), so a handler written without it would be open: every mutating route on
  // disk is called by the record's owner without the XSRF-Token header, and from another site.
  test("every mutating route refuses a call without the anti-forgery header or from another site", async ({ baseURL }) => {
    // A fresh world (a signup, a restaurant, a dish) per mutating route: it grows with the API.
    test.setTimeout(120_000);
    const problems: string[] = [];
    for (const [key, row] of Object.entries(TABLE)) {
      const method = key.split(" ")[0]!;
      if (method === "GET" || SIGNED_LINK_ROUTES.has(key)) continue;
      const world = await buildWorld(baseURL!); // a row's set-up may change the records (reactivate deactivates)
      const request = await row.request(world);
      const body = typeof request.body === "function" ? (request.body as (caller: Caller) => unknown)("recordOwner") : request.body;
      const payload = request.multipart ? { multipart: { picture: { name: "me.png", mimeType: "image/png", buffer: await png() } } } : { data: body };
      const variants: [string, Record<string, string>, RegExp][] = [
        ["no XSRF-Token", {}, /anti-forgery/],
        ["cross-site", { "XSRF-Token": await world.owner.client.xsrf(), Origin: "https://evil.example" }, /Cross-site/],
      ];
      for (const [what, headers, message] of variants) {
        const url = typeof request.url === "function" ? request.url("recordOwner") : request.url;
        const response = await world.owner.client.ctx.fetch(url, { method, headers, ...payload });
        const text = await response.text();
        if (response.status() !== 403 || !message.test(text)) problems.push(`${key} (${what}): ${response.status()} ${text.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("guests are refused their own wallet top-up, profile and picture", async ({ api: guest }) => {
    const { id } = await json(await guest.post("/api/auth/guest"), 201, "guest");
    expect((await guest.put(`/api/users/wallet/${id}`, { amount: 5 })).status()).toBe(403);
    expect((await guest.put(`/api/users/${id}`, { firstName: "Gus" })).status()).toBe(403);
    expect((await send(guest, "PUT", { url: `/api/users/pfp/${id}`, multipart: true }, "guest")).status()).toBe(403);
    expect((await guest.post("/api/restaurants/", restaurantBody())).status()).toBe(403);
    const me = await json(await guest.get("/api/auth/"), 200, "auth");
    expect(me).toMatchObject({ wallet: 0, firstName: "Guest", guestAccount: true, profileImage: null, restaurantOwner: false });
  });
});

// Mass assignment: fields a client must never set, sent alongside a valid body.
const extras = (victimId: number, status = "Completed") => ({
  wallet: 1_000_000,
  walletCents: 100_000_000,
  restaurantOwner: true,
  restaurant_owner: true,
  ownerId: victimId,
  owner_id: victimId,
  status,
  userId: victimId,
  user_id: victimId,
  servicing: false,
  ratingSum: 500,
  numReviews: 100,
  guestAccount: true,
  demoAccount: true,
  sessionVersion: 99,
  priceCents: 1,
  totalCost: 0.01,
  totalCents: 1,
});

test.describe("mass assignment changes nothing", () => {
  test("signup and profile update keep the wallet, flags and session", async ({ customer: victim, api: client }) => {
    const signup = await json(
      await client.post("/api/auth/signup", { name: "Mass Assigner", credential: uniqueEmail("mass"), password: "correct horse battery", ...extras(victim.user.id) }),
      201,
      "signup",
    );
    expect(signup).toMatchObject({ wallet: 999.99, restaurantOwner: false, guestAccount: false });
    const updated = await json(await client.put(`/api/users/${signup.id}`, { firstName: "Renamed", ...extras(victim.user.id) }), 200, "profile");
    expect(updated).toMatchObject({ id: signup.id, firstName: "Renamed", wallet: 999.99, restaurantOwner: false, guestAccount: false });
    // Still signed in: the session version did not move; and not a demo account.
    const me = await json(await client.get("/api/auth/"), 200, "auth");
    expect(me).toMatchObject({ id: signup.id, firstName: "Renamed", wallet: 999.99, restaurantOwner: false, guestAccount: false });
    expect((await client.post(`/api/users/demo/${signup.id}`)).status()).toBe(404);
    // The victim is untouched.
    expect(await json(await victim.client.get("/api/auth/"), 200, "victim")).toMatchObject({ id: victim.user.id, wallet: 999.99, firstName: "Test" });
  });

  test("restaurant create and update keep owner, servicing and ratings", async ({ baseURL, customer: victim }) => {
    const { client, user } = await signUpCustomer(baseURL!);
    const created = await json(await client.post("/api/restaurants/", restaurantBody(extras(victim.user.id))), 201, "restaurant");
    const id = created.restaurant.id as number;
    await json(await client.put(`/api/manage/${id}`, { description: "Still ours after an update.", ...extras(victim.user.id) }), 200, "update");
    const { restaurant } = await json(await client.get(`/api/restaurants/${id}`), 200, "read back");
    expect(restaurant).toMatchObject({ ownerId: user.id, servicing: true, numReviews: 0, description: "Still ours after an update." });
    expect(restaurant.rating ?? 0).toBe(0);
    expect(await json(await client.get("/api/auth/"), 200, "auth")).toMatchObject({ wallet: 999.99, restaurantOwner: true, guestAccount: false });
    expect((await json(await victim.client.get("/api/manage/"), 200, "victim")).restaurants).toEqual([]);
  });

  test("menu item create and update keep the price and restaurant", async ({ baseURL, owner }) => {
    const other = await signUpOwner(baseURL!);
    const created = await json(
      await owner.client.post("/api/menu-items/", itemBody(owner.restaurant.id, { price: 12.5, ...extras(other.user.id), restaurantId: owner.restaurant.id })),
      201,
      "item",
    );
    expect(created).toMatchObject({ price: 12.5, restaurantId: owner.restaurant.id, restaurant_owner_id: owner.user.id });
    await json(await owner.client.put(`/api/menu-items/${created.id}`, { name: "Renamed Dish", ...extras(other.user.id) }), 200, "update");
    const item = await json(await owner.client.get(`/api/menu-items/${created.id}`), 200, "read back");
    expect(item).toMatchObject({ name: "Renamed Dish", price: 12.5, restaurantId: owner.restaurant.id, restaurant_owner_id: owner.user.id, likeCount: 0 });
  });

  test("order create and submit keep the status, owner and prices", async ({ baseURL, owner: shop, customer: victim }) => {
    const { client, user } = await signUpCustomer(baseURL!);
    const body = {
      restaurant_id: shop.restaurant.id,
      // A line's `price` is refused outright (400, e2e/api/dish-options.spec.ts); other price fields are ignored.
      items: [{ menu_item_id: shop.item.id, quantity: 2, priceCents: 1, unitPriceCents: 1 }],
      subtotal: 0.01,
      ...extras(victim.user.id, "Submitted"),
    };
    const order = await json(await client.post("/api/orders/", body), 201, "order");
    expect(order).toMatchObject({ status: "Active", subtotal: shop.item.price * 2 });
    expect((await victim.client.get(`/api/orders/${order.id}`)).status()).toBe(404);
    const submitted = await json(await client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, ...extras(victim.user.id, "Completed") }), 200, "submit");
    expect(submitted.status).toBe("Submitted");
    expect(submitted.totalCost).toBeGreaterThan(shop.item.price * 2);
    const again = await json(await client.get(`/api/orders/${order.id}`), 200, "read back");
    expect(again).toMatchObject({ status: "Submitted", subtotal: shop.item.price * 2, totalCost: submitted.totalCost });
    const me = await json(await client.get("/api/auth/"), 200, "auth");
    expect(me.id).toBe(user.id);
    expect(Math.round(me.wallet * 100)).toBe(99999 - Math.round(submitted.totalCost * 100));
    expect(await json(await victim.client.get("/api/auth/"), 200, "victim")).toMatchObject({ wallet: 999.99 });
  });

  test("review create and update keep the author and the restaurant's rating", async ({ baseURL, owner: shop, customer: victim }) => {
    const { client, user } = await signUpCustomer(baseURL!);
    const order = await placeOrder(client, { restaurantId: shop.restaurant.id, itemId: shop.item.id });
    const reviewBody = {
      restaurant_id: shop.restaurant.id,
      order_id: order.id,
      review: "Lovely food.",
      order_rating: 5,
      restaurant_rating: 4,
      ...extras(victim.user.id),
    };
    const { data } = await json(await client.post("/api/reviews/", reviewBody), 201, "review");
    expect(data).toMatchObject({ userId: user.id, restaurantId: shop.restaurant.id, orderId: order.id, restaurantRating: 4 });
    await json(await client.put(`/api/reviews/${data.id}`, { review: "Still lovely.", ...extras(victim.user.id) }), 200, "edit");
    const list = await json(await client.get(`/api/reviews/restaurant/${shop.restaurant.id}`), 200, "reviews");
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ id: data.id, userId: user.id, review: "Still lovely.", restaurantRating: 4 });
    const { restaurant } = await json(await client.get(`/api/restaurants/${shop.restaurant.id}`), 200, "restaurant");
    expect(restaurant).toMatchObject({ numReviews: 1, rating: 4, ownerId: shop.user.id, servicing: true });
    expect((await json(await victim.client.get("/api/reviews/user"), 200, "victim reviews")).data).toEqual([]);
  });
});
