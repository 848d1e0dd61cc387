import { expect, test } from "../fixtures";
import { OPEN_ORDER_LIMITS } from "@/lib/shared/constants";
import { signUpCustomer } from "../support/api";
import { acceptOrder, createOrder, ledgerSumCents, menuOf, orderBody, placeOrder, standardCard, standardWallet, submitOrder, walletOf } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { startServer, type Server } from "../support/server";

// The open-order limits (lib/server/orders/open-orders.ts, OPEN_ORDER_LIMITS): orders one account
// may have waiting for restaurants to accept them. The shared test servers turn them off (their
// journeys place many orders from one customer, and the authorization matrix's one owner places
// one for each of its rows), so this file starts a server of its own with the defaults, as
// e2e/auth/login-limits.api.spec.ts does for the sign-in limits.

const PORT = Number(process.env.E2E_PORT ?? 3111) + 8;
const cents = (dollars: number) => Math.round(dollars * 100);
let server: Server;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({
    port: PORT,
    dataDir: "data/e2e-open-orders",
    args: [],
    env: {
      DATABASE_URL: "",
      NEXT_TELEMETRY_DISABLED: "1",
      MAX_OPEN_ORDERS: String(OPEN_ORDER_LIMITS.perAccount),
      MAX_OPEN_ORDERS_PER_RESTAURANT: String(OPEN_ORDER_LIMITS.perRestaurant),
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test("open orders: the 4th waiting at one restaurant and the 6th in all are a 429 with Retry-After, card or wallet, that places and charges nothing", async () => {
  const shop = await signUpOwner(server.url);
  const { client, user } = await signUpCustomer(server.url);
  const { perAccount, perRestaurant } = OPEN_ORDER_LIMITS;
  const cart = { restaurantId: shop.restaurant.id, itemId: shop.item.id };
  for (let i = 0; i < perRestaurant; i++) await placeOrder(client, { ...cart, submit: i % 2 ? standardCard : standardWallet });
  const wallet = await walletOf(client);
  const next = await createOrder(client, cart);
  const refused = await client.put(`/api/orders/${next.id}/submit`, standardWallet);
  expect(refused.status()).toBe(429);
  expect(refused.headers()["retry-after"]).toBe("60");
  expect(await refused.json()).toEqual({
    message: `You already have ${perRestaurant} orders waiting for ${shop.restaurant.name} to accept them. Place this one once one of them is accepted or canceled.`,
  });
  const oneCall = await client.post("/api/orders/", { ...orderBody(shop.restaurant.id, shop.item.id), submit: standardCard });
  expect(oneCall.status()).toBe(429);
  expect((await (await client.get(`/api/orders/${next.id}`)).json()).status).toBe("Active");
  expect(await walletOf(client)).toBe(wallet);
  // Other restaurants take the account's orders up to its limit in all.
  for (let i = perRestaurant; i < perAccount; i++) await placeOrder(client, { restaurantId: 3 + (i % 2), submit: standardCard });
  const beyond = await client.post("/api/orders/", { ...orderBody(3, (await menuOf(client, 3))[0]!.id), submit: standardWallet });
  expect(beyond.status()).toBe(429);
  expect((await beyond.json()).message).toBe(
    `You already have ${perAccount} orders waiting for a restaurant to accept them. Place this one once one of them is accepted or canceled.`,
  );
  const { orders } = await (await client.get("/api/orders/?limit=100")).json();
  expect(orders.map((o: { status: string }) => o.status).sort()).toEqual(["Active", ...Array(perAccount).fill("Submitted")]);
  expect(await ledgerSumCents(client, user.id)).toBe(cents(await walletOf(client)));
  // Once the restaurant accepts one, the waiting order goes through.
  const [first] = (orders as { id: number; restaurantId: number; status: string }[]).filter((o) => o.restaurantId === shop.restaurant.id && o.status === "Submitted");
  await acceptOrder(shop.client, shop.restaurant.id, first!.id);
  expect((await submitOrder(client, next.id, standardCard)).status).toBe("Submitted");
});
