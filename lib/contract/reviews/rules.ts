import { z } from "zod";
import { requiredText } from "../common/field-rules";
import { idNumber as id } from "../common/id-rules";
import { REVIEW_SAID } from "../zod-free/review-messages";
import { said, word } from "@/lib/shared/words/said";

export { REVIEW_SAID } from "../zod-free/review-messages";

// Review rules, messages verbatim; shared by the review form and the API.

const rating = z.number({ error: REVIEW_SAID.ratings }).int(REVIEW_SAID.ratings).min(1, REVIEW_SAID.ratings).max(5, REVIEW_SAID.ratings);
const text = requiredText(word("review"), REVIEW_SAID.text, { multiline: true }).max(2000, said("rules.review.max"));

/** POST /api/reviews/ { restaurant_id, order_id, review, order_rating, restaurant_rating }. */
export const createReviewSchema = z.object({
  restaurantId: id("restaurant_id"),
  orderId: id("order_id"),
  review: text,
  orderRating: rating,
  restaurantRating: rating,
});
export type CreateReviewInput = z.output<typeof createReviewSchema>;

/** PUT /api/reviews/{id}: any of the text and the two ratings. */
export const updateReviewSchema = createReviewSchema.pick({ review: true, orderRating: true, restaurantRating: true }).partial();
export type UpdateReviewInput = z.output<typeof updateReviewSchema>;
