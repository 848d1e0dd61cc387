import { z } from "zod";
import { requiredText } from "../common/field-rules";
import { REPLY_SAID, REVIEW_REPLY_MAX } from "../zod-free/reply-rules";
import { word } from "@/lib/shared/words/said";

// The restaurant owner's reply to a review: text rules like a review's
// (NFC, trimmed, zero-width-only refused), shorter.

export { REPLY_SAID, REVIEW_REPLY_MAX } from "../zod-free/reply-rules";

/** POST and PUT /api/reviews/{id}/reply { text }. */
export const reviewReplySchema = z.object({
  text: requiredText(word("reply"), REPLY_SAID.text, { multiline: true }).max(REVIEW_REPLY_MAX, REPLY_SAID.tooLong),
});
export type ReviewReplyInput = z.output<typeof reviewReplySchema>;
