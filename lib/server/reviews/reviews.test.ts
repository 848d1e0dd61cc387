import { describe, expect, it } from "vitest";
import { setUpTestDatabase, restaurantInput } from "../platform/testing/db";

// Who may review, against a real, migrated database: guests and a
// restaurant's owner are refused, and an account writes at most REVIEWS_PER_DAY reviews in any
// rolling 24 hours. Every refusal leaves the restaurant's rating as it was.

setUpTestDatabase({ REVIEWS_PER_DAY: "3" });
const reviews = await import("./reviews");
const manage = await import("../restaurants/manage");
const { db } = await import("../platform/db");
const expire = await import("../orders/expire");
const accept = await import("../orders/accept");
const cancel = await import("../orders/cancel");

const newUser = (over: { guestAccount?: boolean } = {}) => db.user.create({ data: { firstName: "Test", ...over } });

async function shop() {
  const owner = await newUser();
  const restaurant = await manage.createRestaurant(owner, restaurantInput());
  return { owner, restaurant };
}

/** The stage an order in `status` is stored with (status is derived from it). */
const STAGE_OF = { Submitted: "placed", Completed: "delivered", Canceled: "canceled" } as const;

function placedOrder(userId: number, restaurantId: number, status: keyof typeof STAGE_OF = "Submitted") {
  return db.order.create({
    data: {
      userId,
      restaurantId,
      restaurantName: "Lantern Noodle House",
      stage: STAGE_OF[status],
      paymentMethod: "card",
      subtotalCents: 1_200,
      totalCents: 2_000,
      orderItems: { create: [{ name: "Dumplings", priceCents: 600, restaurantId, quantity: 2 }] },
    },
  });
}

const body = (order: { id: number; restaurantId: number | null }, restaurantRating = 5) => ({
  restaurantId: order.restaurantId!,
  orderId: order.id,
  review: "Lovely.",
  orderRating: 5,
  restaurantRating,
});

const ratingOf = (id: number) => db.restaurant.findUniqueOrThrow({ where: { id }, select: { ratingSum: true, numReviews: true } });

describe("createReview: who may review", () => {
  it("a customer reviews their own Submitted or Completed order", async () => {
    const { restaurant } = await shop();
    const customer = await newUser();
    for (const status of ["Submitted", "Completed"] as const) {
      const order = await placedOrder(customer.id, restaurant.id, status);
      await expect(reviews.createReview(customer, body(order))).resolves.toMatchObject({ orderId: order.id });
    }
    expect(await ratingOf(restaurant.id)).toEqual({ ratingSum: 10, numReviews: 2 });
  });

  it("a Canceled order cannot be rated", async () => {
    const { restaurant } = await shop();
    const customer = await newUser();
    const order = await placedOrder(customer.id, restaurant.id, "Canceled");
    await expect(reviews.createReview(customer, body(order))).rejects.toMatchObject({ status: 409 });
  });

  it("an order that ends without food takes its review with it; a never-accepted order is then refused naming orderId; an accepted one keeps its review", async () => {
    const { owner, restaurant } = await shop();
    const customer = await newUser();
    const placedAt = new Date(Date.now() - 11 * 60_000);
    const placed = () =>
      db.order.create({
        data: {
          userId: customer.id,
          restaurantId: restaurant.id,
          restaurantName: restaurant.name,
          stage: "placed",
          paymentMethod: "card",
          submittedAt: placedAt,
        },
      });
    const ignored = await placed();
    const served = await placed();
    const canceled = await placed();
    // The contract lets a submitted order be reviewed at once (before the restaurant accepts it).
    await reviews.createReview(customer, body(ignored, 1));
    await reviews.createReview(customer, body(served, 4));
    await reviews.createReview(customer, body(canceled, 1));
    expect(await ratingOf(restaurant.id)).toEqual({ ratingSum: 6, numReviews: 3 });

    await accept.acceptOrder(owner, restaurant.id, served.id, 20);
    await cancel.cancelOrder(customer, canceled.id);
    expect(await expire.expireOverdueOrders()).toBe(1);
    expect(await db.review.findMany({ where: { restaurantId: restaurant.id }, select: { orderId: true } })).toEqual([{ orderId: served.id }]);
    expect(await ratingOf(restaurant.id)).toEqual({ ratingSum: 4, numReviews: 1 });

    const never = "The restaurant did not accept this order, so it cannot be reviewed";
    await expect(reviews.createReview(customer, body(ignored, 1))).rejects.toMatchObject({ status: 409, message: never, errors: { orderId: never } });
    const gone = "A canceled order cannot be reviewed";
    await expect(reviews.createReview(customer, body(canceled, 1))).rejects.toMatchObject({ status: 409, message: gone, errors: { orderId: gone } });
    expect(await ratingOf(restaurant.id)).toEqual({ ratingSum: 4, numReviews: 1 });
  });

  it("a guest account is refused with 403 and the rating does not move", async () => {
    const { restaurant } = await shop();
    const guest = await newUser({ guestAccount: true });
    const order = await placedOrder(guest.id, restaurant.id);
    await expect(reviews.createReview(guest, body(order))).rejects.toMatchObject({ status: 403, message: "Sign up to review your orders" });
    expect(await ratingOf(restaurant.id)).toEqual({ ratingSum: 0, numReviews: 0 });
    expect(await db.review.count({ where: { userId: guest.id } })).toBe(0);
  });

  it("an owner cannot review their own restaurant, even through their own order", async () => {
    const { owner, restaurant } = await shop();
    const order = await placedOrder(owner.id, restaurant.id);
    await expect(reviews.createReview(owner, body(order))).rejects.toMatchObject({ status: 403, message: "You cannot review your own restaurant" });
    expect(await ratingOf(restaurant.id)).toEqual({ ratingSum: 0, numReviews: 0 });
    // ...but reviews someone else's like any customer.
    const other = await shop();
    const elsewhere = await placedOrder(owner.id, other.restaurant.id);
    await expect(reviews.createReview(owner, body(elsewhere))).resolves.toMatchObject({ orderId: elsewhere.id });
  });
});

describe("createReview: REVIEWS_PER_DAY (3 here)", () => {
  it("the fourth review within 24 hours is a 429 with Retry-After; it changes nothing", async () => {
    const { restaurant } = await shop();
    const customer = await newUser();
    const now = new Date("2026-11-20T12:00:00Z");
    for (let hour = 0; hour < 3; hour++) {
      const order = await placedOrder(customer.id, restaurant.id);
      const review = await reviews.createReview(customer, body(order), now);
      // Written 3, 2 and 1 hours before `now`.
      await db.review.update({ where: { id: review.id }, data: { createdAt: new Date(now.getTime() - (3 - hour) * 3600_000) } });
    }
    const before = await ratingOf(restaurant.id);
    const fourth = await placedOrder(customer.id, restaurant.id);
    await expect(reviews.createReview(customer, body(fourth, 1), now)).rejects.toMatchObject({
      status: 429,
      message: "You can write at most 3 reviews a day. Try again later.",
      headers: { "Retry-After": String(21 * 3600) },
    });
    expect(await ratingOf(restaurant.id)).toEqual(before);
    expect(await db.review.findUnique({ where: { orderId: fourth.id } })).toBeNull();

    // Once the oldest is more than 24 hours old, there is room for one more.
    const later = new Date(now.getTime() + 21 * 3600_000 + 1000);
    await expect(reviews.createReview(customer, body(fourth, 1), later)).resolves.toMatchObject({ orderId: fourth.id });
  });

  it("counts per account: another customer still reviews", async () => {
    const { restaurant } = await shop();
    const [busy, other] = [await newUser(), await newUser()];
    for (let i = 0; i < 3; i++) await reviews.createReview(busy, body(await placedOrder(busy.id, restaurant.id)));
    await expect(reviews.createReview(busy, body(await placedOrder(busy.id, restaurant.id)))).rejects.toMatchObject({ status: 429 });
    await expect(reviews.createReview(other, body(await placedOrder(other.id, restaurant.id)))).resolves.toBeTruthy();
  });
});

describe("reviewableOrder: the form's card", () => {
  it("names the order in the page's language: English as ever, Spanish with its words and date", async () => {
    const { restaurant } = await shop();
    const customer = await newUser();
    const order = await db.order.update({ where: { id: (await placedOrder(customer.id, restaurant.id)).id }, data: { createdAt: new Date("2026-11-20T20:00:00Z") } });
    expect((await reviews.reviewableOrder(customer, restaurant.id, order.id))?.label).toBe(`Order #${order.id} · Nov 20, 2026 · 2 items`);
    expect((await reviews.reviewableOrder(customer, restaurant.id, order.id, "es"))?.label).toBe(`Pedido n.º ${order.id} · 20 nov 2026 · 2 artículos`);
  });
});
