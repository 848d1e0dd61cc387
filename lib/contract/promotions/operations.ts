import { z } from "zod";
import { pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { promotionInputSchema } from "@/lib/contract/promotions/rules";
import { deletedSchema } from "../common/schemas";
import { promotionSchema } from "./schemas";
import { op, restaurantManager } from "../define";

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
      "Create a promotion: a `code` (4-16 letters or digits, case-insensitive, spaces trimmed; unique per restaurant) or none for an automatic offer; kind percent (value: whole percent), amount (value: dollars) or free_delivery; maxDiscount, minSubtotal, startsAt, endsAt, firstOrderOnly, perCustomerLimit (null: no limit; left out: no limit for an automatic offer, 1 for a code), totalLimit; startsAt/endsAt are instants with an offset (the owner's form sends them typed in the restaurant's time zone)",
    access: restaurantManager,
    body: promotionInputSchema,
    ok: { status: 201, description: "The promotion", schema: z.object({ promotion: promotionSchema }) },
    errors: { 404: "Unknown restaurant, or not yours", 409: "The restaurant already has a live promotion with this code (`code`), or already 50 promotions" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { kind: "percent", value: 10 } }, fuzz: { valid: { kind: "percent", value: 10, code: "FUZZ10" } } },
  }),
  op("PUT /api/manage/{id}/promotions/{promotionId}", {
    summary: "Replace every field of a promotion (the same body as create); its redemptions so far stay counted",
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
