import { expect, test } from "../fixtures";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { whileOwnedByAnother } from "../support/couriers";
import { createOrder, standardWallet } from "../support/orders";

async function placedOrder(client: Client, restaurantId = 6) {
  const order = await createOrder(client, restaurantId);
  await client.put(`/api/orders/${order.id}/submit`, standardWallet);
  return order;
}

const reviewBody = (order: { id: number }, restaurantId = 6, over: Record<string, unknown> = {}) => ({
  restaurant_id: restaurantId,
  order_id: order.id,
  review: "Hot, fast and generous portions.",
  order_rating: 5,
  restaurant_rating: 4,
  ...over,
});

async function restaurant(client: Client, id = 6) {
  return (await (await client.get(`/api/restaurants/${id}`)).json()).restaurant as { rating: number | null; numReviews: number };
}

test.describe.configure({ mode: "serial" }); // these tests move one restaurant's rating

test.describe("reviews", () => {
  test("a review of one's own placed order is created and moves the rating at once", async ({ customer: { client, user } }) => {
    const order = await placedOrder(client);
    // The page rates it with a form the server renders: disabled until its code hydrates it
    // (components/reviews/review-form.tsx), so nothing typed or pressed before is lost.
    const page = await (await client.get(`/reviews/restaurant/6?orderId=${order.id}`)).text();
    expect(page).toMatch(/<fieldset[^>]*\bdisabled=""[^>]*>[\s\S]*Your review[\s\S]*Submit review[\s\S]*<\/fieldset>/);
    const before = await restaurant(client);
    const response = await client.post("/api/reviews/", reviewBody(order));
    expect(response.status()).toBe(201);
    const { data } = await response.json();
    expect(data).toMatchObject({ orderId: order.id, restaurantId: 6, userId: user.id, orderRating: 5, restaurantRating: 4, firstName: "Test" });
    const after = await restaurant(client);
    expect(after.numReviews).toBe(before.numReviews + 1);
    const { data: listed } = await (await client.get("/api/reviews/restaurant/6")).json();
    expect(listed[0].id).toBe(data.id);
    const mean = listed.reduce((s: number, r: { restaurantRating: number }) => s + r.restaurantRating, 0) / listed.length;
    if (after.numReviews <= 20) expect(after.rating).toBe(Math.round(mean * 10) / 10);
    expect((await (await client.get("/api/reviews/user")).json()).data.map((r: { id: number }) => r.id)).toEqual([data.id]);
    const order2 = await (await client.get(`/api/orders/${order.id}`)).json();
    expect(order2.review).toEqual({ id: data.id, orderRating: 5 });
  });

  test("a second review of the same order is a 409", async ({ customer: { client } }) => {
    const order = await placedOrder(client);
    expect((await client.post("/api/reviews/", reviewBody(order))).status()).toBe(201);
    const before = await restaurant(client);
    expect((await client.post("/api/reviews/", reviewBody(order))).status()).toBe(409);
    expect(await restaurant(client)).toEqual(before);
  });

  test("someone else's order, an Active or Canceled order, or the wrong restaurant are refused", async ({ baseURL, customer: { client: owner } }) => {
    const { client: stranger } = await signUpCustomer(baseURL!);
    const order = await placedOrder(owner);
    expect((await stranger.post("/api/reviews/", reviewBody(order))).status()).toBe(404);
    const active = await createOrder(owner, 6);
    expect((await owner.post("/api/reviews/", reviewBody(active))).status()).toBe(409);
    const canceled = await placedOrder(owner);
    await owner.put(`/api/orders/${canceled.id}/cancel`);
    expect((await owner.post("/api/reviews/", reviewBody(canceled))).status()).toBe(409);
    const wrong = await owner.post("/api/reviews/", reviewBody(order, 7));
    expect(wrong.status()).toBe(400);
    expect((await wrong.json()).errors).toHaveProperty("restaurantId");
    expect((await (await newClient(baseURL!)).post("/api/reviews/", reviewBody(order))).status()).toBe(401);
  });

  for (const [label, over, field, message] of [
    ["rating 0", { order_rating: 0 }, "orderRating", "Please select a rating for both order and restaurant."],
    ["rating 6", { restaurant_rating: 6 }, "restaurantRating", "Please select a rating for both order and restaurant."],
    ["rating 2.5", { order_rating: 2.5 }, "orderRating", "Please select a rating for both order and restaurant."],
    ["rating as text", { restaurant_rating: "five" }, "restaurantRating", "Please select a rating for both order and restaurant."],
    ["empty text", { review: "   " }, "review", "Please write a review before submitting."],
    ["no order id", { order_id: undefined }, "orderId", undefined],
  ] as const) {
    test(`${label} is a 400 naming ${field}`, async ({ customer: { client } }) => {
      const order = await placedOrder(client);
      const response = await client.post("/api/reviews/", reviewBody(order, 6, over));
      expect(response.status()).toBe(400);
      const json = await response.json();
      expect(json.errors).toHaveProperty(field);
      if (message) expect(json.errors[field]).toBe(message);
    });
  }

  test("the author edits and deletes; the rating follows; strangers get 404 and change nothing", async ({ baseURL, customer: { client } }) => {
    const { client: stranger } = await signUpCustomer(baseURL!);
    const order = await placedOrder(client);
    const { data } = await (await client.post("/api/reviews/", reviewBody(order, 6, { restaurant_rating: 1 }))).json();
    const withOne = await restaurant(client);

    expect((await stranger.put(`/api/reviews/${data.id}`, { review: "hacked", restaurant_rating: 5 })).status()).toBe(404);
    expect((await stranger.del(`/api/reviews/${data.id}`)).status()).toBe(404);
    expect(await restaurant(client)).toEqual(withOne);

    const edited = await client.put(`/api/reviews/${data.id}`, { review: "Even better the second time.", restaurant_rating: 5 });
    expect(edited.status()).toBe(200);
    expect((await edited.json()).data).toMatchObject({ review: "Even better the second time.", restaurantRating: 5, orderRating: 5 });
    const withFive = await restaurant(client);
    expect(withFive.numReviews).toBe(withOne.numReviews);
    expect(withFive.rating!).toBeGreaterThanOrEqual(withOne.rating!);

    expect((await client.put(`/api/reviews/${data.id}`, { order_rating: 7 })).status()).toBe(400);
    expect((await client.del(`/api/reviews/${data.id}`)).status()).toBe(200);
    expect((await restaurant(client)).numReviews).toBe(withOne.numReviews - 1);
    expect((await client.del(`/api/reviews/${data.id}`)).status()).toBe(404);
    expect((await (await client.get(`/api/orders/${order.id}`)).json()).review).toBeNull();
  });

  // Who may rate (docs/architecture/cart-checkout-reviews.md, Reviews): owners and throwaway guests could forge ratings.
  test("an owner cannot order from their own restaurant, nor review it: 403, and its rating does not move", async ({ owner: shop }) => {
    // Placing is refused; an order from before that rule, or before a handover, is theirs all the same.
    const refused = await shop.client.put(`/api/orders/${(await createOrder(shop.client, shop.restaurant.id)).id}/submit`, standardWallet);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe("You cannot order from your own restaurant");
    const order = await whileOwnedByAnother(shop.restaurant.id, shop.user.id, () => placedOrder(shop.client, shop.restaurant.id));
    const response = await shop.client.post("/api/reviews/", reviewBody(order, shop.restaurant.id));
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toBe("You cannot review your own restaurant");
    expect(await restaurant(shop.client, shop.restaurant.id)).toMatchObject({ numReviews: 0, rating: null });
    expect(await (await shop.client.get(`/api/orders/${order.id}`)).json()).toMatchObject({ fromOwnRestaurant: true, review: null });
  });

  test("a guest cannot review their order: 403 asking them to sign up", async ({ api: guest }) => {
    expect((await guest.post("/api/auth/guest")).status()).toBe(201);
    const order = await createOrder(guest, 6);
    // A guest's delivery goes to the address sent with it (lib/server/orders/destination.ts): the restaurant's own, within its radius.
    const { address, city, state, zip } = (await (await guest.get("/api/restaurants/6")).json()).restaurant;
    const deliveryAddress = [address, city, state, zip].join(", ");
    expect((await guest.put(`/api/orders/${order.id}/submit`, { ...standardWallet, paymentMethod: "card", deliveryAddress })).status()).toBe(200);
    const before = await restaurant(guest);
    const response = await guest.post("/api/reviews/", reviewBody(order));
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toBe("Sign up to review your orders");
    expect(await restaurant(guest)).toEqual(before);
  });

  test("my reviews need a login", async ({ baseURL }) => {
    expect((await (await newClient(baseURL!)).get("/api/reviews/user")).status()).toBe(401);
  });
});
