import { expect, test } from "../fixtures";
import { priceOrder } from "@/lib/shared/money/pricing";
import { scheduleSlots } from "@/lib/shared/time/schedule";
import { newClient, sameSession, signUpCustomer, signUpGuest } from "../support/api";
import { createOrder, ledgerSumCents, menuOf, standardCard, standardWallet, walletOf } from "../support/orders";
import { createItem } from "../support/owner";
import { said } from "@/lib/shared/words/said";
import { englishSlots, inEnglish } from "@/lib/contract/testing/in-english";

const cents = (dollars: number) => Math.round(dollars * 100);

test.describe("PUT /api/orders/{id}/submit", () => {
  test("prices the order on the server and charges the wallet once, with a ledger row", async ({ customer: { client, user } }) => {
    const order = await createOrder(client, 3, 2);
    const response = await client.put(`/api/orders/${order.id}/submit`, {
      deliveryOption: "priority",
      tipPercent: 20,
      paymentMethod: "wallet",
      totalCost: 0.01,
      tip: undefined,
    });
    expect(response.status()).toBe(200);
    const submitted = await response.json();
    const price = priceOrder(cents(order.subtotal), "priority", { percent: 20 });
    expect(submitted).toMatchObject({
      status: "Submitted",
      paymentMethod: "wallet",
      deliveryOption: "priority",
      subtotal: price.subtotalCents / 100,
      deliveryFee: 6.49,
      priorityFee: 1.49,
      serviceFee: price.serviceFeeCents / 100,
      tip: price.tipCents / 100,
      totalCost: price.totalCents / 100,
    });
    expect(cents(await walletOf(client))).toBe(99_999 - price.totalCents);
    expect(await ledgerSumCents(client, user.id)).toBe(99_999 - price.totalCents);
    const { transactions } = await (await client.get(`/api/users/wallet/${user.id}/transactions`)).json();
    expect(transactions[0]).toMatchObject({ kind: "payment", amount: -price.totalCents / 100, orderId: order.id });

    const again = await client.put(`/api/orders/${order.id}/submit`, standardWallet);
    expect(again.status()).toBe(409);
    expect(cents(await walletOf(client))).toBe(99_999 - price.totalCents);
  });

  test("card payment charges nothing to the wallet; a custom tip is taken as given", async ({ customer: { client } }) => {
    const order = await createOrder(client);
    const submitted = await (await client.put(`/api/orders/${order.id}/submit`, { deliveryOption: "standard", tip: "3.33", paymentMethod: "card" })).json();
    expect(submitted).toMatchObject({ status: "Submitted", tip: 3.33, priorityFee: 0, paymentMethod: "card" });
    expect(await walletOf(client)).toBe(999.99);
  });

  test("insufficient funds: 400 with the spec's message, and nothing changes", async ({ customer: { client, user } }) => {
    await client.put(`/api/users/wallet/deduct/${user.id}`, { amount: 990 });
    const order = await createOrder(client, 3, 3);
    const response = await client.put(`/api/orders/${order.id}/submit`, standardWallet);
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toBe("Insufficient funds in your wallet.");
    expect(await walletOf(client)).toBe(9.99);
    expect((await (await client.get(`/api/orders/${order.id}`)).json()).status).toBe("Active");
  });

  test("a scheduled order needs one of the offered slots", async ({ customer: { client } }) => {
    const order = await createOrder(client);
    const { restaurant } = await (await client.get("/api/restaurants/3")).json();
    const slot = scheduleSlots(new Date(), restaurant, englishSlots)[1]!.slots[0]!.value;
    const offGrid = new Date(new Date(slot).getTime() + 10 * 60_000).toISOString();
    const bad = await client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, deliveryOption: "schedule", scheduledFor: offGrid });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("scheduledFor");
    const missing = await client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, deliveryOption: "schedule" });
    expect((await missing.json()).errors).toHaveProperty("scheduledFor");
    const good = await client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, deliveryOption: "schedule", scheduledFor: slot });
    expect(good.status()).toBe(200);
    expect((await good.json()).scheduledFor).toBe(slot);
  });

  for (const [label, body, field] of [
    ["an unknown delivery option", { ...standardWallet, deliveryOption: "drone" }, "deliveryOption"],
    ["a tip percent off the presets", { ...standardWallet, tipPercent: 17 }, "tipPercent"],
    ["a negative custom tip", { deliveryOption: "standard", tip: -1, paymentMethod: "card" }, "tip"],
    ["a tip with three decimals", { deliveryOption: "standard", tip: 1.234, paymentMethod: "card" }, "tip"],
    ["no tip at all", { deliveryOption: "standard", paymentMethod: "card" }, "tip"],
    ["a tip over its ceiling", { deliveryOption: "standard", tip: 1000, paymentMethod: "wallet" }, "tip"],
    ["an unknown payment method", { ...standardWallet, paymentMethod: "iou" }, "paymentMethod"],
    ["an expected total that is not an amount", { ...standardWallet, expectedTotal: "lots" }, "expectedTotal"],
    ["a negative expected total", { ...standardWallet, expectedTotal: -5 }, "expectedTotal"],
  ] as const) {
    test(`${label} is a 400 naming ${field}`, async ({ customer: { client } }) => {
      const order = await createOrder(client);
      const response = await client.put(`/api/orders/${order.id}/submit`, body);
      expect(response.status()).toBe(400);
      expect((await response.json()).errors).toHaveProperty(field);
      expect(await walletOf(client)).toBe(999.99);
    });
  }

  test("strangers cannot submit, cancel, abandon or read someone else's order", async ({ baseURL, customer: { client: owner } }) => {
    const { client: stranger } = await signUpCustomer(baseURL!);
    const order = await createOrder(owner);
    expect((await stranger.put(`/api/orders/${order.id}/submit`, standardWallet)).status()).toBe(404);
    expect((await stranger.del(`/api/orders/${order.id}`)).status()).toBe(404);
    expect((await stranger.post(`/api/orders/${order.id}/reorder`)).status()).toBe(404);
    await owner.put(`/api/orders/${order.id}/submit`, standardWallet);
    expect((await stranger.put(`/api/orders/${order.id}/cancel`)).status()).toBe(404);
    expect(await walletOf(stranger)).toBe(999.99);
    expect((await (await owner.get(`/api/orders/${order.id}`)).json()).status).toBe("Submitted");
    const anonymous = await newClient(baseURL!);
    expect((await anonymous.put(`/api/orders/${order.id}/submit`, standardWallet)).status()).toBe(401);
  });
});

test.describe("a guest's delivery address", () => {
  test("none is a 422 naming address and the order stays at checkout; the one sent becomes the guest's, and the accepted order's courier job goes there", async ({
    baseURL,
    owner: shop,
  }) => {
    const { client: guest } = await signUpGuest(baseURL!);
    const order = await createOrder(guest, { restaurantId: shop.restaurant.id, itemId: shop.item.id });
    const refused = await guest.put(`/api/orders/${order.id}/submit`, standardCard);
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toEqual({
      message: inEnglish(said("messages.guestDeliveryAddressNeeded")),
      errors: { address: inEnglish(said("messages.guestDeliveryAddressNeeded")) },
    });
    expect((await (await guest.get(`/api/orders/${order.id}`)).json()).status).toBe("Active");

    const malformed = await guest.put(`/api/orders/${order.id}/submit`, { ...standardCard, deliveryAddress: "100 Market Street 94105" });
    expect(malformed.status()).toBe(400);
    expect(Object.keys((await malformed.json()).errors)).toEqual(["deliveryAddress"]);

    // The address searched on the landing page, near the owner's restaurant (94105).
    const placed = await guest.put(`/api/orders/${order.id}/submit`, { ...standardCard, deliveryAddress: "1 Market St, San Francisco, CA, 94105" });
    expect(placed.status(), await placed.text()).toBe(200);
    expect((await placed.json()).status).toBe("Submitted");
    expect(await (await guest.get("/api/auth/")).json()).toMatchObject({ guestAccount: true, address: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" });

    const accepted = await shop.client.post(`/api/manage/${shop.restaurant.id}/orders/${order.id}/stage`, { stage: "accepted", prepMinutes: 10 });
    expect(accepted.status(), await accepted.text()).toBe(200);
    const { delivery } = await (await guest.get(`/api/orders/${order.id}`)).json();
    expect(delivery).toMatchObject({ dropoff: { lat: expect.any(Number), lng: expect.any(Number) } });
  });
});

test.describe("cancel, abandon, reorder", () => {
  test("canceling a wallet order refunds it once, with a ledger row", async ({ customer: { client, user } }) => {
    const order = await createOrder(client);
    expect((await client.put(`/api/orders/${order.id}/cancel`)).status()).toBe(409); // still Active
    await client.put(`/api/orders/${order.id}/submit`, standardWallet);
    const canceled = await client.put(`/api/orders/${order.id}/cancel`);
    expect(canceled.status()).toBe(200);
    expect((await canceled.json()).status).toBe("Canceled");
    expect(await walletOf(client)).toBe(999.99);
    expect((await client.put(`/api/orders/${order.id}/cancel`)).status()).toBe(409);
    expect(await walletOf(client)).toBe(999.99);
    const { transactions } = await (await client.get(`/api/users/wallet/${user.id}/transactions`)).json();
    expect(transactions.map((t: { kind: string }) => t.kind)).toEqual(["refund", "payment", "signup"]);
    expect(await ledgerSumCents(client, user.id)).toBe(99_999);
  });

  test("an abandoned Active order is deleted; a submitted one cannot be", async ({ customer: { client } }) => {
    const order = await createOrder(client);
    expect((await client.del(`/api/orders/${order.id}`)).status()).toBe(200);
    expect((await client.get(`/api/orders/${order.id}`)).status()).toBe(404);
    const kept = await createOrder(client);
    await client.put(`/api/orders/${kept.id}/submit`, standardWallet);
    expect((await client.del(`/api/orders/${kept.id}`)).status()).toBe(409);
  });

  test("reorder makes a new Active order from the same lines at today's prices", async ({ customer: { client } }) => {
    const order = await createOrder(client, 5, 2);
    await client.put(`/api/orders/${order.id}/submit`, standardWallet);
    const response = await client.post(`/api/orders/${order.id}/reorder`);
    expect(response.status()).toBe(201);
    const { order: again, changes } = await response.json();
    expect(again).toMatchObject({ status: "Active", restaurantId: 5, subtotal: order.subtotal });
    expect(again.id).not.toBe(order.id);
    expect(changes).toEqual({ unavailable: [], repriced: [], choices: [] });
  });
});

// Submit re-prices (docs/architecture/money-and-orders.md, "Submit's expectedTotal"): an Active order is charged today's menu, never the price it had when created.
test.describe("submit re-prices from today's menu", () => {
  test("the owner raises a price after the order is made: the order shows it, submit charges it, ledger and balance agree", async ({
    owner: shop,
    customer: { client, user },
  }) => {
    const order = await createOrder(client, { restaurantId: shop.restaurant.id, itemId: shop.item.id, quantity: 2 });
    expect(order.orderItems[0]).toMatchObject({ price: 12.5, currentPrice: 12.5, unavailable: false });
    expect((await shop.client.put(`/api/menu-items/${shop.item.id}`, { price: 14.25 })).status()).toBe(200);

    const shown = await (await client.get(`/api/orders/${order.id}`)).json();
    expect(shown).toMatchObject({ status: "Active", subtotal: 25 });
    expect(shown.orderItems[0]).toMatchObject({ price: 12.5, currentPrice: 14.25, unavailable: false });

    const response = await client.put(`/api/orders/${order.id}/submit`, standardWallet);
    expect(response.status()).toBe(200);
    const submitted = await response.json();
    const price = priceOrder(2 * 1425, "standard", { percent: 15 });
    expect(submitted).toMatchObject({ status: "Submitted", subtotal: 28.5, totalCost: price.totalCents / 100 });
    expect(submitted.orderItems[0]).toMatchObject({ price: 14.25, currentPrice: 14.25 });
    expect(cents(await walletOf(client))).toBe(99_999 - price.totalCents);
    expect(await ledgerSumCents(client, user.id)).toBe(99_999 - price.totalCents);
    const { transactions } = await (await client.get(`/api/users/wallet/${user.id}/transactions`)).json();
    expect(transactions[0]).toMatchObject({ kind: "payment", amount: -price.totalCents / 100, orderId: order.id });
    // The order's lines are history now: a later price change does not touch them.
    expect((await shop.client.put(`/api/menu-items/${shop.item.id}`, { price: 9 })).status()).toBe(200);
    expect((await (await client.get(`/api/orders/${order.id}`)).json()).orderItems[0]).toMatchObject({ price: 14.25, currentPrice: 14.25 });
  });

  test("expectedTotal: a total other than today's is a 409 that charges nothing; the shown total is charged", async ({ owner: shop, customer: { client, user } }) => {
    const order = await createOrder(client, { restaurantId: shop.restaurant.id, itemId: shop.item.id, quantity: 2 });
    const shown = priceOrder(2 * 1250, "standard", { percent: 15 }).totalCents / 100;
    expect((await shop.client.put(`/api/menu-items/${shop.item.id}`, { price: 14.25 })).status()).toBe(200);

    const response = await client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, expectedTotal: shown });
    expect(response.status()).toBe(409);
    const message = "Prices changed since you opened checkout. Review your order.";
    expect(await response.json()).toEqual({ message, errors: { expectedTotal: message } });
    const after = await (await client.get(`/api/orders/${order.id}`)).json();
    expect(after).toMatchObject({ status: "Active", subtotal: 25, paymentMethod: null });
    expect(after.orderItems[0]).toMatchObject({ price: 12.5, currentPrice: 14.25 });
    expect(await walletOf(client)).toBe(999.99);
    expect(await ledgerSumCents(client, user.id)).toBe(99_999);

    const today = priceOrder(2 * 1425, "standard", { percent: 15 }).totalCents;
    const good = await client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, expectedTotal: String(today / 100) });
    expect(good.status()).toBe(200);
    expect(await good.json()).toMatchObject({ status: "Submitted", totalCost: today / 100 });
    expect(cents(await walletOf(client))).toBe(99_999 - today);
  });

  test("a dish deleted after the order was made: 409 naming it, nothing charged, the order stays Active", async ({ baseURL, owner: shop }) => {
    const brownie = await createItem(shop.client, shop.restaurant.id, { name: "Fudge Brownie", price: 4, food_type: "dessert" });
    const { client, user } = await signUpCustomer(baseURL!);
    const order = await createOrder(client, {
      restaurantId: shop.restaurant.id,
      items: [
        { menu_item_id: shop.item.id, quantity: 1 },
        { menu_item_id: brownie.id, quantity: 2 },
      ],
    });
    expect((await shop.client.del(`/api/menu-items/${brownie.id}`)).status()).toBe(200);

    const shown = await (await client.get(`/api/orders/${order.id}`)).json();
    expect(shown.orderItems.map((l: { name: string; unavailable: boolean }) => [l.name, l.unavailable])).toEqual([
      ["House Burger", false],
      ["Fudge Brownie", true],
    ]);

    const response = await client.put(`/api/orders/${order.id}/submit`, standardWallet);
    expect(response.status()).toBe(409);
    expect(await response.json()).toEqual({
      message: "Fudge Brownie is no longer available. Remove it to continue.",
      errors: { items: "Fudge Brownie is no longer available. Remove it to continue." },
    });
    expect(await (await client.get(`/api/orders/${order.id}`)).json()).toMatchObject({ status: "Active", subtotal: order.subtotal, paymentMethod: null });
    expect(await walletOf(client)).toBe(999.99);
    expect(await ledgerSumCents(client, user.id)).toBe(99_999);
  });

  test("a restaurant that stopped taking orders marks every line unavailable and refuses the submit", async ({ owner: shop, customer: { client } }) => {
    const order = await createOrder(client, { restaurantId: shop.restaurant.id, itemId: shop.item.id });
    expect((await shop.client.del(`/api/manage/${shop.restaurant.id}?type=soft`)).status()).toBe(200);
    expect((await (await client.get(`/api/orders/${order.id}`)).json()).orderItems[0]).toMatchObject({ unavailable: true });
    expect((await client.put(`/api/orders/${order.id}/submit`, standardWallet)).status()).toBe(409);
    expect(await walletOf(client)).toBe(999.99);
  });
});

test.describe("Idempotency-Key", () => {
  test("a retried create returns the first order; the same key with another body is 422", async ({ customer: { client } }) => {
    const first = await createOrder(client, 3, 1, { "Idempotency-Key": "create-1" });
    const retry = await createOrder(client, 3, 1, { "Idempotency-Key": "create-1" });
    expect(retry.id).toBe(first.id);
    const other = await client.post("/api/orders/", { restaurant_id: 3, items: [{ menu_item_id: 1, quantity: 5 }] }, { "Idempotency-Key": "create-1" });
    expect(other.status()).toBe(422);
    expect((await (await client.get("/api/orders/")).json()).orders).toHaveLength(1);
  });

  test("the same submit key sent 20 times at once charges once", async ({ customer: { client, user } }) => {
    const order = await createOrder(client);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => client.put(`/api/orders/${order.id}/submit`, standardWallet, { "Idempotency-Key": `submit-${order.id}` })),
    );
    const statuses = responses.map((r) => r.status());
    expect(
      statuses.every((s) => s === 200),
      statuses.join(","),
    ).toBe(true);
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(new Set(bodies.map((b) => b.totalCost)).size).toBe(1);
    const { transactions } = await (await client.get(`/api/users/wallet/${user.id}/transactions`)).json();
    expect(transactions.filter((t: { kind: string }) => t.kind === "payment")).toHaveLength(1);
    expect(cents(await walletOf(client))).toBe(99_999 - cents(bodies[0].totalCost));
  });

  test("the same create key sent 20 times at once makes one order", async ({ customer: { client } }) => {
    const results = await Promise.all(Array.from({ length: 20 }, () => createOrder(client, 3, 1, { "Idempotency-Key": "burst" })));
    expect(new Set(results.map((o) => o.id)).size).toBe(1);
    expect((await (await client.get("/api/orders/")).json()).orders).toHaveLength(1);
  });
});

test.describe("money under concurrency", () => {
  test("50 parallel wallet checkouts worth more than the balance: exactly the affordable ones succeed", async ({ customer: { client, user } }) => {
    const orders = await Promise.all(Array.from({ length: 50 }, () => createOrder(client, 3, 5)));
    const total = priceOrder(cents(orders[0]!.subtotal), "standard", { percent: 15 }).totalCents;
    // The wallet affords two and not quite a third, so the wallet is what refuses the rest (the
    // open-order limits are off on these servers: e2e/checkout/open-orders.api.spec.ts).
    const affordable = 2;
    const start = affordable * total + total - 1;
    await client.put(`/api/users/wallet/deduct/${user.id}`, { amount: (99_999 - start) / 100 });
    const responses = await Promise.all(orders.map((o) => client.put(`/api/orders/${o.id}/submit`, standardWallet)));
    const statuses = responses.map((r) => r.status());
    expect(statuses.filter((s) => s === 200)).toHaveLength(affordable);
    expect(statuses.filter((s) => s === 400)).toHaveLength(50 - affordable);
    const balance = cents(await walletOf(client));
    expect(balance).toBe(start - affordable * total);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSumCents(client, user.id)).toBe(balance);
  });
});

test.describe("two server processes on one SQLite file", () => {
  test("50 wallet checkouts spread over both never overdraw, and the ledger matches", async ({ baseURL }) => {
    const second = process.env.E2E_SECOND_URL!;
    const { client, user } = await signUpCustomer(baseURL!);
    const other = await sameSession(client, second);
    // The session made on one process works on the other.
    expect((await (await other.get("/api/auth/")).json()).id).toBe(user.id);
    const orders = await Promise.all(Array.from({ length: 50 }, (_, i) => createOrder(client, i % 2 ? 4 : 3, 5)));
    // The wallet affords at most two of them (any three cost more), so only the wallet refuses.
    const totals = orders.map((o) => priceOrder(cents(o.subtotal), "standard", { percent: 15 }).totalCents);
    const start = 3 * Math.min(...totals) - 1;
    await client.put(`/api/users/wallet/deduct/${user.id}`, { amount: (99_999 - start) / 100 });
    const responses = await Promise.all(
      orders.map((o, i) => (i % 2 ? other.put(`/api/orders/${o.id}/submit`, standardWallet) : client.put(`/api/orders/${o.id}/submit`, standardWallet))),
    );
    const succeeded = responses.filter((r) => r.status() === 200).length;
    expect(
      responses.every((r) => r.status() === 200 || r.status() === 400),
      responses.map((r) => r.status()).join(","),
    ).toBe(true);
    expect(succeeded).toBeGreaterThan(0);
    expect(succeeded).toBeLessThan(50);
    const balance = cents(await walletOf(client));
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSumCents(client, user.id)).toBe(balance);
    const { orders: all } = await (await client.get("/api/orders/?limit=100")).json();
    const charged = (all as { status: string; paymentMethod: string; totalCost: number }[]).filter((o) => o.status === "Submitted");
    expect(charged).toHaveLength(succeeded);
    expect(charged.reduce((sum, o) => sum + cents(o.totalCost), 0)).toBe(start - balance);
  });
});

test.describe("POST /api/orders with submit (one-call checkout)", () => {
  test("creates, prices and charges in one call; a retried key charges once; bad input names the field and changes nothing", async ({ customer: { client, user } }) => {
    const body = { restaurant_id: 3, items: [{ menu_item_id: (await menuOf(client, 3))[0]!.id, quantity: 2 }], submit: standardWallet };
    const responses = await Promise.all(Array.from({ length: 5 }, () => client.post("/api/orders/", body, { "Idempotency-Key": "one-call-1" })));
    expect(responses.map((r) => r.status())).toEqual([201, 201, 201, 201, 201]);
    const placed = await responses[0]!.json();
    const price = priceOrder(cents(placed.subtotal), "standard", { percent: 15 });
    expect(placed).toMatchObject({ status: "Submitted", paymentMethod: "wallet", deliveryOption: "standard", totalCost: price.totalCents / 100 });
    expect(new Set(await Promise.all(responses.map(async (r) => (await r.json()).id))).size).toBe(1);
    expect(cents(await walletOf(client))).toBe(99_999 - price.totalCents);
    expect(await ledgerSumCents(client, user.id)).toBe(99_999 - price.totalCents);
    expect((await (await client.get(`/api/orders/${placed.id}`)).json()).status).toBe("Submitted");

    const badTip = await client.post("/api/orders/", { ...body, submit: { ...standardWallet, tipPercent: 7 } });
    expect(badTip.status()).toBe(400);
    expect((await badTip.json()).errors).toHaveProperty(["submit.tipPercent"]);
    // The server's own refusals name the field as sent too (submit.*), never the bare submit field.
    const offGrid = await client.post("/api/orders/", { ...body, submit: { ...standardWallet, deliveryOption: "schedule", scheduledFor: "2026-01-01T00:10:00.000Z" } });
    expect(offGrid.status()).toBe(400);
    const refusal = await offGrid.json();
    expect(refusal).toEqual({
      message: "Choose one of the offered delivery times: within the next 7 days, on the half hour, while the restaurant is open",
      errors: { "submit.scheduledFor": "Choose one of the offered delivery times: within the next 7 days, on the half hour, while the restaurant is open" },
    });
    const stale = await client.post("/api/orders/", { ...body, submit: { ...standardWallet, expectedTotal: 0.01 } });
    expect(stale.status()).toBe(409);
    expect((await stale.json()).errors).toEqual({ "submit.expectedTotal": "Prices changed since you opened checkout. Review your order." });
    await client.put(`/api/users/wallet/deduct/${user.id}`, { amount: (99_999 - price.totalCents - 100) / 100 });
    const short = await client.post("/api/orders/", body);
    expect(short.status()).toBe(400);
    expect((await short.json()).message).toBe("Insufficient funds in your wallet.");
    expect(cents(await walletOf(client))).toBe(100);
    expect((await (await client.get("/api/orders/")).json()).orders).toHaveLength(1);
  });

  test("without a key, checkouts racing on one wallet charge exactly what it holds; the answer is sent uncompressed, reads are not", async ({
    customer: { client, user },
  }) => {
    const body = { restaurant_id: 3, items: [{ menu_item_id: (await menuOf(client, 3))[0]!.id, quantity: 1 }], submit: standardWallet };
    const first = await client.post("/api/orders/", body);
    expect(first.status()).toBe(201);
    // A write's answer is small and read once: no gzip (lib/server/web/route.ts), even when asked for.
    expect(first.headers()["content-encoding"]).toBeUndefined();
    expect(first.headers()["cache-control"]).toBe("private, no-store, no-transform");
    const list = await client.get("/api/orders/?limit=100", { "Accept-Encoding": "gzip" });
    expect(list.headers()["content-encoding"]).toBe("gzip");
    // The race at another restaurant, with room for two more and not quite a third: the wallet is what refuses.
    const there = { restaurant_id: 4, items: [{ menu_item_id: (await menuOf(client, 4))[0]!.id, quantity: 1 }], submit: standardWallet };
    const price = cents((await (await client.post("/api/orders/quote", there)).json()).total);
    await client.put(`/api/users/wallet/deduct/${user.id}`, { amount: (cents(await walletOf(client)) - 2 * price - (price - 1)) / 100 });
    const responses = await Promise.all(Array.from({ length: 8 }, () => client.post("/api/orders/", there)));
    expect(responses.map((r) => r.status()).sort()).toEqual([201, 201, 400, 400, 400, 400, 400, 400]);
    expect(cents(await walletOf(client))).toBe(price - 1);
    expect(await ledgerSumCents(client, user.id)).toBe(price - 1);
    expect((await (await client.get("/api/orders/?limit=100")).json()).orders).toHaveLength(3);
  });
});
