import { z } from "zod";
import { membershipCardSchema, membershipPlanSchema, subscribeSchema } from "./rules";
import { membershipAnswerSchema, membershipPlanJsonSchema, membershipStateSchema, planReportSchema } from "./schemas";
import { member, op, operator } from "../define";

// Memberships (docs/architecture/membership.md): the operator's plans per market and their report;
// a customer's subscription on a saved card (the provider's recurring billing), its card, its cancellation.
export const membershipOperations = [
  op("GET /api/membership", {
    summary: "One's membership (null when none), the plans offered and the refund rule",
    access: member,
    paging: { unpaged: "one record: the membership and the plans" },
    ok: { description: "The membership and the plans", schema: membershipStateSchema },
    errors: { 403: "A guest account" },
    fixture: { matrix: {} },
  }),
  op("POST /api/membership", {
    summary:
      "Subscribes to a plan (`planId`, not retired) on a saved card (`paymentMethodId`, else the default): the first month charged now through the provider's recurring billing, or nothing during the plan's trial. One Idempotency-Key subscribes once; one live membership per account",
    access: member,
    body: subscribeSchema,
    idempotent: { scope: "membership.subscribe" },
    ok: { status: 201, description: "The membership", schema: membershipAnswerSchema },
    errors: {
      400: "An unknown or retired plan (beside `planId`), a card not saved (beside `paymentMethodId`); nothing charged",
      402: "The card was declined (beside `paymentMethodId`); nothing charged, no membership",
      403: "A guest account",
      409: "Already a member",
      422: "No saved card",
    },
    fixture: { matrix: { body: { planId: 999_999 }, status: 400 }, fuzz: { valid: { planId: 999_999 } } },
  }),
  op("PUT /api/membership", {
    summary: "The card renewals are charged to (`paymentMethodId`, a saved card); a past-due membership is charged again at once",
    access: member,
    body: membershipCardSchema,
    ok: { description: "The membership", schema: membershipAnswerSchema },
    errors: { 400: "A card not saved (beside `paymentMethodId`)", 403: "A guest account", 404: "Not a member" },
    fixture: { matrix: { body: { paymentMethodId: 999_999 }, status: 404 }, fuzz: { valid: { paymentMethodId: 999_999 } } },
  }),
  op("DELETE /api/membership", {
    summary:
      "Cancels one's membership: no renewal; the benefits last to the period's end. The refund rule: a paid period whose benefits no order used is refunded in full and the membership ends now",
    access: member,
    ok: { description: "The membership as it stands, and what was refunded", schema: membershipAnswerSchema },
    errors: { 403: "A guest account", 404: "Not a member", 409: "Already canceled" },
    fixture: { matrix: { status: 404 } },
  }),
  op("GET /api/admin/membership-plans", {
    summary: "Every membership plan with its members, churn (30 days), revenue and the cost of its benefit to the platform",
    access: operator,
    paging: { unpaged: "every plan: a few per market" },
    ok: { description: "The plans and their report", schema: z.object({ plans: z.array(planReportSchema) }) },
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
  op("POST /api/admin/membership-plans", {
    summary:
      "A plan in a market (`marketId`): `price` a month and `basket` (the item subtotal from which delivery is free) in units of the market's currency, `serviceFeeDiscountPercent` (0-100), `trialDays` (optional); audited",
    access: operator,
    body: membershipPlanSchema,
    ok: { status: 201, description: "The plan", schema: membershipPlanJsonSchema },
    errors: { 400: "A bad amount, or a market that does not exist (beside the field); nothing saved" },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], body: { marketId: 999_999, name: "Matrix", price: 9.99, basket: 35, serviceFeeDiscountPercent: 50 }, status: 400 },
      fuzz: { valid: { marketId: 999_999, name: "Fuzz", price: 9.99, basket: 35, serviceFeeDiscountPercent: 50 } },
    },
  }),
  op("POST /api/admin/membership-plans/{id}/retire", {
    summary: "Retires a plan: no one can subscribe to it any more; its members keep it (renewed as before) until they cancel; audited",
    access: operator,
    ok: { description: "The plan, retired", schema: membershipPlanJsonSchema },
    errors: { 404: "Unknown plan", 409: "Retired already" },
    fixture: { matrix: { before: ["$ownerIsCourier"], path: { id: 999_999 }, status: 404 } },
  }),
];
