import { randomInt } from "node:crypto";
import { expect, test } from "../fixtures";
import { PROMO_SAID } from "@/lib/shared/money/promotions";
import { newClient, signUp, TEST_PASSWORD, type Client } from "../support/api";
import { createOrder, standardWallet, walletOf } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Promotions over HTTP (docs/architecture/promotions.md): the owner's API, every refusal in the
// issue's order, the wrong-code 429 (unknown codes only), redemption racing (a total limit, two tabs), a cancel giving
// it back, the quote equal to the charge, and the automatic offer. Wrong codes count per address:
// every customer here calls from an address of its own (X-Forwarded-For; the e2e server trusts it).

const cents = (dollars: number) => Math.round(dollars * 100);
const address = () => `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/** A fresh customer calling from an address of its own (or `from`). */
async function customerAt(baseURL: string, from = address()): Promise<{ client: Client; id: number; email: string }> {
  const client = await newClient(baseURL, { "X-Forwarded-For": from });
  const { user, email } = await signUp(client);
  return { client, id: user.id, email };
}

type Shop = Awaited<ReturnType<typeof signUpOwner>>;
async function promotion(shop: Shop, body: Record<string, unknown>): Promise<{ id: number; code: string | null }> {
  const response = await shop.client.post(`/api/manage/${shop.restaurant.id}/promotions`, body);
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).promotion;
}
const cartOf = (shop: Shop, quantity = 1) => ({ restaurantId: shop.restaurant.id, itemId: shop.item.id, quantity });

test.describe("the owner's promotions", () => {
  test("create, list, edit and delete with every field; errors beside the fields; codes unique per restaurant; others get 404", async ({ owner, baseURL }) => {
    const url = `/api/manage/${owner.restaurant.id}/promotions`;
    const created = await owner.client.post(url, {
      code: " Spring20 ",
      kind: "percent",
      value: 20,
      maxDiscount: 15,
      minSubtotal: "12.50",
      startsAt: "2026-01-01T00:00:00Z",
      endsAt: "2099-01-01T00:00:00Z",
      firstOrderOnly: true,
      perCustomerLimit: 2,
      totalLimit: 100,
    });
    expect(created.status()).toBe(201);
    const { promotion: spring } = await created.json();
    expect(spring).toMatchObject({
      code: "Spring20",
      automatic: false,
      kind: "percent",
      value: 20,
      maxDiscount: 15,
      minSubtotal: 12.5,
      firstOrderOnly: true,
      perCustomerLimit: 2,
      totalLimit: 100,
      redeemed: 0,
      fundedBy: "restaurant",
      label: "20% off your first order on orders of $12.50 or more (up to $15.00)",
    });
    const bad = await owner.client.post(url, { code: "no", kind: "amount", value: 0, endsAt: "yesterday", perCustomerLimit: 0 });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toMatchObject({
      code: "Code must be 4-16 letters or digits (or leave it empty for an automatic offer)",
      endsAt: "Enter a date and time (ISO 8601 with a time zone)",
      perCustomerLimit: "Uses per customer must be a whole number from 1 to 100 (or empty for no limit)",
    });
    expect((await (await owner.client.post(url, { kind: "amount", value: 0 })).json()).errors).toEqual({
      value: "Amount must be more than $0 and at most $1000, with at most two decimals",
    });
    const duplicate = await owner.client.post(url, { code: "SPRING20", kind: "amount", value: 5 });
    expect(duplicate.status()).toBe(409);
    expect((await duplicate.json()).errors).toEqual({ code: "This restaurant already has a promotion with this code" });

    const edited = await owner.client.put(`${url}/${spring.id}`, { code: "spring20", kind: "amount", value: 4.5 });
    expect(edited.status()).toBe(200);
    expect((await edited.json()).promotion).toMatchObject({ code: "spring20", kind: "amount", value: 4.5, perCustomerLimit: 1, totalLimit: null, firstOrderOnly: false });
    expect((await (await owner.client.get(url)).json()).promotions).toHaveLength(1);

    // Another owner, a customer, anonymous: never another restaurant's promotions.
    const stranger = await signUpOwner(baseURL!);
    expect((await stranger.client.get(url)).status()).toBe(404);
    expect((await stranger.client.put(`${url}/${spring.id}`, { kind: "amount", value: 1 })).status()).toBe(404);
    expect((await stranger.client.del(`${url}/${spring.id}`)).status()).toBe(404);
    expect((await stranger.client.put(`/api/manage/${stranger.restaurant.id}/promotions/${spring.id}`, { kind: "amount", value: 1 })).status()).toBe(404);
    expect((await (await newClient(baseURL!)).get(url)).status()).toBe(401);

    expect((await owner.client.del(`${url}/${spring.id}`)).status()).toBe(200);
    expect((await (await owner.client.get(url)).json()).promotions).toEqual([]);
    await promotion(owner, { code: "SPRING20", kind: "free_delivery" });
  });
});

test.describe("promo codes at checkout", () => {
  test("every refusal in order, a 422 beside promoCode that places and charges nothing", async ({ owner, baseURL }) => {
    const other = await signUpOwner(baseURL!);
    const now = Date.now();
    const day = 86_400_000;
    await promotion(owner, { code: "LATER1", kind: "percent", value: 10, startsAt: new Date(now + 3 * day).toISOString() });
    await promotion(owner, { code: "GONE1", kind: "percent", value: 10, endsAt: new Date(now - day).toISOString() });
    await promotion(other, { code: "ELSEWHERE", kind: "percent", value: 10 });
    // Expired AND another restaurant's: expired comes first.
    await promotion(other, { code: "OLDOTHER", kind: "percent", value: 10, endsAt: new Date(now - day).toISOString() });
    await promotion(owner, { code: "NEWBIE1", kind: "percent", value: 10, firstOrderOnly: true, minSubtotal: 1000 });
    await promotion(owner, { code: "BIG1", kind: "amount", value: 5, minSubtotal: 1000 });
    await promotion(owner, { code: "ONCE1", kind: "percent", value: 10 });
    await promotion(owner, { code: "SOLO1", kind: "percent", value: 10, totalLimit: 1, perCustomerLimit: 5 });
    const { client } = await customerAt(baseURL!);
    const order = await createOrder(client, cartOf(owner, 2));
    const refusal = async (promoCode: string) => {
      const response = await client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, promoCode });
      expect(response.status()).toBe(422);
      return (await response.json()).errors.promoCode;
    };
    expect(await refusal("NOPE1234")).toBe("We don't recognize that code. Check it and try again.");
    expect(await refusal("later1")).toMatch(/^This code isn't active yet: it starts /);
    expect(await refusal("gone1")).toBe("This code has expired.");
    expect(await refusal("oldother")).toBe("This code has expired.");
    expect(await refusal("elsewhere")).toBe(inEnglish(PROMO_SAID.otherRestaurant(other.restaurant.name)));
    // First order only, checked before the minimum: a guest, then a customer with a delivered order here.
    const guest = await newClient(baseURL!, { "X-Forwarded-For": address() });
    expect((await guest.post("/api/auth/guest")).status()).toBe(201);
    const guestOrder = await createOrder(guest, cartOf(owner));
    const guestRefused = await guest.put(`/api/orders/${guestOrder.id}/submit`, { ...standardWallet, paymentMethod: "card", promoCode: "newbie1" });
    expect((await guestRefused.json()).errors).toEqual({ promoCode: "This code is for a customer's first order: create an account to use it." });
    const regular = await customerAt(baseURL!);
    const first = await createOrder(regular.client, cartOf(owner));
    expect((await regular.client.put(`/api/orders/${first.id}/submit`, { deliveryOption: "pickup", tip: 0, paymentMethod: "wallet" })).status()).toBe(200);
    for (const stage of ["accepted", "ready", "delivered"]) {
      const moved = await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${first.id}/stage`, { stage, prepMinutes: 20 });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    const second = await createOrder(regular.client, cartOf(owner));
    const notFirst = await regular.client.put(`/api/orders/${second.id}/submit`, { ...standardWallet, promoCode: "NEWBIE1" });
    expect((await notFirst.json()).errors).toEqual({ promoCode: "This code is for your first order from this restaurant only." });
    // Below the minimum, with what is missing.
    const subtotal = cents(order.subtotal);
    expect(await refusal("big1")).toBe(inEnglish(PROMO_SAID.belowMinimum(100_000 - subtotal, 100_000)));
    // Already used by you (a code used on another order), then all used up (by someone else).
    const used = await createOrder(client, cartOf(owner));
    expect((await client.put(`/api/orders/${used.id}/submit`, { ...standardWallet, promoCode: "once1" })).status()).toBe(200);
    expect(await refusal("ONCE1")).toBe("You've already used this code.");
    const someone = await customerAt(baseURL!);
    const theirs = await createOrder(someone.client, cartOf(owner));
    expect((await someone.client.put(`/api/orders/${theirs.id}/submit`, { ...standardWallet, promoCode: "solo1" })).status()).toBe(200);
    expect(await refusal("solo1")).toBe("This code is all used up.");
    // The refused order is still at checkout, and nothing was charged for it.
    expect((await (await client.get(`/api/orders/${order.id}`)).json()).status).toBe("Active");
    const usedTotal = (await (await client.get(`/api/orders/${used.id}`)).json()).totalCost;
    expect(cents(await walletOf(client))).toBe(99_999 - cents(usedTotal));
  });

  test("ten unknown codes in an hour lock the account (429 with Retry-After), not everyone behind its address; a code that ran out is no guess", async ({
    owner,
    baseURL,
  }) => {
    const from = address();
    const { client, email } = await customerAt(baseURL!, from);
    const body = { restaurantId: owner.restaurant.id, items: [{ menuItemId: owner.item.id, quantity: 1 }], submit: { ...standardWallet, promoCode: "WRONG000" } };
    for (let i = 0; i < 10; i++) expect((await client.post("/api/orders/quote", body)).status()).toBe(422);
    const locked = await client.post("/api/orders/quote", body);
    expect(locked.status()).toBe(429);
    expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(3000);
    expect((await locked.json()).errors).toEqual({ "submit.promoCode": inEnglish(PROMO_SAID.tooMany) });
    // The account, from another address: held back.
    const elsewhere = await newClient(baseURL!, { "X-Forwarded-For": address() });
    expect((await elsewhere.post("/api/auth/login", { credential: email, password: TEST_PASSWORD })).status()).toBe(200);
    expect((await elsewhere.post("/api/orders/quote", body)).status()).toBe(429);
    // Another account behind the same address (a campus, an office, a carrier's NAT): not held back.
    const sameAddress = await customerAt(baseURL!, from);
    expect((await sameAddress.client.post("/api/orders/quote", body)).status()).toBe(422);
    // A real code that ran out, tried again and again from that address: told so every time, never a 429.
    await promotion(owner, { code: "GONEFAST", kind: "amount", value: 1, totalLimit: 1 });
    const quick = await customerAt(baseURL!, from);
    expect((await quick.client.post("/api/orders/", { ...body, submit: { ...standardWallet, promoCode: "gonefast" } })).status()).toBe(201);
    const ranOut = { ...body, submit: { ...standardWallet, promoCode: "gonefast" } };
    for (let i = 0; i < 12; i++) {
      const answer = await sameAddress.client.post("/api/orders/quote", ranOut);
      expect(answer.status()).toBe(422);
      expect((await answer.json()).errors).toEqual({ "submit.promoCode": "This code is all used up." });
    }
    // Without a code the checkout is never held back.
    expect((await client.post("/api/orders/quote", { ...body, submit: standardWallet })).status()).toBe(200);
    const placed = await client.post("/api/orders/", { ...body, submit: standardWallet });
    expect(placed.status()).toBe(201);
  });

  test("20 customers at once against a total limit of 5: exactly 5 discounted orders, the rest refused with all used up and charged nothing", async ({
    owner,
    baseURL,
  }) => {
    await promotion(owner, { code: "RUSH5", kind: "amount", value: 2, totalLimit: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => customerAt(baseURL!)));
    const body = { restaurantId: owner.restaurant.id, items: [{ menuItemId: owner.item.id, quantity: 1 }], submit: { ...standardWallet, promoCode: "rush5" } };
    const answers = await Promise.all(buyers.map(({ client }) => client.post("/api/orders/", body)));
    const statuses = answers.map((answer) => answer.status());
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(15);
    for (const answer of answers) {
      const json = await answer.json();
      if (answer.status() === 201) expect(json).toMatchObject({ discount: 2, promotion: { code: "RUSH5", kind: "amount" } });
      else expect(json.errors).toEqual({ "submit.promoCode": "This code is all used up." });
    }
    const wallets = await Promise.all(buyers.map(({ client }) => walletOf(client)));
    expect(wallets.filter((wallet) => wallet === 999.99)).toHaveLength(15);
    const listed = (await (await owner.client.get(`/api/manage/${owner.restaurant.id}/promotions`)).json()).promotions;
    expect(listed[0]).toMatchObject({ code: "RUSH5", redeemed: 5, state: "used_up", results: { orders: 5, discount: 10, newCustomers: 5 } });
  });

  test("the same customer in two tabs: one redemption", async ({ owner, baseURL }) => {
    await promotion(owner, { code: "TWOTABS", kind: "percent", value: 50 });
    const { client } = await customerAt(baseURL!);
    const tabs = await Promise.all([createOrder(client, cartOf(owner)), createOrder(client, cartOf(owner))]);
    const answers = await Promise.all(tabs.map((order) => client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, promoCode: "twotabs" })));
    expect(answers.map((answer) => answer.status()).sort()).toEqual([200, 422]);
    const refused = answers.find((answer) => answer.status() === 422)!;
    expect((await refused.json()).errors).toEqual({ promoCode: "You've already used this code." });
  });

  test("a cancel before the restaurant accepts gives the redemption back", async ({ owner, baseURL }) => {
    await promotion(owner, { code: "COMEBACK", kind: "amount", value: 3, totalLimit: 1 });
    const first = await customerAt(baseURL!);
    const order = await createOrder(first.client, cartOf(owner));
    const placed = await (await first.client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, promoCode: "comeback" })).json();
    expect(placed).toMatchObject({ discount: 3, promotion: { code: "COMEBACK" } });
    const second = await customerAt(baseURL!);
    const waiting = await createOrder(second.client, cartOf(owner));
    const usedUp = await second.client.put(`/api/orders/${waiting.id}/submit`, { ...standardWallet, promoCode: "comeback" });
    expect((await usedUp.json()).errors).toEqual({ promoCode: "This code is all used up." });
    expect((await first.client.put(`/api/orders/${order.id}/cancel`)).status()).toBe(200);
    expect(await walletOf(first.client)).toBe(999.99);
    const now = await second.client.put(`/api/orders/${waiting.id}/submit`, { ...standardWallet, promoCode: "comeback" });
    expect(now.status()).toBe(200);
    expect((await now.json()).discount).toBe(3);
  });

  test("the quote equals the charge; the best automatic offer applies by itself and is listed publicly", async ({ owner, baseURL }) => {
    await promotion(owner, { kind: "percent", value: 20, firstOrderOnly: true });
    await promotion(owner, { code: "TENOFF", kind: "amount", value: 10 });
    const offers = await (await (await newClient(baseURL!)).get(`/api/restaurants/${owner.restaurant.id}/promotions`)).json();
    expect(offers.offers).toEqual([expect.objectContaining({ kind: "percent", label: "20% off your first order", firstOrderOnly: true })]);
    const { client } = await customerAt(baseURL!);
    const order = await createOrder(client, cartOf(owner, 3));
    const submit = { deliveryOption: "priority", tipPercent: 20, paymentMethod: "wallet" };
    const automatic = await (await client.post("/api/orders/quote", { orderId: order.id, ...submit })).json();
    expect(automatic).toMatchObject({ promotion: { code: null, label: "20% off your first order" }, discount: Math.floor(cents(order.subtotal) * 0.2) / 100 });
    const quote = await (await client.post("/api/orders/quote", { orderId: order.id, ...submit, promoCode: "tenoff" })).json();
    expect(quote).toMatchObject({ promotion: { code: "TENOFF", label: "$10.00 off" }, discount: Math.min(10, order.subtotal) });
    // The tip is on the subtotal before the discount.
    expect(quote.tip).toBe(Math.round(cents(order.subtotal) * 0.2) / 100);
    expect(cents(quote.total)).toBe(
      cents(quote.subtotal) + cents(quote.deliveryFee) + cents(quote.priorityFee) + cents(quote.serviceFee) + cents(quote.tip) - cents(quote.discount),
    );
    const placed = await client.put(`/api/orders/${order.id}/submit`, { ...submit, promoCode: "tenoff", expectedTotal: quote.total });
    expect(placed.status()).toBe(200);
    const json = await placed.json();
    expect(json).toMatchObject({ totalCost: quote.total, discount: quote.discount, promotion: quote.promotion });
    expect(cents(await walletOf(client))).toBe(99_999 - cents(quote.total));
    // The receipt (GET) carries the same discount and promotion.
    expect(await (await client.get(`/api/orders/${order.id}`)).json()).toMatchObject({ discount: quote.discount, promotion: quote.promotion });
  });
});
