import { said } from "@/lib/shared/words/said";
// The owner's reply to a review: its limits and messages, without zod, for the
// reply form and the API schema (../review-reply.ts) alike.

export const REVIEW_REPLY_MAX = 1000;
export const REPLY_SAID = {
  text: said("messages.replyText"),
  tooLong: said("messages.replyMax", { max: REVIEW_REPLY_MAX }),
  failed: said("rules.screens.replyFailed"),
} as const;
