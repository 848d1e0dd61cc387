import { said } from "@/lib/shared/words/said";
// The review messages, verbatim. Zod-free: the review pages show them
// without shipping zod; ../review.ts builds the schemas with them and re-exports them.

export const REVIEW_SAID = {
  text: said("messages.reviewText"),
  ratings: said("messages.reviewRatings"),
  submitFailed: said("rules.screens.reviewFailed"),
  error: said("rules.screens.error"),
  updateFailed: said("rules.screens.reviewUpdateFailed"),
  success: said("rules.screens.reviewSent"),
  empty: said("rules.screens.noReviews"),
} as const;
