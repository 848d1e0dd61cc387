import { createReviewSchema } from "@/lib/contract/reviews/rules";

// The review form's check: the API's own schema for the text and the two ratings. It brings
// zod, so the form loads this module lazily (review-form.tsx).

export const reviewFieldsSchema = createReviewSchema.pick({ review: true, orderRating: true, restaurantRating: true });
