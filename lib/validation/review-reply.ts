import { z } from "zod";
import { requiredText } from "./fields";

// The restaurant owner's reply to a review (issue 63 item 6): text rules like a review's
// (NFC, trimmed, zero-width-only refused), shorter.

export const REVIEW_REPLY_MAX = 1000;
export const REPLY_MESSAGES = {
  text: "Please write a reply before saving.",
  tooLong: `A reply can be at most ${REVIEW_REPLY_MAX} characters`,
} as const;

/** POST and PUT /api/reviews/{id}/reply { text }. */
export const reviewReplySchema = z.object({
  text: requiredText("Reply", REPLY_MESSAGES.text, { multiline: true }).max(REVIEW_REPLY_MAX, REPLY_MESSAGES.tooLong),
});
export type ReviewReplyInput = z.output<typeof reviewReplySchema>;
