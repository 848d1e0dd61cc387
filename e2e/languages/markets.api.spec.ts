import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { signUpOperator } from "../support/operator";
import { signUpOwner } from "../support/owner";
import { createOrder, submitOrder } from "../support/orders";
import { write } from "../support/couriers";

// A second market in another currency over HTTP on the production build (docs/architecture/languages.md
// "Markets and currencies"): an operator opens Mexico City in MXN and moves a new restaurant into
// it; an order there is in MXN (a checkout naming USD is a 400 on `currency`), paid by card and
// completed; the market's own report counts it in MXN, and only operators reach the markets API.
// A restaurant in a market in CAD and miles reads its distances in miles (English and Spanish) and
// its owner's payouts, statement and insights in CAD. A wallet holding MXN lists each currency's
// statement apart (?currency=), each row naming its currency. In a market in JPY (no minor digits)
// a dish priced 1500 is 1500 yen in and out of the API (a restaurant's fee and minimum too), and a
// price with decimals is a 400 on `price`.

const pickupCard = { deliveryOption: "pickup", tipPercent: 15, paymentMethod: "card" } as const;

/** MXN credit in the user's wallet as post() writes it (no HTTP route issues credit in another currency): one balanced entry from promotions:MXN, its statement row. */
async function plantMxnCredit(userId: number, cents: number) {
  await write(async (query) => {
    const now = new Date();
    const [entry] = await query(`INSERT INTO "LedgerEntry" ("kind", "createdAt", "currency") VALUES ('topup', ?, 'MXN') RETURNING "id"`, [now]);
    const upsert = `INSERT INTO "LedgerAccount" ("id", "kind", "balanceCents", "updatedAt", "currency") VALUES (?, ?, ?, ?, 'MXN')
      ON CONFLICT ("id") DO UPDATE SET "balanceCents" = "LedgerAccount"."balanceCents" + excluded."balanceCents"`;
    await query(upsert, [`wallet:${userId}:MXN`, "wallet", cents, now]);
    await query(upsert, ["promotions:MXN", "promotions", -cents, now]);
    await query(`INSERT INTO "LedgerLine" ("entryId", "account", "amountCents") VALUES (?, ?, ?), (?, 'promotions:MXN', ?)`, [
      entry!.id,
      `wallet:${userId}:MXN`,
      cents,
      entry!.id,
      -cents,
    ]);
    await query(
      `INSERT INTO "WalletTransaction" ("userId", "kind", "amountCents", "balanceAfterCents", "createdAt", "entryId", "currency") VALUES (?, 'topup', ?, ?, ?, ?, 'MXN')`,
      [userId, cents, cents, now, entry!.id],
    );
  });
}

test.describe("markets", () => {
  test("an order in a market opened in MXN is priced, paid and reported in MXN", async ({ baseURL }) => {
    const nia = await signUpOperator(baseURL!);
    const code = `mexico-city-${Date.now().toString(36)}`;
    const opened = await nia.client.post("/api/admin/markets", {
      code,
      name: "Ciudad de México",
      currency: "MXN",
      timeZone: "America/Mexico_City",
      languages: ["es", "en"],
    });
    expect(opened.status()).toBe(201);
    const { market } = await opened.json();
    expect(market).toMatchObject({ code, currency: "MXN", timeZone: "America/Mexico_City", distanceUnit: "km", languages: ["es", "en"], restaurants: 0 });
    expect((await nia.client.post("/api/admin/markets", { code, name: "Again", currency: "MXN", timeZone: "America/Mexico_City" })).status()).toBe(409);
    const bad = await nia.client.post("/api/admin/markets", { code: "Bad Code", name: "", currency: "XXX", timeZone: "Mars/Base" });
    expect(bad.status()).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["code", "currency", "name", "timeZone"]);

    const owner = await signUpOwner(baseURL!);
    const moved = await nia.client.put(`/api/admin/restaurants/${owner.restaurant.id}/market`, { marketId: market.id });
    expect(moved.status()).toBe(200);
    expect((await moved.json()).market).toMatchObject({ id: market.id, restaurants: 1 });

    const { client } = await signUpCustomer(baseURL!);
    const active = await createOrder(client, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 2 });
    expect(active.currency).toBe("MXN");
    const mixed = await client.put(`/api/orders/${active.id}/submit`, { ...pickupCard, currency: "USD" });
    expect(mixed.status()).toBe(400);
    expect((await mixed.json()).errors).toEqual({ currency: expect.stringContaining("MXN") });
    const order = await submitOrder(client, active.id, { ...pickupCard, currency: "MXN" });
    expect(order).toMatchObject({ currency: "MXN", status: "Submitted" });
    expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);

    // The market's report, over its days around today: this order alone, in MXN.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = await nia.client.get(`/api/admin/markets/${market.id}/report?from=${day(-1)}&to=${day(1)}`);
    expect(report.status()).toBe(200);
    expect(await report.json()).toMatchObject({ currency: "MXN", orders: 1, paid: order.totalCost, refunded: 0, market: { id: market.id, currency: "MXN" } });
    const tax = await nia.client.get(`/api/admin/tax-report?from=${day(-1)}&to=${day(1)}&market=${market.id}`);
    expect(await tax.json()).toMatchObject({ currency: "MXN", timeZone: "America/Mexico_City" });
    expect((await (await nia.client.get(`/api/admin/tax-report?from=${day(-1)}&to=${day(1)}`)).json()).currency).toBe("USD");

    // The markets list, and operators only.
    const markets = (await (await nia.client.get("/api/admin/markets")).json()).markets as { id: number; currency: string }[];
    expect(markets[0]).toMatchObject({ id: 1, currency: "USD" });
    expect(markets).toContainEqual(expect.objectContaining({ id: market.id, currency: "MXN" }));
    expect((await client.get("/api/admin/markets")).status()).toBe(403);
    expect((await client.post("/api/admin/markets", { code: "nope", name: "Nope", currency: "CAD", timeZone: "America/Toronto" })).status()).toBe(403);
    expect((await owner.client.put(`/api/admin/restaurants/${owner.restaurant.id}/market`, { marketId: 1 })).status()).toBe(403);
  });

  test("a wallet holding MXN: its statement in MXN apart from USD's, each row naming its currency; the CSV appends Currency", async ({ baseURL }) => {
    const nia = await signUpOperator(baseURL!);
    const opened = await nia.client.post("/api/admin/markets", {
      code: `cdmx-${Date.now().toString(36)}`,
      name: "CDMX",
      currency: "MXN",
      timeZone: "America/Mexico_City",
    });
    const { market } = await opened.json();
    const owner = await signUpOwner(baseURL!);
    expect((await nia.client.put(`/api/admin/restaurants/${owner.restaurant.id}/market`, { marketId: market.id })).status()).toBe(200);
    const { client, user } = await signUpCustomer(baseURL!);
    await plantMxnCredit(user.id, 50_000);
    const active = await createOrder(client, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 2 });
    const order = await submitOrder(client, active.id, { ...pickupCard, paymentMethod: "wallet", currency: "MXN" });

    const statement = async (query = "") => (await (await client.get(`/api/users/wallet/${user.id}/transactions${query}`)).json()).transactions;
    expect(await statement()).toEqual([expect.objectContaining({ kind: "signup", amount: 999.99, balanceAfter: 999.99, currency: "USD" })]);
    expect(await statement("?currency=MXN")).toEqual([
      expect.objectContaining({
        kind: "payment",
        orderId: order.id,
        amount: -order.totalCost,
        balanceAfter: Math.round(50_000 - order.totalCost * 100) / 100,
        currency: "MXN",
      }),
      expect.objectContaining({ kind: "topup", amount: 500, balanceAfter: 500, currency: "MXN" }),
    ]);
    const bad = await client.get(`/api/users/wallet/${user.id}/transactions?currency=XXX`);
    expect(bad.status()).toBe(400);
    expect(Object.keys((await bad.json()).errors)).toEqual(["currency"]);
    const csv = (await (await client.get(`/api/users/${user.id}/wallet/statement.csv`)).text()).split("\r\n").filter(Boolean);
    expect(csv[0]).toBe("Date,Description,Amount,Balance,Currency");
    expect(csv.slice(1).map((line) => line.split(",").at(-1))).toEqual(["USD", "MXN", "MXN"]);
    // The page: a switch to each currency held, the MXN statement in pesos.
    const page = await (await client.get("/wallet?currency=MXN")).text();
    expect(page).toContain('href="/wallet?currency=USD"');
    expect(page).toContain(`-MX$${order.totalCost.toFixed(2)}`);
  });

  test("a restaurant in a market in CAD and miles: its page reads miles, its owner's payouts, statement and insights CAD", async ({ baseURL }) => {
    const nia = await signUpOperator(baseURL!);
    const opened = await nia.client.post("/api/admin/markets", {
      code: `toronto-${Date.now().toString(36)}`,
      name: "Toronto",
      currency: "CAD",
      timeZone: "America/Toronto",
      distanceUnit: "mi",
      languages: ["en", "es"],
    });
    expect(opened.status()).toBe(201);
    const { market } = await opened.json();
    expect(market).toMatchObject({ currency: "CAD", distanceUnit: "mi" });
    const owner = await signUpOwner(baseURL!);
    const id = owner.restaurant.id;
    expect((await nia.client.put(`/api/admin/restaurants/${id}/market`, { marketId: market.id })).status()).toBe(200);

    // Its page: the delivery radius in miles, in English and in Spanish (a decimal comma).
    const page = await (await owner.client.get(`/restaurants/${id}`)).text();
    expect(page).toMatch(/\(within \d+(\.\d)? mi\)/);
    expect(page).not.toMatch(/\(within [\d.]+ km\)/);
    expect(await (await owner.client.get(`/restaurants/${id}`, { "Accept-Language": "es-MX,es;q=0.9" })).text()).toMatch(/\(hasta \d+(,\d)? mi\)/);
    // Its menu and the dish's own page price the dish in CAD ("CA$12.50"), not USD's "$12.50".
    for (const path of [`/restaurants/${id}`, `/menu-items/${owner.item.id}`]) {
      const html = await (await owner.client.get(path)).text();
      expect(html, path).toContain(">CA$12.50<");
      expect(html, path).not.toContain(">$12.50<");
    }

    // An order there, paid by card and completed: the owner's figures are in CAD.
    const { client } = await signUpCustomer(baseURL!);
    const active = await createOrder(client, { restaurantId: id, itemId: owner.item.id, quantity: 2 });
    const order = await submitOrder(client, active.id, { ...pickupCard, currency: "CAD" });
    expect(order).toMatchObject({ currency: "CAD" });
    expect((await owner.client.put(`/api/manage/${id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);
    for (const path of [`/restaurants/${id}/payouts`, `/restaurants/${id}/statements`, `/restaurants/${id}/insights`]) {
      const html = await (await owner.client.get(path)).text();
      expect(html, path).toContain("CA$");
      expect(html, path).not.toMatch(/>-?\$\d/);
    }
  });

  test("a market in JPY reads and answers whole yen: a dish priced 1500 is 1500, an order's amounts whole yen", async ({ baseURL }) => {
    const nia = await signUpOperator(baseURL!);
    const opened = await nia.client.post("/api/admin/markets", { code: `tokyo-${Date.now().toString(36)}`, name: "Tokyo", currency: "JPY", timeZone: "Asia/Tokyo" });
    const { market } = await opened.json();
    const owner = await signUpOwner(baseURL!);
    const id = owner.restaurant.id;
    expect((await nia.client.put(`/api/admin/restaurants/${id}/market`, { marketId: market.id })).status()).toBe(200);

    const dish = { restaurant_id: id, name: "Shoyu ramen", description: "Soy broth, chashu.", food_image: "https://example.com/ramen.jpg", food_type: "entree" };
    const refused = await owner.client.post("/api/menu-items", { ...dish, price: "12.5" });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toEqual({ price: "price must be a whole number" });
    const created = await owner.client.post("/api/menu-items", { ...dish, price: 1500 });
    expect(created.status()).toBe(201);
    const item = await created.json();
    expect(item.price).toBe(1500);
    expect((await (await owner.client.get(`/api/menu-items/${item.id}`)).json()).price).toBe(1500);
    expect(await (await owner.client.get(`/menu-items/${item.id}`)).text()).toContain(">¥1,500<");
    // The restaurant's own pricing too: a minimum of 1000 and a fee of 300 are whole yen in and out.
    expect(await (await owner.client.put(`/api/manage/${id}/pricing`, { minOrder: 1000 })).json()).toEqual({ minOrder: 1000, freeDeliveryOver: null });
    expect((await (await owner.client.put(`/api/manage/${id}`, { deliveryFee: 300 })).json()).restaurant).toMatchObject({ deliveryFee: 300, minOrder: 1000 });

    const { client } = await signUpCustomer(baseURL!);
    const active = await createOrder(client, { restaurantId: id, itemId: item.id, quantity: 2 });
    const order = await submitOrder(client, active.id, { deliveryOption: "pickup", tip: 200, paymentMethod: "card", currency: "JPY" });
    expect(order).toMatchObject({ currency: "JPY", subtotal: 3000, tip: 200 });
    expect(Number.isInteger(order.totalCost)).toBe(true);
  });
});
