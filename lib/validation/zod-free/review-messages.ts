// The review messages, verbatim. Zod-free: the review pages show them
// without shipping zod; ../review.ts builds the schemas with them and re-exports them.

export const REVIEW_MESSAGES = {
  text: "Please write a review before submitting.",
  ratings: "Please select a rating for both order and restaurant.",
  submitFailed: "Failed to submit review. Please try again.",
  error: "An error occurred. Please try again.",
  updateFailed: "Failed to update review",
  success: "Review submitted successfully!",
  empty: "No reviews yet!",
} as const;
