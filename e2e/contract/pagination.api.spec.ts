import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { OPERATIONS, operationKey, routeKey } from "@/lib/contract/operations";
import { discoverApiRoutes } from "../support/matrix";
import { makeCourier, makeOperator, plantJob } from "../support/couriers";
import { placeOrder } from "../support/orders";
import { createItem, createRestaurant, signUpOwner } from "../support/owner";

// Every list endpoint is paginated: each GET operation declares (lib/contract/operations/,
// `paging`) whether it is a list honouring ?limit= and ?offset= or not a list of that kind, and
// why; every declared list is paged through here, so a list cannot be added unpaginated without
// saying so in the contract. Each list needs a fixture below (who reads it, at which URL); a
// declared list without one fails. Each list is first read with ?limit=100 to prove the fixture
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
};
type List = { client: (w: World) => Client | null; url: (w: World) => string };

/** The declared paged lists (GET, `paging: "limit-offset"`), by operation key. */
const PAGED = OPERATIONS.filter((operation) => operation.paging === "limit-offset").map(operationKey);

const owner = (w: World) => w.owner.client;
const customer = (w: World) => w.customer;
const anyone = () => null;
const operator = (w: World) => w.operator;

const LISTS: Record<string, List> = {
  "GET /api/restaurants": { client: anyone, url: () => "/api/restaurants/" },
  "GET /api/menu-items": { client: anyone, url: (w) => `/api/menu-items?restaurantId=${w.owner.restaurant.id}` },
  "GET /api/favorites": { client: customer, url: () => "/api/favorites" },
  "GET /api/orders": { client: customer, url: () => "/api/orders/" },
  "GET /api/notifications": { client: customer, url: () => "/api/notifications" }, // a receipt per order
  "GET /api/reviews/user": { client: customer, url: () => "/api/reviews/user" },
  "GET /api/users/wallet/{id}/transactions": { client: customer, url: (w) => `/api/users/wallet/${w.customerId}/transactions` },
  "GET /api/reviews/restaurant/{id}": { client: anyone, url: (w) => `/api/reviews/restaurant/${w.owner.restaurant.id}` },
  "GET /api/manage": { client: owner, url: () => "/api/manage/" },
  "GET /api/restaurants/current": { client: owner, url: () => "/api/restaurants/current" },
  "GET /api/manage/{id}/menu": { client: owner, url: (w) => `/api/manage/${w.owner.restaurant.id}/menu` },
  "GET /api/manage/{id}/orders": { client: owner, url: (w) => `/api/manage/${w.owner.restaurant.id}/orders` },
  "GET /api/manage/{id}/promotions": { client: owner, url: (w) => `/api/manage/${w.owner.restaurant.id}/promotions` },
  // The operator console (docs/architecture/operator.md).
  // Messages between a customer and a courier (docs/architecture/couriers.md "Messages").
  "GET /api/orders/{id}/messages": { client: customer, url: (w) => `/api/orders/${w.messaged.orderId}/messages` },
  "GET /api/courier/jobs/{id}/messages": { client: owner, url: (w) => `/api/courier/jobs/${w.messaged.jobId}/messages` },
  "GET /api/admin/orders": { client: operator, url: () => "/api/admin/orders?stage=placed" },
  "GET /api/admin/restaurants": { client: operator, url: () => "/api/admin/restaurants" },
  "GET /api/admin/reviews": { client: operator, url: () => "/api/admin/reviews" },
  "GET /api/admin/couriers": { client: operator, url: () => "/api/admin/couriers" },
  "GET /api/admin/deliveries": { client: operator, url: () => "/api/admin/deliveries?status=failed" },
  // Two demo users (Marcus Chen, Sofia Marchetti): the whole list moves while other workers sign up.
  "GET /api/admin/users": { client: operator, url: () => "/api/admin/users?q=mar" },
  "GET /api/admin/audit": { client: operator, url: (w) => `/api/admin/audit?targetType=restaurant&targetId=${w.owner.restaurant.id}` },
  // Two rates of a state no restaurant is in (the fixture's: other specs' totals stay the spec's).
  "GET /api/admin/tax-rates": { client: operator, url: () => "/api/admin/tax-rates?state=ZP" },
};

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
    PAGED.filter((key) => !LISTS[key]),
    "declared paged lists without a fixture here",
  ).toEqual([]);
  expect(
    Object.keys(LISTS).filter((key) => !PAGED.includes(key)),
    "fixtures of no declared paged list",
  ).toEqual([]);
});

test.describe("every list endpoint honours ?limit= and ?offset=", () => {
  test.describe.configure({ mode: "serial" });
  let world: World;

  test.beforeAll(async ({ baseURL }) => {
    // An owner with two restaurants and two dishes; a customer with two submitted wallet orders
    // there (two incoming orders, three ledger rows), two reviews and two favourites.
    const shop = await signUpOwner(baseURL!);
    await createRestaurant(shop.client);
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
    // Two sales tax rates (the operators' list of them), of a state no restaurant is in.
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
    // Two messages (the thread, read by the customer and by the owner as its courier) on a third order the owner carries.
    const { id: messagedOrder } = await placeOrder(client, { restaurantId: shop.restaurant.id, itemId: shop.item.id });
    const messagedJob = await plantJob(messagedOrder, shop.user.id, "assigned");
    expect((await client.post(`/api/orders/${messagedOrder}/messages`, { body: "Ring twice" })).status()).toBe(201);
    expect((await shop.client.post(`/api/courier/jobs/${messagedJob}/messages`, { body: "On my way" })).status()).toBe(201);
    // Two promotions (the owner's paged list of them).
    for (const code of ["PAGED1", "PAGED2"]) {
      expect((await shop.client.post(`/api/manage/${shop.restaurant.id}/promotions`, { code, kind: "percent", value: 5 })).status()).toBe(201);
    }
    world = { owner: shop, customer: client, customerId: user.id, orderIds, operator: nia.client, messaged: { orderId: messagedOrder, jobId: messagedJob } };
  });

  test.afterAll(async () => {
    await world?.customer.dispose();
    await world?.owner.client.dispose();
    await world?.operator.dispose();
  });

  for (const key of PAGED) {
    test(key, async ({ request }) => {
      const list = LISTS[key];
      if (!list) throw new Error(`${key} is declared a paged list (lib/contract/operations/) but has no fixture in LISTS: say who reads it and where`);
      const client = list.client(world);
      const get = (url: string) => (client ? client.get(url) : request.get(url));
      const url = list.url(world);

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
