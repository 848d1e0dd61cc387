import type { ReviewReplyJson } from "@/lib/contract/reviews/schemas";
import type { ReviewReply } from "@/lib/generated/prisma/client";

// The owner's reply as the review JSON carries it, and the rule that keeps a
// reply an operator hid from everyone but the restaurant's owner.

export function replyToJson(reply: ReviewReply | null): ReviewReplyJson | null {
  if (!reply) return null;
  return {
    text: reply.text,
    createdAt: reply.createdAt.toISOString(),
    updatedAt: reply.updatedAt.toISOString(),
    hidden: reply.hiddenAt ? { at: reply.hiddenAt.toISOString(), reason: reply.hiddenReason ?? "" } : null,
  };
}

/** The row as a customer sees it: a hidden reply is no reply. */
export const withoutHiddenReply = <R extends { reply: ReviewReply | null }>(row: R): R => (row.reply?.hiddenAt ? { ...row, reply: null } : row);
