import { pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { courierRatingSchema } from "@/lib/contract/couriers/rating-rules";
import { lowRatedQuerySchema } from "@/lib/contract/couriers/operator-rating-rules";
import { courierRatingAnswerSchema, lowRatedCouriersPageSchema, thumbsDownPageSchema } from "./rating-schemas";
import { op, author, operator } from "../define";

// Rating the courier after delivery (docs/architecture/courier-screens.md
// "Ratings"): the customer's thumbs, and the operators' lists. The courier's own figure is
// GET /api/courier's `rating`.

export const courierRatingOperations = [
  op("PUT /api/orders/{id}/courier-rating", {
    summary:
      "Rate the courier who delivered one's order: `thumbs` up or down; on down a `reason` (late, rude, wrong_handoff, food_damaged, ignored_instructions, other) and optional `note` words. One rating per order (however many requests race), changeable for 24 hours after delivery. The courier sees only the share of thumbs up and the reasons, never who rated or the words",
    access: author,
    body: courierRatingSchema,
    ok: { description: "The rating as it now stands", schema: courierRatingAnswerSchema },
    errors: {
      403: "A guest account",
      404: "Unknown order, or not yours",
      409: "The order is not delivered, no Nosh courier delivered it (pickup, the restaurant's own staff), or it was delivered more than 24 hours ago (beside `thumbs`)",
    },
    // The matrix's delivered order was closed by the restaurant itself: its owner is refused past the access check.
    fixture: {
      matrix: { path: { id: "$deliveredOrder" }, body: { thumbs: "down", reason: "late" }, status: 409 },
      fuzz: { valid: { thumbs: "down", reason: "late", note: "Cold." } },
    },
  }),
  op("GET /api/admin/courier-ratings/low", {
    summary:
      "Couriers whose share of thumbs up over their last 100 rated deliveries is under `below` percent with at least `min` ratings (both default to COURIER_RATING_ALERT, 80% over 20), lowest first, with the order of their latest thumbs down",
    access: operator,
    paging: "limit-offset",
    query: lowRatedQuerySchema,
    ok: { description: "A page of couriers", schema: lowRatedCouriersPageSchema },
    fixture: { matrix: {}, list: { as: "operator", query: { min: "1", below: "100" } } },
  }),
  op("GET /api/admin/courier-ratings/down", {
    summary: "The recent thumbs down, newest first: the courier, the order, the reason and the customer's words (none once their account is deleted)",
    access: operator,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "A page of thumbs down", schema: thumbsDownPageSchema },
    fixture: { matrix: {}, list: { as: "operator" } },
  }),
];
