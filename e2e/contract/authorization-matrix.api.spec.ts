import { expect, test, type APIResponse } from "../fixtures";
import { randomInt, randomUUID } from "node:crypto";
import sharp from "sharp";
import { OPERATIONS, OPERATIONS_BY_KEY, operationKey, routeKey, successStatus, type Operation } from "@/lib/contract/operations";
import { newClient, signUpCustomer, uniqueEmail, type Client } from "../support/api";
import { createOrder, menuOf, placeOrder, standardCard, standardWallet, submitOrder } from "../support/orders";
import { createRestaurant, itemBody, restaurantBody, signUpOwner } from "../support/owner";
import { invitationLinkOf, unsubscribeLinkOf, verifyEmailOf } from "../support/mailbox";
import { fill, urlOf } from "../support/fixture";
import { pushSubscriptionBody } from "../support/push";
import { SoftAuthenticator } from "../support/soft-authenticator";
import { discoverApiRoutes } from "../support/matrix";
import { cookieOf, openEventStream } from "../support/events";
import { ageDelivery, freeCourier, makeCourier, makeOperator, makeTeamMember, plantJob, whileOwnedByAnother } from "../support/couriers";
import { API_KEY_SCOPES } from "@/lib/shared/people/api-keys";

// The authorization matrix: every declared API operation (lib/contract/<resource>/) x caller ->
// expected status. The rows are the contract's declarations: each caller's expected status is
// derived from the operation's declared access and success status (expectedOf below), and how to
// call it is the operation's own `fixture.matrix` (its path, query and body in words of this
// file's WORLD, and the row's facts); this file only makes the world those words name. The world the rows call into (an owner with a restaurant, a dish and
// orders; the other callers) is built once per worker; a row that changes it (`fresh`) gets its
// own owner's side, and its own strangers only if it lets one through (ownWorldOf). Refusals must not carry the record's private data. Mass assignment: extra fields in any
// body change nothing.

// manager and staff: members of the record owner's restaurant (docs/architecture/team.md), called on
// the restaurant's rows only (elsewhere they are customers like `customer`); before the owner,
// whose call may delete the record.
// API keys (docs/architecture/api-keys.md): one key of the owner's restaurant per scope, and a key
// of the other owner's restaurant holding every scope; each sends `Authorization: Bearer` (and
// whatever cookies its client was given along the rows, which a key never uses).
const KEY_CALLERS = [...API_KEY_SCOPES.map((scope) => `key ${scope}` as const), "otherRestaurantKey"] as const;
type KeyCaller = (typeof KEY_CALLERS)[number];
// kitchenDevice: a tablet paired to the owner's restaurant (docs/architecture/kitchen.md "A board that
// lives on a tablet"): its own cookie and no session, admitted to the operations declaring
// `kitchenDevice` (the board's steps) and a 401 on every other that is not anyone's.
const CALLERS = ["anonymous", "guest", "customer", "otherOwner", "manager", "staff", ...KEY_CALLERS, "kitchenDevice", "recordOwner"] as const;
type Caller = (typeof CALLERS)[number];
type TeamCaller = "manager" | "staff";
type Expected = Record<Exclude<Caller, TeamCaller | KeyCaller | "kitchenDevice">, number> & Partial<Record<TeamCaller | KeyCaller | "kitchenDevice", number>>;
const isKeyCaller = (caller: Caller): caller is KeyCaller => (KEY_CALLERS as readonly string[]).includes(caller);
/** The callers with no part in the owner's records (nor their restaurant's): every caller but the owner, their team, keys and tablet. */
const STRANGERS = ["anonymous", "guest", "customer", "otherOwner", "otherRestaurantKey"] as const satisfies readonly Caller[];
type Strangers = Record<(typeof STRANGERS)[number], Client>;

type Owner = Awaited<ReturnType<typeof signUpOwner>>;
type World = {
  baseURL: string;
  /** The owner of the records the routes address: restaurant, menu item, orders, review, profile, wallet. */
  owner: Owner;
  /** A unique marker in the owner's review text: it must never appear in a refusal. */
  reviewText: string;
  /** An Active order of the owner's (at another restaurant: they may submit it). */
  activeOrder: () => Promise<number>;
  /** A placed order of the owner's at their own restaurant (placed while it was briefly another's); `submit`: its payment (default the wallet). */
  submittedOrder: (submit?: Record<string, unknown>) => Promise<number>;
  /** A placed order of the owner's from another restaurant (nobody reviews their own). */
  reviewableOrder: () => Promise<{ id: number; restaurantId: number }>;
  review: () => Promise<number>;
  /** A group order the owner hosts, with one line of theirs; `join` set: that caller has joined it; `elsewhere`: at a demo restaurant (its checkout places an order). */
  group: (options?: { join?: Client; locked?: boolean; elsewhere?: boolean }) => Promise<{ token: string; lineId: number }>;
  /** Every caller's client (the manager's and staff's where the world has a team). */
  callers: Record<Exclude<Caller, TeamCaller>, Client> & Partial<Record<TeamCaller, Client>>;
  /** The staff member's user id (where the world has a team). */
  staffId?: number;
};
/** A call: its URL (per caller where the callers differ) and JSON body (made for each caller). Uploads and event streams are told by the operation's declaration. */
type Request = { url: string | ((caller: Caller) => string); body?: () => Promise<unknown> };
/** How to call one declared operation: its declaration's `fixture.matrix`. */
type Fixture = Operation["fixture"]["matrix"];

// The expected statuses by declared access (lib/contract/define.ts, AccessKind).
const all = (status: number): Expected => ({ anonymous: status, guest: status, customer: status, otherOwner: status, recordOwner: status });
/** Any signed-in caller, about their own data. */
const signedIn = (status: number): Expected => ({ ...all(status), anonymous: 401 });
/** A record only its owner may touch; strangers see it as missing. */
const ownerOnly404 = (status: number): Expected => ({ anonymous: 401, guest: 404, customer: 404, otherOwner: 404, recordOwner: status });
/** A user's own account (profile, password, picture, wallet); anyone else's is forbidden. */
const selfOnly403 = (status: number): Expected => ({ anonymous: 401, guest: 403, customer: 403, otherOwner: 403, recordOwner: status });
/** The courier app: only a courier may call (the record's owner is made one); anyone else signed in is forbidden. */
const courierOnly403 = selfOnly403;
/**
 * The operator console (/api/admin/*, docs/architecture/operator.md): nobody here is an operator,
 * so everyone signed in is refused (403) and anonymous visitors get the 401. The record's owner is
 * also made a courier first, so "an owner and a courier" are both refused on every row.
 */
const operatorOnly403: Expected = { anonymous: 401, guest: 403, customer: 403, otherOwner: 403, recordOwner: 403 };
/**
 * Group orders: the token is the capability. The guest and the other owner call with a wrong
 * token (strangers without the link: 404, and learn nothing); the customer has the link and
 * has joined (`join`), so the host's actions and another's line are a 403 for them.
 */
const group404 = (status: number, customer: number): Expected => ({ anonymous: 401, guest: 404, customer, otherOwner: 404, recordOwner: status });

/**
 * The restaurant's team on its rows, by the row's kind: the owner's alone (restaurantOwner) is a 404
 * to them as to anyone; restaurantManager admits the manager (staff: 403); restaurantStaff both.
 */
function teamOf(operation: Operation, success: number): Partial<Record<TeamCaller, number>> {
  switch (operation.access.kind) {
    case "restaurantOwner":
      return { manager: 404, staff: 404 };
    case "restaurantManager":
      return { manager: success, staff: 403 };
    case "restaurantStaff":
      return { manager: success, staff: success };
    default:
      return {};
  }
}

/**
 * The API keys on a row, by its declared `keys`: an operation anyone may call ignores a key; one
 * declaring no scopes refuses it (401); one declaring some admits a key of the restaurant holding
 * one of them, refuses one without (403), and another restaurant's key as a stranger (404).
 */
function keysOf(operation: Operation, success: number): Partial<Record<KeyCaller, number>> {
  const open = operation.access.kind === "anyone" || operation.access.kind === "signedLink";
  const scoped = operation.keys ?? [];
  const of = (caller: KeyCaller) => {
    if (open) return success;
    if (!scoped.length) return 401;
    if (caller === "otherRestaurantKey") return 404;
    return scoped.some((scope) => caller === `key ${scope}`) ? success : 403;
  };
  return Object.fromEntries(KEY_CALLERS.map((caller) => [caller, of(caller)]));
}

/** The kitchen tablet on a row: anyone's operations answer it as anyone; the board's steps (`kitchenDevice`) admit it; every other is a 401 (no session). */
function deviceOf(operation: Operation, success: number): { kitchenDevice: number } {
  const open = operation.access.kind === "anyone" || operation.access.kind === "signedLink";
  return { kitchenDevice: open || operation.kitchenDevice ? success : 401 };
}

/** What each caller gets from a row: the operation's declared access and success, and the row's own facts. */
function expectedOf(operation: Operation, fixture: Fixture): Expected {
  const success = fixture.status ?? successStatus(operation);
  return { ...callersOutsideTeam(operation, fixture, success), ...teamOf(operation, success), ...keysOf(operation, success), ...deviceOf(operation, success) };
}

function callersOutsideTeam(operation: Operation, fixture: Fixture, success: number): Expected {
  switch (operation.access.kind) {
    case "anyone":
    case "signedLink":
      return all(success);
    case "signedIn":
      return fixture.private ? ownerOnly404(success) : signedIn(success);
    case "member":
      return { ...(fixture.private ? ownerOnly404(success) : signedIn(success)), guest: 403 };
    case "self":
      return selfOnly403(success);
    case "restaurantOwner":
    case "restaurantManager":
    case "restaurantStaff":
    case "recordOwner":
      return ownerOnly404(success);
    case "courier":
    case "jobCourier":
      return courierOnly403(success);
    case "operator":
      return operatorOnly403;
    case "groupToken":
      return group404(success, fixture.customer ?? success);
    case "groupHost":
      return group404(success, 403);
    case "printer":
      // A kitchen printer's own HTTP Basic credentials only (e2e/printers/): every session is a 401.
      return all(401);
  }
}

/** A quote for a courier from the owner's restaurant to its own ZIP code. */
async function ownersDeliveryQuote(w: World): Promise<string> {
  const dropoff = { name: "Matrix Recipient", phone: "4155550123", street: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" };
  return (await json(await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/deliveries/quotes`, { dropoff, orderValue: 20 }), 201, "quote")).quoteId;
}

/** The matrix's customer reviews an order of theirs from the owner's restaurant. */
async function customersReviewOfOwner(w: World): Promise<number> {
  const customer = w.callers.customer;
  const order = await placeOrder(customer, { restaurantId: w.owner.restaurant.id, itemId: w.owner.item.id });
  const body = { restaurant_id: w.owner.restaurant.id, order_id: order.id, review: "Good food.", order_rating: 5, restaurant_rating: 4 };
  return (await json(await customer.post("/api/reviews/", body), 201, "customer's review")).data.id as number;
}

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

/** A new webhook endpoint of the owner's restaurant, to a closed local port (its attempts fail and are retried: nothing waits on them). */
async function newWebhookEndpoint(w: World): Promise<number> {
  const body = { url: "http://127.0.0.1:9/matrix", events: ["order.placed"] };
  return (await json(await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/webhooks`, body), 201, "webhook endpoint")).endpoint.id;
}
const webhookEndpoints = new WeakMap<World, Promise<number>>();
/** The world's one webhook endpoint, made on first use. */
function ownersWebhookEndpoint(w: World): Promise<number> {
  if (!webhookEndpoints.has(w)) webhookEndpoints.set(w, newWebhookEndpoint(w));
  return webhookEndpoints.get(w)!;
}

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
/** The owner's order (two of their dish), accepted by their kitchen, and its line. */
async function ownersAcceptedLine(w: World): Promise<{ orderId: number; orderItemId: number }> {
  const orderId = await w.submittedOrder();
  expect((await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/orders/${orderId}/stage`, { stage: "accepted", prepMinutes: 20 })).status()).toBe(200);
  const order = await json(await w.owner.client.get(`/api/orders/${orderId}`), 200, "order");
  return { orderId, orderItemId: order.orderItems[0].id };
}
/** A problem report on the owner's delivered order, too big to be approved at once (every dish: the delivery fee too): on their own order, Nosh support decides it; `decline`: an operator declined it. */
async function ownersProblem(w: World, decline = false): Promise<{ orderId: number; problemId: number }> {
  const orderId = await ownersDeliveredOrder(w);
  const { items } = await (await w.owner.client.get(`/api/orders/${orderId}/problems`)).json();
  const lines = items.map((item: { orderItemId: number; quantity: number }) => ({ orderItemId: item.orderItemId, quantity: item.quantity, reason: "missing" }));
  const created = await w.owner.client.post(`/api/orders/${orderId}/problems`, { lines });
  expect(created.status()).toBe(201);
  const problemId = (await created.json()).problem.id as number;
  if (decline) {
    const support = await signUpCustomer(w.baseURL);
    await makeOperator(support.user.id);
    const declined = await support.client.post(`/api/admin/problems/${problemId}/decision`, { decision: "decline", reason: "All there" });
    expect(declined.status()).toBe(200);
    await support.client.dispose();
  }
  return { orderId, problemId };
}

/** A pending problem report of another customer's on the owner's restaurant: the owner decides it. */
async function customersProblem(w: World): Promise<number> {
  const buyer = await signUpCustomer(w.baseURL);
  const order = await placeOrder(buyer.client, { restaurantId: w.owner.restaurant.id, itemId: w.owner.item.id, quantity: 2 });
  expect((await w.owner.client.put(`/api/manage/${w.owner.restaurant.id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);
  const { items } = await (await buyer.client.get(`/api/orders/${order.id}/problems`)).json();
  const lines = items.map((item: { orderItemId: number; quantity: number }) => ({ orderItemId: item.orderItemId, quantity: item.quantity, reason: "missing" }));
  const created = await json(await buyer.client.post(`/api/orders/${order.id}/problems`, { lines }), 201, "problem");
  await buyer.client.dispose();
  return created.problem.id as number;
}

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

/** The test provider's always-succeeding card, as the card form posts it to the provider. */
const TEST_CARD = { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" };

type Made = { make: (w: World) => unknown; perCall?: true };
/**
 * The world's values the declarations' fixtures name (lib/contract/<resource>/, `fixture.matrix`:
 * "$submittedOrder", "$group.token"). Each is made when a row first names it, once a row (a row's
 * path and body name the same order); a `perCall` one afresh for every caller (a signup's email).
 */
const WORLD: Record<string, Made> = {
  restaurant: { make: (w) => w.owner.restaurant.id },
  restaurantName: { make: (w) => w.owner.restaurant.name },
  item: { make: (w) => w.owner.item.id },
  itemName: { make: (w) => w.owner.item.name },
  owner: { make: (w) => w.owner.user.id },
  ownerEmail: { make: (w) => w.owner.email },
  ownerPassword: { make: (w) => w.owner.password },
  reviewText: { make: (w) => w.reviewText },
  uniqueName: { make: () => `Zz Renamed ${randomUUID().slice(0, 6)}` },
  uniqueEmail: { perCall: true, make: () => uniqueEmail("matrix") },
  restaurantBody: { perCall: true, make: () => restaurantBody() },
  pushSubscriptionBody: { perCall: true, make: () => pushSubscriptionBody() },
  standardWallet: { make: () => standardWallet },
  optionGroup: { make: () => MATRIX_SIZE },
  // Its options too: a stranger cannot edit a dish's option groups (404, like a missing dish).
  matrixDish: { make: (w) => itemBody(w.owner.restaurant.id, { name: "Matrix Special", option_groups: [MATRIX_SIZE] }) },
  activeOrder: { make: (w) => w.activeOrder() },
  submittedOrder: { make: (w) => w.submittedOrder() },
  deliveredOrder: { make: (w) => ownersDeliveredOrder(w) },
  /** The owner's delivered order and one of its lines, to report. */
  reportable: {
    make: async (w) => {
      const orderId = await ownersDeliveredOrder(w);
      const { items } = await (await w.owner.client.get(`/api/orders/${orderId}/problems`)).json();
      return { orderId, orderItemId: items[0].orderItemId };
    },
  },
  /** The owner's order accepted by their kitchen, and one of its lines (a line to mark unavailable). */
  acceptedLine: { make: (w) => ownersAcceptedLine(w) },
  /** A line of the owner's accepted order marked unavailable: a change waiting for the owner's answer as its customer. */
  askedChange: {
    make: async (w) => {
      const { orderId, orderItemId } = await ownersAcceptedLine(w);
      const marked = await json(await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/orders/${orderId}/changes`, { orderItemId, quantity: 1 }), 201, "change");
      return { orderId, changeId: marked.change.id };
    },
  },
  ownersProblem: { make: (w) => ownersProblem(w) },
  declinedProblem: { make: (w) => ownersProblem(w, true) },
  customersProblem: { make: (w) => customersProblem(w) },
  reviewable: { make: (w) => w.reviewableOrder() },
  review: { make: (w) => w.review() },
  /** A customer's review of the owner's restaurant (the owner replies to it), and one already replied to. */
  ownersReview: { make: (w) => customersReviewOfOwner(w) },
  repliedReview: {
    make: async (w) => {
      const id = await customersReviewOfOwner(w);
      await json(await w.owner.client.post(`/api/reviews/${id}/reply`, { text: "Thank you!" }), 201, "reply");
      return id;
    },
  },
  promotion: { make: (w) => ownersPromotion(w) },
  /** A webhook endpoint of the owner's restaurant (one a world: a row's delivery is one of its messages), and one to delete. */
  webhookEndpoint: { make: (w) => ownersWebhookEndpoint(w) },
  newWebhookEndpoint: { make: (w) => newWebhookEndpoint(w) },
  webhookDelivery: {
    make: async (w) =>
      (await json(await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/webhooks/${await ownersWebhookEndpoint(w)}/test`), 201, "test event")).id,
  },
  /** An API key of the owner's restaurant (its id), to revoke. */
  apiKey: {
    make: async (w) =>
      (await json(await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/api-keys`, { name: "Matrix revoked", scopes: ["menu.read"] }), 201, "key")).apiKey.id,
  },
  /** A kitchen printer of the owner's restaurant (its id), to remove. */
  printer: {
    make: async (w) =>
      (await json(await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/printers`, { name: "Matrix printer", prints: "kitchen" }), 201, "printer")).printer.id,
  },
  /** A delivery-only quote of the owner's restaurant (docs/architecture/api-keys.md "Delivery only"), and a delivery accepted from one: its id and tracking token. */
  deliveryQuote: { make: (w) => ownersDeliveryQuote(w) },
  delivery: {
    make: async (w) => {
      const quoteId = await ownersDeliveryQuote(w);
      const made = await json(await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/deliveries`, { quoteId }), 201, "delivery");
      return { id: made.id, trackingToken: String(made.trackingUrl).split("/track/")[1] };
    },
  },
  /** The token of a payment link of a phone order the owner entered (docs/architecture/phone-orders.md "Paid by a link"). */
  payLinkToken: {
    make: async (w) => {
      const body = { name: "Pat Caller", phone: "415-555-0134", fulfilment: "pickup", payment: "link", items: [{ menu_item_id: w.owner.item.id, quantity: 1 }] };
      const made = await json(await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/phone-orders`, body), 201, "phone order");
      return String(made.payLink.url).split("/pay/")[1];
    },
  },
  /** A section of the owner's menu (docs/architecture/menu-sections.md). */
  section: {
    make: async (w) => (await json(await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/sections`, { name: "Matrix Section" }), 201, "section")).section.id,
  },
  /** Every section of the owner's menu, reversed (the section-order call must name each once): one made first when there is none, so a second request (a manager's own) names the same. */
  sectionOrder: {
    make: async (w) => {
      const list = async () => (await json(await w.owner.client.get(`/api/manage/${w.owner.restaurant.id}/sections`), 200, "sections")).sections as { id: number }[];
      if (!(await list()).length) await json(await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/sections`, { name: "Matrix Order" }), 201, "section");
      return (await list()).map((section) => section.id).reverse();
    },
  },
  group: { make: (w) => w.group() },
  joinedGroup: { make: (w) => w.group({ join: w.callers.customer }) },
  lockedGroup: { make: (w) => w.group({ join: w.callers.customer, locked: true, elsewhere: true }) },
  ownerIsCourier: { make: (w) => makeCourier(w.owner.user.id) },
  ownerOnShift: { make: (w) => ownerAsCourier(w) },
  offeredJob: { make: (w) => ownersJob(w, "offered") },
  assignedJob: { make: (w) => ownersJob(w, "assigned") },
  atPickupJob: { make: (w) => ownersJob(w, "at_pickup") },
  pickedUpJob: { make: (w) => ownersJob(w, "picked_up") },
  /** The owner's placed order, offered to the owner as a courier on shift (the manual assign). */
  offeredOrder: {
    make: async (w) => {
      await ownerAsCourier(w);
      // Free again after a team member's assignment on the same row (each caller let through assigns an order of their own).
      await freeCourier(w.owner.user.id);
      const order = await w.submittedOrder();
      await plantJob(order, w.owner.user.id, "offered");
      return order;
    },
  },
  deactivated: { make: async (w) => expect((await w.owner.client.del(`/api/manage/${w.owner.restaurant.id}?type=soft`)).status()).toBe(200) },
  /**
   * Earnings to pay out: the owner's order delivered, available once its report window has closed: moved 49 hours
   * back. Paid by card (the account's default test card): a wallet order's earnings are promotional, never paid out.
   */
  earnings: {
    make: async (w) => {
      const order = await w.submittedOrder(standardCard);
      expect((await w.owner.client.put(`/api/manage/${w.owner.restaurant.id}/orders/${order}`, { status: "Completed" })).status()).toBe(200);
      await ageDelivery(order, 49);
    },
  },
  ownersNotification: {
    make: async (w) => {
      await w.submittedOrder();
      const { notifications } = (await (await w.owner.client.get("/api/notifications")).json()) as { notifications: { id: number }[] };
      return notifications[0]!.id;
    },
  },
  pushSubscription: {
    make: async (w) => {
      const created = await w.owner.client.post("/api/push/subscriptions", pushSubscriptionBody());
      expect(created.status()).toBe(201);
      return (await created.json()).subscription.id;
    },
  },
  /** A number of the owner's for text messages, unconfirmed (docs/architecture/text-messages.md). */
  ownersTextNumber: {
    make: async (w) => (await json(await w.owner.client.post("/api/account/texts", { phone: `+14155550${randomInt(100, 200)}` }), 201, "number")).number.id,
  },
  /** An entry of the owner's address book (docs/architecture/places.md "Address book"). */
  ownersAddress: {
    make: async (w) =>
      (
        await json(
          await w.owner.client.post("/api/addresses", {
            label: "Home",
            address: "1 Matrix Way",
            city: "San Francisco",
            state: "CA",
            zip: "94105",
            lat: 37.789,
            lng: -122.394,
          }),
          201,
          "address",
        )
      ).address.id,
  },
  /** A card the owner tokenized at the test provider (a payment method id, pm_...), one per caller: each saves its own. */
  cardToken: {
    perCall: true,
    make: async (w) => (await json(await w.owner.client.post("/api/test-provider/payment-methods", TEST_CARD), 201, "card token")).id,
  },
  /** The owner's first saved card (with demo data on, every account starts with the test card). */
  ownersCard: { make: async (w) => (await json(await w.owner.client.get("/api/payment-methods"), 200, "cards")).paymentMethods[0].id },
  /** A passkey of the owner's, made by a software authenticator (docs/architecture/accounts-security.md). */
  passkey: {
    make: async (w) => {
      const options = await json(await w.owner.client.post("/api/account/passkeys/options", { password: w.owner.password }), 200, "passkey options");
      const credential = new SoftAuthenticator(w.baseURL).create(options);
      return (await json(await w.owner.client.post("/api/account/passkeys", { name: "Matrix key", credential }), 201, "passkey")).passkey.id;
    },
  },
  /** A new dish of the owner's restaurant (a row that removes one: each caller admitted gets their own). */
  newItem: { make: async (w) => (await json(await w.owner.client.post("/api/menu-items/", itemBody(w.owner.restaurant.id, { name: "Matrix Spare" })), 201, "dish")).id },
  /** The restaurant's staff member (docs/architecture/team.md). */
  staffMember: { make: (w) => w.staffId ?? fail("$staffMember names the world's staff member, and this world has no team (ownWorldOf)") },
  /** Another member of the owner's restaurant's team, to remove. */
  extraMember: { make: async (w) => (await teamMember(w.baseURL, w.owner, "staff")).user.id },
  /** A kitchen tablet paired to the owner's restaurant (its id), to remove. */
  kitchenDevice: { make: async (w) => (await pairedTablet(w.baseURL, w.owner)).id },
  /** A pending invitation to the owner's restaurant. */
  invitation: {
    make: async (w) =>
      (
        await json(
          await w.owner.client.post(`/api/manage/${w.owner.restaurant.id}/team/invitations`, { email: uniqueEmail("invitee"), role: "staff" }),
          201,
          "invitation",
        )
      ).invitation.id,
  },
  /** The token of another owner's invitation to the record owner's address (their mailed link). */
  invitationForOwner: {
    make: async (w) => {
      const other = await signUpOwner(w.baseURL);
      await json(await other.client.post(`/api/manage/${other.restaurant.id}/team/invitations`, { email: w.owner.email, role: "manager" }), 201, "invitation");
      return new URL(await invitationLinkOf(other.client, w.owner.email)).searchParams.get("token");
    },
  },
  /** The token of the owner's welcome mail's one-click unsubscribe link. */
  /** From the owner's welcome mail: its rows take a fresh world (the shared one's owner has more than the mailbox's 30 newest mails by then). */
  unsubscribeToken: { make: async (w) => new URL(await unsubscribeLinkOf(w.owner.client)).searchParams.get("token") },
};

/** Group rows: the guest and the other owner call with a wrong token (strangers without the link). */
const WRONG_TOKEN = "A".repeat(22);

/** How to call an operation: its declared fixture with the world's values in. */
async function requestOf(operation: Operation, w: World): Promise<Request> {
  const key = operationKey(operation);
  const { before = [], path = {}, query = {}, body } = fixtureOf(operation);
  const made = new Map<string, unknown>();
  const lookup = (perCall: boolean) => async (name: string, field?: string) => {
    const entry = WORLD[name];
    if (!entry) throw new Error(`${key}: its fixture names "$${name}", which the matrix's WORLD does not make`);
    if (entry.perCall && !perCall) return `$${name}${field ? `.${field}` : ""}`;
    if (!made.has(name) || entry.perCall) made.set(name, await entry.make(w));
    const found = made.get(name);
    return field ? (found as Record<string, unknown>)[field] : found;
  };
  for (const step of before) await fill(step, lookup(false));
  const params = (await fill(path, lookup(false))) as Record<string, unknown>;
  const search = (await fill(query, lookup(false))) as Record<string, unknown>;
  const url = urlOf(operation.path, params, search);
  const stranger = ["groupToken", "groupHost"].includes(operation.access.kind) ? urlOf(operation.path, { ...params, token: WRONG_TOKEN }, search) : url;
  const template = await fill(body, lookup(false));
  const perCall = lookup(true);
  return {
    url: (caller) => (isStream(operation) ? w.baseURL : "") + (caller === "guest" || caller === "otherOwner" ? stranger : url),
    body: template === undefined ? undefined : () => fill(template, perCall),
  };
}

let picture: Buffer | undefined;
const png = async () =>
  (picture ??= await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .png()
    .toBuffer());

const fail = (message: string): never => {
  throw new Error(message);
};

async function json(response: APIResponse, status: number, what: string) {
  if (response.status() !== status) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/**
 * The world the rows call into: an owner with a restaurant and a dish, and every other caller.
 * `strangers`: the callers outside the owner's records, when they are another world's (ownWorldOf);
 * `team`: false leaves out the manager and staff, for a row that never calls them.
 * Built side by side: the owner's verification mail is awaited while its keys, tablet and team are made.
 */
async function buildWorld(baseURL: string, { strangers, team = true }: { strangers?: Strangers; team?: boolean } = {}): Promise<World> {
  const strangersMade = strangers ? Promise.resolve(strangers) : strangersOf(baseURL);
  const owner = await signUpOwner(baseURL);
  const [, , keys, kitchenDevice, members, others] = await Promise.all([
    // Verified, as payouts (the owner's, and the owner's as a courier) ask.
    verifyEmailOf(owner.client, owner.email),
    // A world serves many rows, most of which place an order of the owner's: more than the 999.99 a signup brings.
    owner.client.put(`/api/users/wallet/${owner.user.id}`, { amount: 2000 }).then((response) => json(response, 200, "top-up")),
    ownersKeyCallersOf(baseURL, owner),
    pairedTablet(baseURL, owner),
    team ? Promise.all([teamMember(baseURL, owner, "manager"), teamMember(baseURL, owner, "staff")]) : undefined,
    strangersMade,
  ]);
  const callers = { ...others, ...keys, kitchenDevice: kitchenDevice.client, recordOwner: owner.client };
  const teamCallers = members ? { manager: members[0].client, staff: members[1].client } : {};
  const reviewText = `Private review ${randomUUID()}`;
  const activeOrder = async () => (await createOrder(owner.client, 3, 2)).id;
  // An owner cannot place an order at their own restaurant; this one is theirs as orders
  // from before that rule, or from before a restaurant changed hands, are.
  const submittedOrder = async (submit?: Record<string, unknown>) => {
    const active = await createOrder(owner.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 2 });
    return (await whileOwnedByAnother(owner.restaurant.id, owner.user.id, () => submitOrder(owner.client, active.id, submit))).id;
  };
  const reviewableOrder = async () => ({ id: (await placeOrder(owner.client, { restaurantId: 3 })).id, restaurantId: 3 });
  const review = async () => {
    const order = await reviewableOrder();
    const body = { restaurant_id: order.restaurantId, order_id: order.id, review: reviewText, order_rating: 5, restaurant_rating: 4 };
    return (await json(await owner.client.post("/api/reviews/", body), 201, "review")).data.id as number;
  };
  const group: World["group"] = async ({ join, locked, elsewhere } = {}) => {
    const restaurantId = elsewhere ? 3 : owner.restaurant.id;
    const menuItemId = elsewhere ? (await menuOf(owner.client, 3))[0]!.id : owner.item.id;
    const created = await json(await owner.client.post("/api/group-orders", { restaurantId }), 201, "group");
    const token = created.token as string;
    const added = await json(await owner.client.post(`/api/group-orders/${token}/lines`, { menuItemId, quantity: 1 }), 201, "group line");
    if (join) await json(await join.post(`/api/group-orders/${token}/participants`, { displayName: "Joined" }), 200, "join");
    if (locked) {
      const headers = { "XSRF-Token": await owner.client.xsrf() };
      await json(await owner.client.ctx.fetch(`/api/group-orders/${token}`, { method: "PATCH", data: { locked: true }, headers }), 200, "lock");
    }
    return { token, lineId: added.lines[0].id as number };
  };
  return {
    baseURL,
    owner,
    reviewText,
    activeOrder,
    submittedOrder,
    reviewableOrder,
    review,
    group,
    callers: { ...callers, ...teamCallers },
    staffId: members?.[1].user.id,
  };
}

/** A signed-up user on the owner's restaurant's team as `role`. */
async function teamMember(baseURL: string, owner: Owner, role: TeamCaller) {
  const signed = await signUpCustomer(baseURL);
  await makeTeamMember(owner.restaurant.id, signed.user.id, role);
  return signed;
}

/** The key each key caller's client sends (an event stream is opened with fetch: it sends it itself). */
const KEYS = new WeakMap<Client, string>();

/** A client sending a new API key of a restaurant (`client` its owner's) with `scopes`, and no session. */
async function keyClient(baseURL: string, client: Client, restaurantId: number, scopes: readonly string[]): Promise<Client> {
  const created = await json(await client.post(`/api/manage/${restaurantId}/api-keys`, { name: `Matrix key, ${scopes.length} scopes`, scopes }), 201, "API key");
  const keyed = await newClient(baseURL, { Authorization: `Bearer ${created.key}` });
  KEYS.set(keyed, created.key);
  return keyed;
}

/** The owner's restaurant's keys, one per scope. */
async function ownersKeyCallersOf(baseURL: string, owner: Owner): Promise<Record<Exclude<KeyCaller, "otherRestaurantKey">, Client>> {
  const clients = await Promise.all(API_KEY_SCOPES.map((scope) => keyClient(baseURL, owner.client, owner.restaurant.id, [scope])));
  return Object.fromEntries(API_KEY_SCOPES.map((scope, index) => [`key ${scope}`, clients[index]!])) as Record<Exclude<KeyCaller, "otherRestaurantKey">, Client>;
}

/** A new client paired as a kitchen tablet of the owner's restaurant (a code the owner shows, typed by the client), and the tablet's id. */
async function pairedTablet(baseURL: string, owner: Owner): Promise<{ client: Client; id: number }> {
  const { code } = await json(await owner.client.post(`/api/manage/${owner.restaurant.id}/kitchen-devices/pairing`), 201, "pairing code");
  const client = await newClient(baseURL);
  const paired = await json(await client.post("/api/kitchen/pair", { code, name: "Matrix tablet" }), 201, "pairing");
  return { client, id: paired.device.id };
}

/** The callers outside the owner's records: an anonymous visitor, a guest, a customer, another owner and a key of the other owner's restaurant. */
async function strangersOf(baseURL: string): Promise<Strangers> {
  const [anonymous, guest, customer, otherShop] = await Promise.all([
    newClient(baseURL),
    newClient(baseURL).then(async (client) => (await json(await client.post("/api/auth/guest"), 201, "guest"), client)),
    // Verified like the record's owner, so a member route answers every signed-up caller alike.
    signUpCustomer(baseURL).then(async (signed) => (await verifyEmailOf(signed.client, signed.email), signed.client)),
    signUpCustomer(baseURL).then(async (signed) => {
      const [, restaurant] = await Promise.all([verifyEmailOf(signed.client, signed.email), createRestaurant(signed.client)]);
      return { client: signed.client, restaurantId: restaurant.id };
    }),
  ]);
  const otherRestaurantKey = await keyClient(baseURL, otherShop.client, otherShop.restaurantId, API_KEY_SCOPES);
  return { anonymous, guest, customer, otherOwner: otherShop.client, otherRestaurantKey };
}

/**
 * What a `fresh` row's world of its own is made of. The owner's side always: the owner, their
 * restaurant and dish, its keys and tablet (and its team where the row calls them: the
 * restaurant's rows). The strangers' only where the row lets one through on their session (a
 * sign-up, a sign-in, a logout, a courier application, a number: what they do may change them);
 * elsewhere they are the shared world's, as on every shared row: a refused call leaves its caller
 * as it was (the forgery checks' premise), and a signed link's call neither reads nor writes the
 * caller's session (its token names the person). They have no part in the owner's records, in
 * either world.
 */
function ownWorldOf(operation: Operation, expected: Expected, shared: World): { strangers?: Strangers; team: boolean } {
  const team = expected.manager !== undefined || expected.staff !== undefined;
  if (operation.access.kind !== "signedLink" && STRANGERS.some((caller) => expected[caller]! < 400)) return { team };
  return { team, strangers: Object.fromEntries(STRANGERS.map((caller) => [caller, shared.callers[caller]])) as Strangers };
}

const isStream = (operation: Operation) => operation.responses[successStatus(operation)]?.contentType === "text/event-stream";
const urlFor = (request: Request, caller: Caller) => (typeof request.url === "function" ? request.url(caller) : request.url);
const bodyFor = async (request: Request) => request.body?.();
/** An upload's form: a small PNG in the operation's declared field. */
const uploadOf = async (operation: Operation) => ({ [operation.multipart!.field]: { name: "me.png", mimeType: "image/png", buffer: await png() } });

/**
 * The cross-site and anti-forgery checks run in each handler's `route()` wrapper (API calls skip
 * proxy.ts), so a handler written without it would be open: every mutating operation's row first
 * calls it as the record's owner without the XSRF-Token header, and from another site, on the
 * row's own world and request (a refused call changes nothing, so the callers' calls that follow
 * find the world as it was). Each must be a 403 saying why. Operations whose authority is a signed
 * token in the link, not a session (signedLink), are left out: mail providers POST the one-click
 * unsubscribe without cookies (RFC 8058), so the forgery checks do not apply
 * (e2e/notifications/api.spec.ts: forged tokens are a 400, the cookie-less POST works).
 */
async function forgeryProblems(operation: Operation, world: World, request: Request): Promise<string[]> {
  // A kitchen printer's calls (access `printer`) take no cookie: their credentials are the authority (a session's call is a 401).
  if (operation.method === "GET" || operation.access.kind === "signedLink" || operation.access.kind === "printer") return [];
  const payload = operation.multipart ? { multipart: await uploadOf(operation) } : { data: await bodyFor(request) };
  const variants: [string, Record<string, string>, RegExp][] = [
    ["no XSRF-Token", {}, /anti-forgery/],
    ["cross-site", { "XSRF-Token": await world.owner.client.xsrf(), Origin: "https://evil.example" }, /Cross-site/],
  ];
  const problems: string[] = [];
  for (const [what, headers, message] of variants) {
    const response = await world.owner.client.ctx.fetch(urlFor(request, "recordOwner"), { method: operation.method, headers, ...payload });
    const text = await response.text();
    if (response.status() !== 403 || !message.test(text))
      problems.push(`recordOwner (${what}): expected 403 saying ${message}, got ${response.status()} ${text.slice(0, 120)}`);
  }
  return problems;
}

async function send(client: Client, operation: Operation, request: Request, caller: Caller): Promise<Pick<APIResponse, "status" | "text">> {
  const { method } = operation;
  const url = urlFor(request, caller);
  if (isStream(operation)) {
    // A Server-Sent Events route: opened with fetch and closed once its status is known.
    const stream = await openEventStream(url, { cookie: await cookieOf(client), ...(isKeyCaller(caller) ? { authorization: `Bearer ${KEYS.get(client)}` } : {}) });
    stream.close();
    return { status: () => stream.status, text: async () => stream.text };
  }
  const body = await bodyFor(request);
  if (operation.multipart) return client.ctx.fetch(url, { method, multipart: await uploadOf(operation), headers: { "XSRF-Token": await client.xsrf() } });
  switch (method) {
    case "GET":
      return client.get(url);
    case "DELETE":
      return client.del(url);
    case "POST":
      return client.post(url, body);
    case "PUT":
      return client.put(url, body);
    default:
      return client.ctx.fetch(url, { method, data: body, headers: { "XSRF-Token": await client.xsrf() } });
  }
}

/** A row's fixture, or a loud failure naming what to add. */
function fixtureOf(operation: Operation): Fixture {
  const fixture = operation.fixture?.matrix;
  if (!fixture) throw new Error(`${operationKey(operation)} is declared in lib/contract/<resource>/ without fixture.matrix: say how to call it`);
  return fixture;
}

test.describe("authorization matrix", () => {
  // The world most rows share, built once per worker (a failed test restarts the worker, and so rebuilds it).
  let shared: World;
  test.beforeAll(async ({ baseURL }) => {
    shared = await buildWorld(baseURL!);
  });

  test("covers every declared operation, each a route on disk, and only those", () => {
    expect(discoverApiRoutes(), "routes on disk and declarations differ (lib/contract/openapi.test.ts names which)").toEqual(OPERATIONS.map(routeKey).sort());
    expect(OPERATIONS.filter((operation) => !operation.fixture?.matrix).map(operationKey), "declared operations without fixture.matrix").toEqual([]);
    for (const operation of OPERATIONS) {
      const key = operationKey(operation);
      const fixture = fixtureOf(operation);
      const kind = operation.access.kind;
      if (fixture.private) expect(["signedIn", "member"], `${key}: private is for signedIn and member operations`).toContain(kind);
      if (fixture.customer !== undefined) expect(kind, `${key}: customer is for group rows`).toBe("groupToken");
    }
  });

  for (const operation of OPERATIONS) {
    const key = operationKey(operation);
    test(key, async ({ baseURL }) => {
      const fixture = fixtureOf(operation);
      const expected = expectedOf(operation, fixture);
      const world = fixture.fresh ? await buildWorld(baseURL!, ownWorldOf(operation, expected, shared)) : shared;
      const clients = world.callers;
      const request = await requestOf(operation, world);
      const secrets = [world.owner.email, world.reviewText, '"totalCost"', '"wallet"', '"transactions"', '"orders"'];
      // Before any caller: the record's owner without the anti-forgery header, and from another site.
      const problems: string[] = await forgeryProblems(operation, world, request);
      // The record's owner goes last: their call may delete or change the record.
      for (const caller of CALLERS) {
        if (expected[caller] === undefined) continue;
        // A team member let through a change makes it on records of their own (a new order, promotion, dish).
        const own =
          (caller === "manager" || caller === "staff" || caller === "kitchenDevice" || isKeyCaller(caller)) && operation.method !== "GET" && expected[caller]! < 400;
        const client = clients[caller] ?? fail(`${key}: the world has no ${caller} (ownWorldOf)`);
        const response = await send(client, operation, own ? await requestOf(operation, world) : request, caller);
        const text = await response.text();
        if (response.status() !== expected[caller]) problems.push(`${caller}: expected ${expected[caller]}, got ${response.status()} ${text.slice(0, 200)}`);
        if ([401, 403, 404].includes(response.status())) {
          const leaked = secrets.filter((secret) => text.includes(secret));
          if (leaked.length) problems.push(`${caller}: ${response.status()} leaks ${leaked.join(", ")}`);
        }
      }
      expect(problems, `${key} ${urlFor(request, "recordOwner")}`).toEqual([]);
    });
  }

  test("guests are refused their own wallet top-up, profile and picture", async ({ api: guest }) => {
    const { id } = await json(await guest.post("/api/auth/guest"), 201, "guest");
    expect((await guest.put(`/api/users/wallet/${id}`, { amount: 5 })).status()).toBe(403);
    expect((await guest.put(`/api/users/${id}`, { firstName: "Gus" })).status()).toBe(403);
    const upload = OPERATIONS_BY_KEY.get("PUT /api/users/pfp/{id}")!;
    expect((await send(guest, upload, { url: `/api/users/pfp/${id}` }, "guest")).status()).toBe(403);
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
      // A line's `price` is refused outright (400, e2e/menu/dish-options.api.spec.ts); other price fields are ignored.
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
