import { expect, test } from "../fixtures";
import { plantClosedDispute } from "../support/disputes";
import { signUpCustomer, type Client } from "../support/api";
import { OPERATIONS, operationKey, routeKey, type Operation } from "@/lib/contract/operations";
import { fill, urlOf } from "../support/fixture";
import { discoverApiRoutes } from "../support/matrix";
import { makeCourier, makeOperator, plantCourierDocument, plantJob, plantThumbsDown } from "../support/couriers";
import { suspendCourier } from "../support/courier-record";
import { placeOrder } from "../support/orders";
import { createItem, createRestaurant, signUpOwner } from "../support/owner";

// Every list endpoint is paginated: each GET operation declares (lib/contract/<resource>/,
// `paging`) whether it is a list honouring ?limit= and ?offset= or not a list of that kind, and
// why; every declared list is paged through here, so a list cannot be added unpaginated without
// saying so in the contract. Each list's declaration says who reads it and where (`fixture.list`,
// in words of this file's WORLD); a declared list without one fails. Each list is first read with ?limit=100 to prove the fixture
// holds at least 2 rows (so an endpoint that ignored the limit would answer 2 or more); then
// ?limit=1 must answer exactly 1 row and ?limit=1&offset=1 another one.

type World = {
  owner: Awaited<ReturnType<typeof signUpOwner>>;
  customer: Client;
  customerId: number;
  orderIds: number[];
  operator: Client;
  /** An order of the customer's carried by the owner as a courier, with two messages: its job. */
  messaged: { orderId: number; jobId: number };
  webhookEndpointId: number;
};

/** The declared paged lists (GET, `paging: "limit-offset"`), by operation key. */
const PAGED = OPERATIONS.filter((operation) => operation.paging === "limit-offset");

const owner = (w: World) => w.owner.client;
const customer = (w: World) => w.customer;
const anyone = () => null;
const operator = (w: World) => w.operator;

/** Who reads a list, by the declaration's `fixture.list.as`. */
const READERS: Record<NonNullable<Operation["fixture"]["list"]>["as"], (w: World) => Client | null> = { owner, customer, anyone, operator };
/** The world's values the declarations' list fixtures name ("$restaurant"). */
const WORLD: Record<string, (w: World) => unknown> = {
  restaurant: (w) => w.owner.restaurant.id,
  customer: (w) => w.customerId,
  messagedOrder: (w) => w.messaged.orderId,
  messagedJob: (w) => w.messaged.jobId,
  webhookEndpoint: (w) => w.webhookEndpointId,
};
/** A declared list's reader and URL, from its declaration's `fixture.list`. */
async function listOf(operation: Operation, w: World): Promise<{ client: Client | null; url: string }> {
  const list = operation.fixture.list!;
  const value = (name: string) => {
    if (!WORLD[name]) throw new Error(`${operationKey(operation)}: its fixture.list names "$${name}", which this file's WORLD does not make`);
    return WORLD[name](w);
  };
  const params = (await fill(list.path ?? {}, value)) as Record<string, unknown>;
  return { client: READERS[list.as](w), url: urlOf(operation.path, params, (await fill(list.query ?? {}, value)) as Record<string, unknown>) };
}

/** The list in an answer: the body itself or its one array-valued field. */
function rowsOf(body: unknown): { id: number }[] {
  if (Array.isArray(body)) return body;
  const arrays = Object.values(body as Record<string, unknown>).filter(Array.isArray);
  expect(arrays, `one list in ${JSON.stringify(body).slice(0, 200)}`).toHaveLength(1);
  return arrays[0] as { id: number }[];
}

const withPage = (url: string, page: string) => `${url}${url.includes("?") ? "&" : "?"}${page}`;

test("every GET route on disk is declared a paged list or not, and every declared list has a fixture", () => {
  const gets = discoverApiRoutes().filter((key) => key.startsWith("GET "));
  const declared = OPERATIONS.filter((operation) => operation.method === "GET");
  expect(gets, "GET routes on disk and declarations differ (lib/contract/openapi.test.ts names which)").toEqual(declared.map(routeKey).sort());
  expect(declared.filter((operation) => !operation.paging).map(operationKey), 'GET operations declaring neither paging: "limit-offset" nor { unpaged: why }').toEqual([]);
  expect(
    OPERATIONS.filter((operation) => operation.paging === "limit-offset" && !operation.fixture.list).map(operationKey),
    "declared paged lists without fixture.list",
  ).toEqual([]);
  expect(
    OPERATIONS.filter((operation) => operation.paging !== "limit-offset" && operation.fixture.list).map(operationKey),
    "fixture.list on an operation that is not a paged list",
  ).toEqual([]);
});

test.describe("every list endpoint honours ?limit= and ?offset=", () => {
  test.describe.configure({ mode: "serial" });
  let world: World;

  test.beforeAll(async ({ baseURL }) => {
    // An owner with two restaurants and two dishes; a customer with two submitted wallet orders
    // there (two incoming orders, three ledger rows), two reviews, two favourite dishes and two favourite restaurants.
    const shop = await signUpOwner(baseURL!);
    const otherRestaurant = await createRestaurant(shop.client);
    const second = await createItem(shop.client, shop.restaurant.id);
    const { client, user } = await signUpCustomer(baseURL!);
    const orderIds: number[] = [];
    for (const item of [shop.item, second]) {
      const { id } = await placeOrder(client, { restaurantId: shop.restaurant.id, itemId: item.id });
      const body = { restaurant_id: shop.restaurant.id, order_id: id, review: "Good and hot.", order_rating: 5, restaurant_rating: 4 };
      expect((await client.post("/api/reviews/", body)).status()).toBe(201);
      expect((await client.post(`/api/menu-items/${item.id}/like`)).status()).toBe(200);
      orderIds.push(id);
    }
    // Two favourite restaurants.
    for (const id of [shop.restaurant.id, otherRestaurant.id]) expect((await client.put(`/api/restaurants/${id}/favorite`)).status()).toBe(200);
    // An operator who set the restaurant's commission twice (two audit entries).
    const nia = await signUpCustomer(baseURL!);
    await makeOperator(nia.user.id);
    for (const percent of [10, 12]) {
      const set = await nia.client.post(`/api/admin/restaurants/${shop.restaurant.id}`, {
        action: "commission",
        commissionPercent: percent,
        reason: "Pagination fixture",
      });
      expect(set.status()).toBe(200);
    }
    // Two sales tax rates (the operators' list of them), of a state no restaurant is in (other specs' totals stay theirs).
    for (const rate of [6, 6.5]) {
      expect((await nia.client.post("/api/admin/tax-rates", { state: "ZP", rate, effectiveOn: "2026-01-01" })).status()).toBe(201);
    }
    // Two failed deliveries (the operators' list of deliveries), of two more orders (a canceled order's review leaves the
    // reviews' lists): the owner, made a courier, carries both and fails them.
    await makeCourier(shop.user.id);
    for (let i = 0; i < 2; i++) {
      const { id: orderId } = await placeOrder(client, { restaurantId: shop.restaurant.id, itemId: shop.item.id });
      const job = await plantJob(orderId, shop.user.id, "picked_up");
      expect((await shop.client.post(`/api/courier/jobs/${job}/failed`, { reason: "other", note: "Pagination fixture" })).status()).toBe(200);
    }
    // Two thumbs down on two couriers (the operators' courier-rating lists), on the customer's two orders.
    await plantThumbsDown(orderIds[0]!, shop.user.id);
    await plantThumbsDown(orderIds[1]!, nia.user.id);
    // Two messages (the thread, read by the customer and by the owner as its courier) on a third order the owner carries.
    const { id: messagedOrder } = await placeOrder(client, { restaurantId: shop.restaurant.id, itemId: shop.item.id });
    const messagedJob = await plantJob(messagedOrder, shop.user.id, "assigned");
    expect((await client.post(`/api/orders/${messagedOrder}/messages`, { body: "Ring twice" })).status()).toBe(201);
    expect((await shop.client.post(`/api/courier/jobs/${messagedJob}/messages`, { body: "On my way" })).status()).toBe(201);
    // Two gift cards the customer sent in one purchase (theirs, and the operators' list of every card).
    const gifts = {
      recipients: [
        { email: "paged-a@example.com", amount: 10 },
        { email: "paged-b@example.com", amount: 10 },
      ],
    };
    expect((await client.post("/api/gift-cards", gifts)).status()).toBe(201);
    // Two promotions (the owner's paged list of them).
    for (const code of ["PAGED1", "PAGED2"]) {
      expect((await shop.client.post(`/api/manage/${shop.restaurant.id}/promotions`, { code, kind: "percent", value: 5 })).status()).toBe(201);
    }
    // Two suspended couriers' appeals (the operators' appeal queue).
    for (let i = 0; i < 2; i++) {
      const rider = await signUpCustomer(baseURL!);
      await suspendCourier(rider.user.id);
      expect((await rider.client.post("/api/courier/appeals", { note: "Pagination fixture appeal" })).status()).toBe(201);
      await rider.client.dispose();
    }
    // Two refused courier documents (the operators' review queue, ?status=rejected).
    for (let i = 0; i < 2; i++) await plantCourierDocument(user.id, "rejected");
    // Two closed disputes (the operators' disputes queue, ?status=closed).
    for (let i = 0; i < 2; i++) await plantClosedDispute();
    // Two messages of a webhook endpoint (its delivery log), to a closed local port.
    const hook = await shop.client.post(`/api/manage/${shop.restaurant.id}/webhooks`, { url: "http://127.0.0.1:9/paged", events: ["order.placed"] });
    expect(hook.status()).toBe(201);
    const webhookEndpointId = (await hook.json()).endpoint.id as number;
    for (let i = 0; i < 2; i++) expect((await shop.client.post(`/api/manage/${shop.restaurant.id}/webhooks/${webhookEndpointId}/test`)).status()).toBe(201);
    world = {
      owner: shop,
      customer: client,
      customerId: user.id,
      orderIds,
      operator: nia.client,
      messaged: { orderId: messagedOrder, jobId: messagedJob },
      webhookEndpointId,
    };
  });

  test.afterAll(async () => {
    await world?.customer.dispose();
    await world?.owner.client.dispose();
    await world?.operator.dispose();
  });

  for (const operation of PAGED) {
    test(operationKey(operation), async ({ request }) => {
      const { client, url } = await listOf(operation, world);
      const get = (path: string) => (client ? client.get(path) : request.get(path));

      const all = await get(withPage(url, "limit=100"));
      expect(all.status()).toBe(200);
      expect(rowsOf(await all.json()).length, "the fixture must hold 2+ rows").toBeGreaterThanOrEqual(2);

      const first = await get(withPage(url, "limit=1"));
      expect(first.status()).toBe(200);
      const firstRows = rowsOf(await first.json());
      expect(firstRows).toHaveLength(1);

      const next = rowsOf(await (await get(withPage(url, "limit=1&offset=1"))).json());
      expect(next).toHaveLength(1);
      expect(next[0]!.id).not.toBe(firstRows[0]!.id);

      // Out-of-range paging is a 400 with the field named, like the other query errors.
      const bad = await get(withPage(url, "limit=0"));
      expect(bad.status()).toBe(400);
    });
  }
});
