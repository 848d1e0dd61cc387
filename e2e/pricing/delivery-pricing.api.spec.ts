import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { makeOperator, northOf, placeCustomer, placeRestaurant } from "../support/couriers";
import { signUpOwner } from "../support/owner";
import { startServer, type Server } from "../support/server";

// Delivery pricing a market sets (docs/architecture/money-and-orders.md "Delivery pricing") over
// HTTP. Distance pricing changes every delivery's fee, so this file runs a server of its own
// (E2E_PORT+14), as e2e/checkout/open-orders.api.spec.ts does: the shared servers keep the spec's
// flat $6.49. With distance pricing on, the quote, the placed order, the receipt and the
// restaurant page agree at three distances; a bad rule is a 400 naming each field and changes
// nothing; only operators set it; a restaurant's minimum is a 422 naming `subtotal`, set only by
// its owner or a manager. A second market's rule (?market=, in its currency) prices its restaurants only.

// Its two tests share the server: one worker runs them in order (the config runs a file's tests in parallel).
test.describe.configure({ mode: "default" });

const PORT = Number(process.env.E2E_PORT ?? 3111) + 14;
let server: Server;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ port: PORT, dataDir: "data/e2e-delivery-pricing", args: [], env: { DATABASE_URL: "", NEXT_TELEMETRY_DISABLED: "1" } });
});

test.afterAll(async () => {
  await server?.stop();
});

const RULE = {
  mode: "distance",
  flatFee: 5.99,
  baseFee: 2.99,
  perKm: 0.75,
  bands: [
    { upToKm: 2, fee: 1.99 },
    { upToKm: 5, fee: 3.99 },
  ],
  smallOrderFee: 0,
  smallOrderUnder: 0,
  serviceFeePercent: 10,
};
const submit = { deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" };
const cart = (restaurantId: number, itemId: number, quantity: number) => ({ restaurant_id: restaurantId, items: [{ menu_item_id: itemId, quantity }], submit });
const html = async (client: Client, path: string) => (await (await client.get(path)).text()).replace(/<!-- -->/g, "");

test("an operator sets distance pricing: bad fields are a 400 each and change nothing; the quote, the order, the receipt and the restaurant page agree at three distances", async () => {
  test.setTimeout(120_000);
  const nia = await signUpCustomer(server.url);
  await makeOperator(nia.user.id, server.dbFile);
  const before = await (await nia.client.get("/api/admin/delivery-pricing")).json();
  expect(before).toMatchObject({ mode: "flat", flatFee: 6.49, serviceFeePercent: 10, spec: true });
  // The spec's rule: the about page's sentence as it always read.
  expect(await html(nia.client, "/about")).toContain(
    "Delivery costs $6.49 on every order, +$1.49 for priority; tax and fees are 10% of the subtotal, and the tip is yours to choose.",
  );

  const bad = await nia.client.put("/api/admin/delivery-pricing", { ...RULE, flatFee: -1, perKm: "lots", serviceFeePercent: 50 });
  expect(bad.status()).toBe(400);
  expect(Object.keys((await bad.json()).errors).sort()).toEqual(["flatFee", "perKm", "serviceFeePercent"]);
  // The rules across fields once each field is right: the bands' order, a small-order fee without its minimum.
  const crossed = await nia.client.put("/api/admin/delivery-pricing", {
    ...RULE,
    bands: [
      { upToKm: 3, fee: 2 },
      { upToKm: 1, fee: 1 },
    ],
    smallOrderFee: 2,
  });
  expect(crossed.status()).toBe(400);
  expect((await crossed.json()).errors).toEqual({
    "bands.1.upToKm": "upToKm must be more than 0 and at most 100 km, one decimal at most, each band farther than the one before",
    smallOrderUnder: "smallOrderUnder must be more than $0 when there is a small-order fee",
  });
  expect(await (await nia.client.get("/api/admin/delivery-pricing")).json()).toEqual(before);

  const { client: customer } = await signUpCustomer(server.url);
  expect((await customer.put("/api/admin/delivery-pricing", RULE)).status()).toBe(403);
  expect((await customer.get("/api/admin/delivery-pricing")).status()).toBe(403);

  const saved = await nia.client.put("/api/admin/delivery-pricing", { ...RULE, reason: "Distance pricing for the launch" });
  expect(saved.status()).toBe(200);
  expect(await saved.json()).toMatchObject({ ...RULE, spec: false, updatedBy: { id: nia.user.id } });
  const audit = await (await nia.client.get("/api/admin/audit?targetType=delivery-pricing&targetId=1")).json();
  expect(audit.items[0]).toMatchObject({ action: "delivery-pricing.set", reason: "Distance pricing for the launch" });

  const shop = await signUpOwner(server.url);
  const home = { lat: 64.8, lng: -147.7 };
  await placeRestaurant(shop.restaurant.id, home, server.dbFile);
  // The restaurant page states the rule it charges by (not the spec's "on $15+": no rule here makes it true).
  const page = await html(customer, `/restaurants/${shop.restaurant.id}`);
  expect(page).toContain("$1.99 up to 2 km, $3.99 up to 5 km, then $2.99 + $0.75/km delivery fee");
  expect(page).not.toContain("on $15+");
  // The home cards and the about page state the market's rule too: its lowest fee, the whole rule.
  const homeCards = await html(customer, "/home");
  expect(homeCards).toContain("from $1.99 delivery fee");
  expect(homeCards).not.toContain("$6.49 delivery fee");
  expect(await html(customer, `/search?q=${encodeURIComponent(shop.restaurant.name)}`)).toContain("from $1.99 delivery fee");
  expect(await html(customer, "/about")).toContain(
    "Delivery costs $1.99 up to 2 km, $3.99 up to 5 km, then $2.99 + $0.75/km by the distance from the restaurant, +$1.49 for priority; tax and fees are 10% of the subtotal",
  );

  const fees: number[] = [];
  for (const [km, fee] of [
    [1, 1.99],
    [3.5, 3.99],
    [6.5, 7.87], // 2.99 + 0.75 x 6.5
  ] as const) {
    const { client, user } = await signUpCustomer(server.url);
    await placeCustomer(user.id, northOf(home, km), server.dbFile);
    const body = cart(shop.restaurant.id, shop.item.id, 2);
    const quote = await client.post("/api/orders/quote", body);
    expect(quote.status()).toBe(200);
    const quoted = await quote.json();
    const placed = await client.post("/api/orders", body);
    expect(placed.status()).toBe(201);
    const order = await placed.json();
    expect(quoted).toMatchObject({ deliveryFee: fee, deliveryKm: km, total: order.totalCost });
    expect(order).toMatchObject({ deliveryFee: fee, deliveryKm: km, smallOrderFee: 0, freeDelivery: 0 });
    const receipt = await html(client, `/orders/${order.id}/receipt`);
    expect(receipt).toContain(`Delivery fee (${km} km)`);
    expect(receipt).toContain(`$${fee.toFixed(2)}`);
    expect(receipt).toContain(`$${order.totalCost.toFixed(2)}`);
    fees.push(fee);
  }
  expect(new Set(fees).size).toBe(3);
});

test("a restaurant's minimum order: a 422 naming subtotal, nothing placed; free delivery over an amount; only its owner or a manager sets them", async () => {
  const shop = await signUpOwner(server.url);
  const { client: stranger } = await signUpOwner(server.url);
  expect((await stranger.put(`/api/manage/${shop.restaurant.id}/pricing`, { minOrder: 1 })).status()).toBe(404);
  const bad = await shop.client.put(`/api/manage/${shop.restaurant.id}/pricing`, { minOrder: -5, freeDeliveryOver: "free" });
  expect(bad.status()).toBe(400);
  expect(Object.keys((await bad.json()).errors).sort()).toEqual(["freeDeliveryOver", "minOrder"]);
  const price = shop.item.price;
  const minOrder = Math.round(price * 3 * 100) / 100;
  const set = await shop.client.put(`/api/manage/${shop.restaurant.id}/pricing`, { minOrder, freeDeliveryOver: minOrder });
  expect(await set.json()).toEqual({ minOrder, freeDeliveryOver: minOrder });
  expect((await (await shop.client.get(`/api/restaurants/${shop.restaurant.id}`)).json()).restaurant).toMatchObject({ minOrder, freeDeliveryOver: minOrder });

  const { client } = await signUpCustomer(server.url);
  const orders = async () => (await (await client.get("/api/orders")).json()).orders.length;
  const below = await client.post("/api/orders", cart(shop.restaurant.id, shop.item.id, 1));
  expect(below.status()).toBe(422);
  const refusal = await below.json();
  expect(refusal.errors.subtotal).toMatch(/minimum order is \$[\d.]+ \(items before fees\): add \$[\d.]+ more/);
  expect((await client.post("/api/orders/quote", cart(shop.restaurant.id, shop.item.id, 1))).status()).toBe(422);
  expect(await orders()).toBe(0);
  const free = await (await client.post("/api/orders", cart(shop.restaurant.id, shop.item.id, 3))).json();
  expect(free).toMatchObject({ freeDelivery: free.deliveryFee, discount: 0 });
  expect(free.deliveryFee).toBeGreaterThan(0);
  const page = await html(client, `/restaurants/${shop.restaurant.id}`);
  expect(page).toContain(`Free delivery on $${minOrder % 1 ? minOrder.toFixed(2) : minOrder}+`);
});

test("a market in MXN has its own rule (?market=): the spec's until set, in pesos after, its restaurants' alone", async () => {
  const nia = await signUpCustomer(server.url);
  await makeOperator(nia.user.id, server.dbFile);
  const opened = await nia.client.post("/api/admin/markets", {
    code: `cdmx-${Date.now().toString(36)}`,
    name: "Ciudad de México",
    currency: "MXN",
    timeZone: "America/Mexico_City",
  });
  const { market } = await opened.json();
  const usRule = await (await nia.client.get("/api/admin/delivery-pricing")).json();
  expect(await (await nia.client.get(`/api/admin/delivery-pricing?market=${market.id}`)).json()).toMatchObject({
    market: market.id,
    currency: "MXN",
    spec: true,
    flatFee: 6.49,
  });
  expect((await nia.client.get("/api/admin/delivery-pricing?market=99999")).status()).toBe(404);
  expect((await nia.client.get("/api/admin/delivery-pricing?market=abc")).status()).toBe(400);

  const pesos = { ...RULE, mode: "flat", flatFee: 120, bands: [], serviceFeePercent: 5 };
  // 120 is past the dollar bound: refused for the default market, nothing changed there.
  expect((await nia.client.put("/api/admin/delivery-pricing", pesos)).status()).toBe(400);
  const saved = await nia.client.put(`/api/admin/delivery-pricing?market=${market.id}`, { ...pesos, flatFee: 120.001 });
  expect(saved.status()).toBe(400);
  expect(Object.keys((await saved.json()).errors)).toEqual(["flatFee"]);
  const set = await nia.client.put(`/api/admin/delivery-pricing?market=${market.id}`, pesos);
  expect(set.status()).toBe(200);
  expect(await set.json()).toMatchObject({ market: market.id, currency: "MXN", flatFee: 120, serviceFeePercent: 5, spec: false, updatedBy: { id: nia.user.id } });
  expect(await (await nia.client.get("/api/admin/delivery-pricing")).json()).toEqual(usRule);

  const taqueria = await signUpOwner(server.url);
  expect((await nia.client.put(`/api/admin/restaurants/${taqueria.restaurant.id}/market`, { marketId: market.id })).status()).toBe(200);
  const { client } = await signUpCustomer(server.url);
  const body = { ...cart(taqueria.restaurant.id, taqueria.item.id, 2), submit: { ...submit, paymentMethod: "card", currency: "MXN" } };
  const quote = await client.post("/api/orders/quote", body);
  expect(quote.status()).toBe(200);
  const subtotal = Math.round(taqueria.item.price * 2 * 100) / 100;
  const quoted = await quote.json();
  expect(quoted).toMatchObject({ deliveryFee: 120 });
  expect(quoted.serviceFee).toBeCloseTo(subtotal * 0.05, 2);
  // Its page states its market's rule in pesos.
  const page = await html(client, `/restaurants/${taqueria.restaurant.id}`);
  expect(page).toContain("MX$120.00 delivery fee");
  expect(page).not.toContain("$6.49 delivery fee");
});
