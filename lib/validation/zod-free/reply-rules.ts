// The owner's reply to a review: its limits and messages, without zod, for the
// reply form and the API schema (../review-reply.ts) alike.

export const REVIEW_REPLY_MAX = 1000;
export const REPLY_MESSAGES = {
  text: "Please write a reply before saving.",
  tooLong: `A reply can be at most ${REVIEW_REPLY_MAX} characters`,
  failed: "Failed to save the reply. Please try again.",
} as const;
