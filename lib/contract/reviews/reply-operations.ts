import { z } from "zod";
import { reviewActionSchema } from "@/lib/contract/operators/rules";
import { reviewReplySchema } from "@/lib/contract/reviews/reply-rules";
import { operatorReviewSchema } from "../operators/schemas";
import { messageSchema } from "../common/schemas";
import { op, reviewData, operator, managerOf } from "../define";

// The restaurant owner's one public reply to a review, and the operator hiding it
// (docs/architecture/cart-checkout-reviews.md "Owner replies"). One reply per review, as on Uber Eats:
// a second POST is a 409; PUT edits it.

const notYours = "Unknown review, a review of another restaurant, or one an operator hid";

export const reviewReplyOperations = [
  op("POST /api/reviews/{id}/reply", {
    summary: "Reply publicly to a review of one's restaurant (one reply per review); the review's JSON comes back with its `reply`",
    access: managerOf("review"),
    body: reviewReplySchema,
    ok: { status: 201, description: "The review with the reply", schema: reviewData },
    errors: { 404: notYours, 409: "The review already has a reply (edit it with PUT)" },
    fixture: { matrix: { path: { id: "$ownersReview" }, body: { text: "Thank you for coming!" } }, fuzz: { valid: { text: "Thanks!" } } },
  }),
  op("PUT /api/reviews/{id}/reply", {
    summary: "Edit one's reply to a review of one's restaurant (an operator's hiding stays)",
    access: managerOf("review"),
    body: reviewReplySchema,
    ok: { description: "The review with the reply", schema: reviewData },
    errors: { 404: `${notYours}; or no reply yet` },
    fixture: { matrix: { path: { id: "$repliedReview" }, body: { text: "Thank you again!" } }, fuzz: { valid: { text: "Thanks again." } } },
  }),
  op("DELETE /api/reviews/{id}/reply", {
    summary: "Remove one's reply to a review of one's restaurant",
    access: managerOf("review"),
    ok: { description: "Removed", schema: messageSchema },
    errors: { 404: `${notYours}; or no reply` },
    fixture: { matrix: { path: { id: "$repliedReview" } } },
  }),
  op("POST /api/admin/reviews/{id}/reply", {
    summary: "Hide (from everyone but the restaurant's owner, who sees why) or restore the owner's reply to a review; recorded in the audit log",
    access: operator,
    body: reviewActionSchema,
    ok: { description: "The review as it now stands", schema: z.object({ review: operatorReviewSchema }) },
    errors: {
      403: "Not an operator, or the operator's own restaurant",
      404: "Unknown review, or no reply",
      409: "Already hidden, or not hidden",
      429: "Too many operator actions in a minute",
    },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], path: { id: "$repliedReview" }, body: { action: "hide", reason: "Matrix check" } },
      fuzz: { valid: { action: "hide", reason: "Fuzz" } },
    },
  }),
];
