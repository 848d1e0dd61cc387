import { z } from "zod";
import { courierApplicationInputSchema } from "@/lib/contract/couriers/onboarding-rules";
import {
  operatorCouriersPageSchema,
  operatorDeliveriesPageSchema,
  operatorRestaurantSchema,
  operatorRestaurantsPageSchema,
  operatorReviewSchema,
  operatorReviewsPageSchema,
  operatorUserDetailSchema,
  operatorUserSchema,
  operatorUsersPageSchema,
  auditPageSchema,
  courierApplicationSchema,
  dashboardSchema,
} from "./schemas";
import {
  operatorAuditQuerySchema,
  operatorCouriersQuerySchema,
  operatorDeliveriesQuerySchema,
  operatorRestaurantsQuerySchema,
  operatorReviewsQuerySchema,
  operatorUserDetailQuerySchema,
  operatorUsersQuerySchema,
  courierActionSchema,
  deliveryActionSchema,
  restaurantActionSchema,
  reviewActionSchema,
  userActionSchema,
} from "@/lib/contract/operators/rules";
import { op, member, operator } from "../define";

// Applying to deliver, and the operator console (docs/architecture/operator.md): every operator call is recorded in the audit log with its reason.

export const operatorOperations = [
  op("POST /api/courier/apply", {
    summary:
      "Apply to deliver for Nosh with your `vehicle` (bike, e_bike, scooter, car; a bike when left out): the account waits for an operator's approval before the courier app opens to it (docs/architecture/operator.md); the background check is ordered, and a scooter or a car needs a driving licence and insurance approved (POST /api/courier/documents) before its first shift (docs/architecture/courier-onboarding.md)",
    access: member,
    body: courierApplicationInputSchema,
    ok: { status: 201, description: "The application", schema: courierApplicationSchema },
    errors: { 403: "A guest account, or an account whose email is not verified yet", 409: "Already applied, a courier, or a suspended courier" },
    // The matrix's owner is verified (e2e/account/email-verification.api.spec.ts proves the unverified 403).
    fixture: { matrix: { fresh: true } },
  }),

  // Operator (docs/architecture/operator.md): every call is recorded in the audit log with its reason.
  op("GET /api/admin", {
    summary:
      "The dashboard: orders in the last hour, open orders by stage, couriers on shift, restaurants not taking orders, courier applications; each with the console page that lists it",
    access: operator,
    paging: { unpaged: "the operator's dashboard: a few figures" },
    ok: { description: "The tiles", schema: dashboardSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
  op("GET /api/admin/restaurants", {
    summary: "Restaurants by name, city or id (`q`) and `status` (taking, closed, suspended), by name",
    access: operator,
    paging: "limit-offset",
    query: operatorRestaurantsQuerySchema,
    ok: { description: "A page of restaurants", schema: operatorRestaurantsPageSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"], query: { q: "$restaurantName" } }, list: { as: "operator" } },
  }),
  op("POST /api/admin/restaurants/{id}", {
    summary:
      "Suspend (hidden from lists and search, new orders refused, open orders unaffected; the owner sees the reason), restore, or set the commission override (`commissionPercent`, null: the platform's default)",
    access: operator,
    body: restaurantActionSchema,
    ok: { description: "The restaurant as it now stands", schema: z.object({ restaurant: operatorRestaurantSchema }) },
    errors: {
      403: "Not an operator, or the operator's own restaurant",
      404: "Unknown restaurant",
      409: "Already suspended, or not suspended",
      429: "Too many operator actions in a minute",
    },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], path: { id: "$restaurant" }, body: { action: "suspend", reason: "Matrix check" } },
      fuzz: { valid: { action: "suspend", reason: "Fuzz" } },
    },
  }),
  op("GET /api/admin/reviews", {
    summary: "Reviews newest first, by text or restaurant name (`q`) and `status` (visible, hidden)",
    access: operator,
    paging: "limit-offset",
    query: operatorReviewsQuerySchema,
    ok: { description: "A page of reviews", schema: operatorReviewsPageSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] }, list: { as: "operator" } },
  }),
  op("POST /api/admin/reviews/{id}", {
    summary: "Hide (out of the public list and the restaurant's rating; its author and the owner see why) or restore a review",
    access: operator,
    body: reviewActionSchema,
    ok: { description: "The review as it now stands", schema: z.object({ review: operatorReviewSchema }) },
    errors: {
      403: "Not an operator, or the operator's own review or restaurant",
      404: "Unknown review",
      409: "Already hidden, or not hidden",
      429: "Too many operator actions in a minute",
    },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], path: { id: "$review" }, body: { action: "hide", reason: "Matrix check" } },
      fuzz: { valid: { action: "hide", reason: "Fuzz" } },
    },
  }),
  op("GET /api/admin/couriers", {
    summary: "Courier accounts and applications by `status` (applied, approved, suspended) and name or email (`q`), with their shift",
    access: operator,
    paging: "limit-offset",
    query: operatorCouriersQuerySchema,
    ok: { description: "A page of couriers", schema: operatorCouriersPageSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] }, list: { as: "operator" } },
  }),
  op("GET /api/admin/deliveries", {
    summary:
      "Deliveries that need an operator: `status=flagged` (the default; a step taken away from its stop, those whose pay waits for a decision first) or `status=failed` (with the courier's own note), newest first",
    access: operator,
    paging: "limit-offset",
    query: operatorDeliveriesQuerySchema,
    ok: { description: "A page of deliveries", schema: operatorDeliveriesPageSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] }, list: { as: "operator", query: { status: "failed" } } },
  }),
  op("POST /api/admin/deliveries/{id}", {
    summary:
      "Decide a flagged delivery's pay, waiting in clearing: `approve` (to the courier's earnings) or `refuse` (back to the customer's wallet or card); once, in the audit log",
    access: operator,
    body: deliveryActionSchema,
    ok: {
      description: "The decision and the amount moved (0 when a refund took it back already)",
      schema: z.object({ delivery: z.object({ id: z.number().int(), payDecision: z.enum(["approved", "refused"]), amount: z.number() }) }),
    },
    errors: {
      403: "Not an operator, or the operator's own delivery or order",
      404: "Not a flagged delivery",
      409: "Not delivered, or already decided",
      429: "Too many operator actions in a minute",
    },
    fixture: {
      matrix: { fresh: true, path: { id: "$pickedUpJob" }, body: { action: "approve", reason: "Matrix check" } },
      fuzz: { valid: { action: "approve", reason: "Fuzz" } },
    },
  }),
  op("POST /api/admin/couriers/{id}", {
    summary:
      "Approve an application (the courier may then go on shift) or refuse it (the person may apply again), warn a courier, suspend one (off shift at once), or restore one; the person is told (bell and email). A suspension keeps the courier's published rule, a warning and then a new fault (a late or failed delivery, a thumbs down) after it; without them `override` (20 to 500 characters) says why it goes ahead anyway, and the courier reads it on their record (`safety: true` marks it a safety report)",
    access: operator,
    body: courierActionSchema,
    ok: {
      description: "The courier's new status",
      schema: z.object({ courier: z.object({ id: z.number().int(), status: z.enum(["applied", "approved", "suspended", "refused"]) }) }),
    },
    errors: {
      403: "Not an operator, or the operator's own account",
      404: "Not a courier or applicant",
      409: "Not in a state that allows it, or carrying deliveries; a suspension without a warning and a new fault after it and no `override` (`errors.override` says which is missing)",
      429: "Too many operator actions in a minute",
    },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], path: { id: "$owner" }, body: { action: "suspend", reason: "Matrix check" } },
      fuzz: { valid: { action: "approve", reason: "Fuzz" } },
    },
  }),
  op("GET /api/admin/users", {
    summary: "Users by email, phone number, name or id (`q`), newest first",
    access: operator,
    paging: "limit-offset",
    query: operatorUsersQuerySchema,
    ok: { description: "A page of users", schema: operatorUsersPageSchema },
    // Two demo users (Marcus Chen, Sofia Marchetti): the whole list moves while other workers sign up.
    fixture: { matrix: { before: ["$ownerIsCourier"], query: { q: "$ownerEmail" } }, list: { as: "operator", query: { q: "mar" } } },
  }),
  op("GET /api/admin/users/{id}", {
    summary: "One user, with a page (`limit`, `offset`) of their orders and of their wallet ledger, newest first (read only)",
    access: operator,
    paging: { unpaged: "one user, with a page of their orders and of their ledger (each by ?limit= and ?offset=)" },
    query: operatorUserDetailQuerySchema,
    ok: { description: "The user", schema: operatorUserDetailSchema },
    errors: { 404: "Unknown user" },
    fixture: { matrix: { before: ["$ownerIsCourier"], path: { id: "$owner" } } },
  }),
  op("POST /api/admin/users/{id}", {
    summary: "Suspend sign-in (every session ends at once; login refused with the reason) or restore it",
    access: operator,
    body: userActionSchema,
    ok: { description: "The user as they now stand", schema: z.object({ user: operatorUserSchema }) },
    errors: {
      403: "Not an operator, or the operator's own account",
      404: "Unknown user",
      409: "Already in that state, or an operator",
      429: "Too many operator actions in a minute",
    },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], path: { id: "$owner" }, body: { action: "suspend", reason: "Matrix check" } },
      fuzz: { valid: { action: "suspend", reason: "Fuzz" } },
    },
  }),
  op("GET /api/admin/audit", {
    summary: "The audit log, newest first, optionally of one target (`targetType`, `targetId`): who did what, to what, when and why. Never editable",
    access: operator,
    paging: "limit-offset",
    query: operatorAuditQuerySchema,
    ok: { description: "A page of entries", schema: auditPageSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] }, list: { as: "operator", query: { targetType: "restaurant", targetId: "$restaurant" } } },
  }),
];
