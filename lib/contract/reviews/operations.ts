import { pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { createReviewSchema, updateReviewSchema } from "@/lib/contract/reviews/rules";
import { messageSchema } from "../common/schemas";
import { reviewSchema } from "./schemas";
import { op, list, reviewData, anyone, signedIn, member, author } from "../define";

// Reviews of placed orders.

export const reviewOperations = [
  op("GET /api/reviews/restaurant/{id}", {
    summary: "A restaurant's reviews, newest first",
    access: anyone,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "The reviews", schema: list("data", reviewSchema) },
    errors: { 404: "Unknown restaurant" },
    fixture: { matrix: { path: { id: "$restaurant" } }, list: { as: "anyone", path: { id: "$restaurant" } } },
  }),
  op("GET /api/reviews/user", {
    summary: "The caller's reviews, newest first",
    access: signedIn,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "The reviews", schema: list("data", reviewSchema) },
    fixture: { matrix: {}, list: { as: "customer" } },
  }),
  op("POST /api/reviews", {
    summary: "Review one of one's placed (not canceled) orders of that restaurant; one per order",
    access: member,
    body: createReviewSchema,
    ok: { status: 201, description: "The review", schema: reviewData },
    errors: {
      403: "A guest, or the order is from one's own restaurant",
      404: "Unknown order, or not yours",
      409: "Already reviewed, not placed yet, or canceled",
      429: "Too many reviews today",
    },
    fixture: {
      matrix: {
        private: true,
        body: { restaurant_id: "$reviewable.restaurantId", order_id: "$reviewable.id", review: "$reviewText", order_rating: 5, restaurant_rating: 4 },
      },
      fuzz: { valid: { restaurant_id: "$restaurant", order_id: "$order", review: "Fine.", order_rating: 5, restaurant_rating: 4 } },
    },
  }),
  op("PUT /api/reviews/{id}", {
    summary: "Edit one's review (text or ratings)",
    access: author,
    body: updateReviewSchema,
    ok: { description: "The review", schema: reviewData },
    errors: { 404: "Unknown review, or not yours" },
    fixture: { matrix: { path: { id: "$review" }, body: { review: "Edited by someone", restaurant_rating: 1 } }, fuzz: { valid: { review: "Edited." } } },
  }),
  op("DELETE /api/reviews/{id}", {
    summary: "Delete one's review",
    access: author,
    ok: { description: "Deleted", schema: messageSchema },
    errors: { 404: "Unknown review, or not yours" },
    fixture: { matrix: { path: { id: "$review" } } },
  }),
];
