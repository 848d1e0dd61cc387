import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { buttonsOf, shownTextOf } from "../support/html";
import { makeOperator, makeTeamMember } from "../support/couriers";
import { placeOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";

// The restaurant owner's reply to a review (docs/architecture/cart-checkout-reviews.md
// "Owner replies"): one per review, the owner's only, shown in every review list; an operator hides it.

test("an owner replies once to a review of their restaurant, edits and removes it; an operator hides it from customers", async ({ baseURL, owner: shop, customer }) => {
  const order = await placeOrder(customer.client, { restaurantId: shop.restaurant.id, itemId: shop.item.id });
  const body = { restaurant_id: shop.restaurant.id, order_id: order.id, review: "Cold noodles.", order_rating: 2, restaurant_rating: 2 };
  const review = (await (await customer.client.post("/api/reviews/", body)).json()).data as { id: number; reply: unknown };
  expect(review.reply).toBeNull();
  const url = `/api/reviews/${review.id}/reply`;
  const publicReply = async () => (await (await customer.client.get(`/api/reviews/restaurant/${shop.restaurant.id}`)).json()).data[0].reply;

  // Another owner, and the author, get a 404; bad text a 400 naming `text`.
  const other = await signUpOwner(baseURL!);
  expect((await other.client.post(url, { text: "Not my restaurant" })).status()).toBe(404);
  expect((await customer.client.post(url, { text: "My own review" })).status()).toBe(404);
  for (const text of ["  ", "\u200b", "x".repeat(1001), 5]) {
    const bad = await shop.client.post(url, { text });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("text");
  }
  expect(await publicReply()).toBeNull();

  const created = await shop.client.post(url, { text: "  Sorry! The oven is fixed now.  " });
  expect(created.status()).toBe(201);
  expect((await created.json()).data.reply).toMatchObject({ text: "Sorry! The oven is fixed now.", hidden: null });
  expect((await shop.client.post(url, { text: "Twice" })).status()).toBe(409);
  expect((await other.client.put(url, { text: "Edited by a stranger" })).status()).toBe(404);
  expect((await shop.client.put(url, { text: "Sorry: the oven is fixed." })).status()).toBe(200);
  expect(await publicReply()).toMatchObject({ text: "Sorry: the oven is fixed." });
  expect((await (await customer.client.get("/api/reviews/user")).json()).data[0].reply).toMatchObject({ text: "Sorry: the oven is fixed." });

  // The operator hides it (audited): customers see no reply, the owner sees why.
  const nia = await signUpCustomer(baseURL!);
  await makeOperator(nia.user.id);
  const hidden = await nia.client.post(`/api/admin/reviews/${review.id}/reply`, { action: "hide", reason: "Names the customer" });
  expect(hidden.status()).toBe(200);
  expect((await hidden.json()).review.reply.hidden).toMatchObject({ reason: "Names the customer" });
  expect(await publicReply()).toBeNull();
  // The public JSON is the same for everyone (it reads no session); the owner's reviews page marks it.
  expect(shownTextOf(await (await shop.client.get(`/reviews/restaurant/${shop.restaurant.id}`)).text())).toContain(
    "Hidden by Nosh: Names the customer. Only you can see it",
  );
  const audit = await (await nia.client.get(`/api/admin/audit?targetType=review&targetId=${review.id}`)).json();
  expect(audit.items).toEqual([expect.objectContaining({ action: "review_reply.hide", reason: "Names the customer" })]);

  expect((await other.client.del(url)).status()).toBe(404);
  expect((await shop.client.del(url)).status()).toBe(200);
  expect((await shop.client.del(url)).status()).toBe(404);
  expect(await publicReply()).toBeNull();
});

test("a manager replies to the restaurant's reviews from its Reviews link; staff may not", async ({ baseURL, owner: shop, customer }) => {
  const order = await placeOrder(customer.client, { restaurantId: shop.restaurant.id, itemId: shop.item.id });
  const body = { restaurant_id: shop.restaurant.id, order_id: order.id, review: "Lovely soup.", order_rating: 5, restaurant_rating: 5 };
  const review = (await (await customer.client.post("/api/reviews/", body)).json()).data as { id: number };
  const url = `/api/reviews/${review.id}/reply`;
  const [manager, cook] = await Promise.all([signUpCustomer(baseURL!), signUpCustomer(baseURL!)]);
  await makeTeamMember(shop.restaurant.id, manager.user.id, "manager");
  await makeTeamMember(shop.restaurant.id, cook.user.id, "staff");
  const reviewsPage = `/reviews/restaurant/${shop.restaurant.id}`;

  // "Where you work" links the manager (not the cook) to the reviews, where the Reply button waits.
  const workplace = async (client: typeof manager.client) => (await (await client.get("/restaurants/manage")).text()).includes(`href="${reviewsPage}"`);
  expect(await workplace(manager.client)).toBe(true);
  expect(await workplace(cook.client)).toBe(false);
  expect(await workplace(shop.client)).toBe(true);
  const replyButtons = async (client: typeof manager.client) => buttonsOf(await (await client.get(reviewsPage)).text()).filter((b) => b.startsWith("Reply"));
  expect(await replyButtons(manager.client)).toHaveLength(1);
  expect(await replyButtons(cook.client)).toEqual([]);
  expect(await replyButtons(customer.client)).toEqual([]);

  for (const call of [() => cook.client.post(url, { text: "From the kitchen" }), () => cook.client.put(url, { text: "x" }), () => cook.client.del(url)]) {
    expect((await call()).status()).toBe(403);
  }
  const created = await manager.client.post(url, { text: "Thank you, from the whole team!" });
  expect(created.status()).toBe(201);
  expect((await created.json()).data.reply).toMatchObject({ text: "Thank you, from the whole team!" });
  expect((await manager.client.put(url, { text: "Thank you!" })).status()).toBe(200);
  expect((await cook.client.del(url)).status()).toBe(403);
  expect((await (await customer.client.get(`/api/reviews/restaurant/${shop.restaurant.id}`)).json()).data[0].reply).toMatchObject({ text: "Thank you!" });
  expect((await manager.client.del(url)).status()).toBe(200);
});
