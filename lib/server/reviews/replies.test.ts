import { describe, expect, it } from "vitest";
import { operatorReviewsQuerySchema } from "@/lib/contract/operators/rules";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { REPLY_SAID, REVIEW_REPLY_MAX, reviewReplySchema } from "@/lib/contract/reviews/reply-rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// The restaurant owner's reply to a review on a real, migrated database: one per
// review (a second create is a 409), edited and removed by the owner only (anyone else: 404), shown
// in every review list; an operator hides it (audited), and then only the owner sees it.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  place: await import("../orders/place"),
  reviews: await import("./reviews"),
  replies: await import("./replies"),
  operatorReviews: await import("../operators/reviews"),
  operatorReplies: await import("../operators/review-replies"),
  bell: await import("../notifications/read"),
};
const { db } = m;

const card = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });
async function reviewedShop(name: string) {
  const owner = await db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput(name));
  const dish = await db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  const author = await db.user.create({ data: { firstName: "Ben" } });
  const cart = { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 1 }], submit: card };
  const order = await m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, author, { cart } as never, card, paymentFor(card)));
  const review = await m.reviews.createReview(author, { restaurantId: restaurant.id, orderId: order.id, review: "Cold.", orderRating: 2, restaurantRating: 2 });
  return { owner, restaurant, author, review };
}
const page = { limit: 20, offset: 0 };
const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { status?: number }) => error.status,
  );

describe("an owner's reply to a review", () => {
  it("is written once, edited and removed by the restaurant's owner only, and listed with the review", async () => {
    const s = await reviewedShop("Reply Noodle Bar");
    const stranger = await db.user.create({ data: { firstName: "Other", restaurantOwner: true } });

    expect(await code(m.replies.createReply(stranger, s.review.id, { text: "Not mine" }))).toBe(404);
    expect(await code(m.replies.createReply(s.author, s.review.id, { text: "Mine?" }))).toBe(404);
    const created = m.reviews.reviewToJson(await m.replies.createReply(s.owner, s.review.id, { text: "Sorry, we fixed the oven." }));
    expect(created.reply).toMatchObject({ text: "Sorry, we fixed the oven.", hidden: null });
    // Uber Eats' rule: one reply per review; the second create is refused, not merged.
    expect(await code(m.replies.createReply(s.owner, s.review.id, { text: "Again" }))).toBe(409);
    // Two at once on a fresh review: one wins.
    const t = await reviewedShop("Race Reply Cafe");
    const raced = await Promise.allSettled([0, 1].map((i) => m.replies.createReply(t.owner, t.review.id, { text: `Reply ${i}` })));
    expect(raced.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await db.reviewReply.count({ where: { reviewId: t.review.id } })).toBe(1);

    expect(await code(m.replies.updateReply(stranger, s.review.id, { text: "Edited by a stranger" }))).toBe(404);
    await m.replies.updateReply(s.owner, s.review.id, { text: "Sorry: the oven is fixed." });
    const listed = (await m.reviews.listRestaurantReviews(s.restaurant.id, page)).map(m.reviews.reviewToJson);
    expect(listed.map((r) => r.reply?.text)).toEqual(["Sorry: the oven is fixed."]);
    expect(m.reviews.reviewToJson((await m.reviews.listUserReviews(s.author, page))[0]!).reply?.text).toBe("Sorry: the oven is fixed.");

    expect(await code(m.replies.deleteReply(stranger, s.review.id))).toBe(404);
    await m.replies.deleteReply(s.owner, s.review.id);
    expect(m.reviews.reviewToJson((await m.reviews.listRestaurantReviews(s.restaurant.id, page))[0]!).reply).toBeNull();
    expect(await code(m.replies.deleteReply(s.owner, s.review.id))).toBe(404);
    expect(await code(m.replies.updateReply(s.owner, s.review.id, { text: "Nothing to edit" }))).toBe(404);
  });

  it("is hidden by an operator (audited): customers no longer see it, the owner sees why; restored it is back", async () => {
    const s = await reviewedShop("Hidden Reply Diner");
    const nia = await db.user.create({ data: { firstName: "Nia", operator: true } });
    expect(await code(m.operatorReplies.actOnReviewReply(nia, s.review.id, { action: "hide", reason: "No reply" }))).toBe(404);
    await m.replies.createReply(s.owner, s.review.id, { text: "You are wrong and rude." });

    const hidden = await m.operatorReplies.actOnReviewReply(nia, s.review.id, { action: "hide", reason: "Insulting a customer" });
    expect(hidden.reply?.hidden).toMatchObject({ reason: "Insulting a customer" });
    expect(await code(m.operatorReplies.actOnReviewReply(nia, s.review.id, { action: "hide", reason: "Twice" }))).toBe(409);
    const publicView = (await m.reviews.listRestaurantReviews(s.restaurant.id, page)).map(m.reviews.reviewToJson);
    expect(publicView.map((r) => r.reply)).toEqual([null]);
    expect(m.reviews.reviewToJson((await m.reviews.listUserReviews(s.author, page))[0]!).reply).toBeNull();
    const ownerView = (await m.reviews.listRestaurantReviews(s.restaurant.id, page, s.owner)).map(m.reviews.reviewToJson);
    expect(ownerView[0]!.reply).toMatchObject({ text: "You are wrong and rude.", hidden: { reason: "Insulting a customer" } });
    // A manager answers the reviews too, so sees it as the owner does; staff, like customers, do not.
    const [manager, cook] = await Promise.all(["Mara", "Cal"].map((firstName) => db.user.create({ data: { firstName } })));
    await db.restaurantMember.createMany({
      data: [
        { restaurantId: s.restaurant.id, userId: manager!.id, role: "manager" },
        { restaurantId: s.restaurant.id, userId: cook!.id, role: "staff" },
      ],
    });
    expect([
      await m.reviews.answersReviews(manager!, s.restaurant.id),
      await m.reviews.answersReviews(cook!, s.restaurant.id),
      await m.reviews.answersReviews(s.owner, s.restaurant.id),
    ]).toEqual([true, false, true]);
    expect(await m.reviews.answersReviews(s.author, s.restaurant.id)).toBe(false);
    const managerView = (await m.reviews.listRestaurantReviews(s.restaurant.id, page, manager!)).map(m.reviews.reviewToJson);
    expect(managerView[0]!.reply).toMatchObject({ hidden: { reason: "Insulting a customer" } });
    expect((await m.reviews.listRestaurantReviews(s.restaurant.id, page, cook!)).map(m.reviews.reviewToJson)[0]!.reply).toBeNull();
    // The owner's edit keeps it hidden.
    await m.replies.updateReply(s.owner, s.review.id, { text: "Sorry." });
    expect((await db.reviewReply.findUniqueOrThrow({ where: { reviewId: s.review.id } })).hiddenAt).not.toBeNull();
    // The operators' list carries it.
    const admin = await m.operatorReviews.listAdminReviews(nia, operatorReviewsQuerySchema.parse({ q: "Hidden Reply Diner" }));
    expect(admin.items[0]!.reply?.hidden?.reason).toBe("Insulting a customer");

    await m.operatorReplies.actOnReviewReply(nia, s.review.id, { action: "restore", reason: "Apologised" });
    expect(m.reviews.reviewToJson((await m.reviews.listRestaurantReviews(s.restaurant.id, page))[0]!).reply).toMatchObject({ text: "Sorry.", hidden: null });
    const audit = await db.auditLog.findMany({ where: { targetType: "review", targetId: s.review.id }, orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.action, a.reason])).toEqual([
      ["review_reply.hide", "Insulting a customer"],
      ["review_reply.restore", "Apologised"],
    ]);
    // The owner cannot answer a review an operator hid.
    const u = await reviewedShop("Hidden Review Grill");
    await m.operatorReviews.actOnReview(nia, u.review.id, { action: "hide", reason: "Spam" });
    expect(await code(m.replies.createReply(u.owner, u.review.id, { text: "Hello" }))).toBe(404);
  });

  it("takes text like a review's: NFC, trimmed, not blank or zero-width only, capped; errors name `text`", () => {
    expect(reviewReplySchema.parse({ text: "  Cafe\u0301 thanks \u200b" }).text).toBe("Café thanks");
    for (const text of ["", "   ", "\u200b\u200b", undefined]) {
      const result = reviewReplySchema.safeParse({ text });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ["text"], message: REPLY_SAID.text });
    }
    expect(reviewReplySchema.safeParse({ text: "x".repeat(REVIEW_REPLY_MAX + 1) }).error?.issues[0]).toMatchObject({ path: ["text"], message: REPLY_SAID.tooLong });
  });

  it("tells the review's author in the app, once: the first reply, not its edits, with a link to the restaurant's reviews", async () => {
    const s = await reviewedShop("Answering Grill");
    await m.replies.createReply(s.owner, s.review.id, { text: "Thank you, come back soon." });
    await m.replies.updateReply(s.owner, s.review.id, { text: "Thank you! Come back soon." });
    const { notifications } = await m.bell.listNotifications(s.author, page);
    const told = notifications.filter((n) => n.kind === "review_replied");
    expect(told).toEqual([expect.objectContaining({ title: "Answering Grill replied to your review", href: `/reviews/restaurant/${s.restaurant.id}` })]);
    // Only the author: the owner's bell has their new review, not the reply.
    expect((await m.bell.listNotifications(s.owner, page)).notifications.map((n) => n.kind)).not.toContain("review_replied");
  });
});
