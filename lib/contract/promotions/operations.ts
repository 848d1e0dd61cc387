import { z } from "zod";
import { pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { promotionInputSchema } from "@/lib/contract/promotions/rules";
import { deletedSchema } from "../common/schemas";
import { promotionSchema } from "./schemas";
import { op, operator, restaurantManager } from "../define";

// A restaurant owner's promotions (docs/architecture/promotions.md).

export const managePromotionOperations = [
  op("GET /api/manage/{id}/promotions", {
    summary:
      "One page of the restaurant's promotions (codes and automatic offers, not deleted), newest first, each with its `state` (scheduled, active, ended, used_up) and `results` (orders, discount, sales, new customers: one grouped statement); every one is funded by the restaurant (docs/architecture/promotions.md)",
    access: restaurantManager,
    paging: "limit-offset",
    query: pagingSchema,
    ok: {
      description: "One page",
      schema: z.object({ promotions: z.array(promotionSchema), hasMore: z.boolean(), nextOffset: z.number().int().nullable() }),
    },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" } }, list: { as: "owner", path: { id: "$restaurant" } } },
  }),
  op("POST /api/manage/{id}/promotions", {
    summary:
      "Create a promotion: a `code` (4-16 letters or digits, case-insensitive, spaces trimmed; unique per restaurant) or none for an automatic offer; kind percent (value: whole percent), amount (value: dollars) or free_delivery; or an offer without a code: bogo (`dishId`: of every two of that dish one is free), free_item (`dishId` free once the rest of the items reach `minSubtotal`), section_percent (value: whole percent off `sectionId`'s dishes, in the daily window `windowFrom`-`windowUntil`, HH:MM in the restaurant's zone, the end after the start); `stacksWithCode`: the offer applies beside a code (each on the order before discounts, together at most the items), otherwise a code wins; maxDiscount, minSubtotal, startsAt, endsAt, firstOrderOnly, perCustomerLimit (null: no limit; left out: no limit for an automatic offer, 1 for a code), totalLimit; startsAt/endsAt are instants with an offset (the owner's form sends them typed in the restaurant's time zone). Funded by the restaurant; a dish or section of another restaurant is a 400 naming it",
    access: restaurantManager,
    body: promotionInputSchema,
    ok: { status: 201, description: "The promotion", schema: z.object({ promotion: promotionSchema }) },
    errors: {
      400: "A field refused (`dishId` or `sectionId` not of this restaurant, `windowUntil` before `windowFrom`, a negative `value`...)",
      404: "Unknown restaurant, or not yours",
      409: "The restaurant already has a live promotion with this code (`code`), or already 50 promotions",
    },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { kind: "percent", value: 10 } }, fuzz: { valid: { kind: "percent", value: 10, code: "FUZZ10" } } },
  }),
  op("PUT /api/manage/{id}/promotions/{promotionId}", {
    summary: "Replace every field of a promotion (the same body as create); its redemptions so far stay counted. A platform-funded offer is the operator's: 404 here",
    access: restaurantManager,
    body: promotionInputSchema,
    ok: { description: "The promotion", schema: z.object({ promotion: promotionSchema }) },
    errors: { 404: "Unknown restaurant or promotion, or not yours", 409: "The restaurant already has a live promotion with this code (`code`)" },
    fixture: { matrix: { path: { id: "$restaurant", promotionId: "$promotion" }, body: { kind: "amount", value: 3 } }, fuzz: { valid: { kind: "amount", value: 2 } } },
  }),
  op("DELETE /api/manage/{id}/promotions/{promotionId}", {
    summary: "End a promotion: no longer offered, its code free again; orders that took it keep it",
    access: restaurantManager,
    ok: { description: "Deleted", schema: deletedSchema },
    errors: { 404: "Unknown restaurant or promotion, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant", promotionId: "$promotion" } } },
  }),
];

/** The platform's offers at a restaurant (docs/architecture/promotions.md "Who pays"): an operator's, paid by the platform. */
export const platformOfferOperations = [
  op("GET /api/admin/restaurants/{id}/offers", {
    summary: "The restaurant's live platform-funded offers (at most 50), newest first, each with its state and results",
    access: operator,
    paging: { unpaged: "at most 50 live offers a restaurant" },
    ok: { description: "The offers", schema: z.object({ offers: z.array(promotionSchema) }) },
    errors: { 403: "Not an operator, or the operator's own restaurant", 404: "Unknown restaurant" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("POST /api/admin/restaurants/{id}/offers", {
    summary:
      "Run an automatic offer at the restaurant that the platform pays for (`fundedBy: platform`): the owner's promotion body without a code (a code is a 400 beside `code`); the settlement takes its discount from the ledger's promotions account, so the restaurant gets its full share",
    access: operator,
    body: promotionInputSchema,
    ok: { status: 201, description: "The offer", schema: z.object({ offer: promotionSchema }) },
    errors: {
      400: "A field refused, named (`code`, `dishId`, `windowUntil`...)",
      403: "Not an operator, or the operator's own restaurant",
      404: "Unknown restaurant",
      409: "Already 50 promotions",
      429: "Too many operator actions in a minute",
    },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { kind: "amount", value: 2 } }, fuzz: { valid: { kind: "amount", value: 2 } } },
  }),
  op("DELETE /api/admin/restaurants/{id}/offers/{promotionId}", {
    summary: "End a platform offer: no longer offered; orders that took it keep it, and the platform still pays their discount",
    access: operator,
    ok: { description: "Ended", schema: deletedSchema },
    errors: { 403: "Not an operator, or the operator's own restaurant", 404: "Unknown restaurant or platform offer", 429: "Too many operator actions in a minute" },
    fixture: { matrix: { path: { id: "$restaurant", promotionId: "$promotion" } } },
  }),
];
