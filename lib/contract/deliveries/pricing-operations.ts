import { z } from "zod";
import { marketPricingInputSchema, marketPricingQuerySchema, restaurantPricingInputSchema } from "@/lib/contract/deliveries/pricing-rules";
import { instant, money } from "../common/schemas";
import { op, operator, restaurantManager } from "../define";

// Delivery pricing (docs/architecture/money-and-orders.md "Delivery pricing"): the market's rule an
// operator sets, and a restaurant's own minimum order and free delivery.

const rule = z.object({
  mode: z.enum(["flat", "distance"]),
  flatFee: money.meta({ description: "flat: every delivery's fee; distance: the fee when the distance is not known" }),
  baseFee: money,
  perKm: money,
  bands: z
    .array(z.object({ upToKm: z.number(), fee: money }))
    .meta({ description: "distance: a delivery within a band pays its fee; beyond the last, baseFee + perKm x km" }),
  smallOrderFee: money.meta({ description: "Added to a delivery whose item subtotal is under smallOrderUnder (0: none)" }),
  smallOrderUnder: money,
  serviceFeePercent: z.number().meta({ description: "The service fee, a percentage of the item subtotal" }),
});
export const marketPricingSchema = rule.extend({
  spec: z.boolean().meta({ description: "Nothing set that changes a price: the spec's 6.49 flat, 10% fees" }),
  defaults: rule,
  updatedAt: instant.nullable(),
  updatedBy: z.object({ id: z.number().int(), firstName: z.string() }).nullable(),
  market: z.number().int().meta({ description: "The market whose rule this is (query `market`, 1 when not given)" }),
  currency: z.string().meta({ description: "The market's currency: every amount is in its major unit (dollars for USD)" }),
});
export const restaurantPricingSchema = z.object({ minOrder: money.nullable(), freeDeliveryOver: money.nullable() });

/** The spec's rule as a body: a matrix or fuzz call that got through changes no price another spec relies on. */
const SPEC_BODY = { mode: "flat", flatFee: 6.49, baseFee: 2.99, perKm: 0.75, bands: [], smallOrderFee: 0, smallOrderUnder: 0, serviceFeePercent: 10 };

export const deliveryPricingOperations = [
  op("GET /api/admin/delivery-pricing", {
    summary:
      "A market's delivery pricing in effect (query `market`, the default one when not given; amounts in its currency's major unit), the spec's defaults, and who set it last; an unknown market is a 404. A market with no rule set charges the spec's rule, its numbers in the market's currency",
    access: operator,
    query: marketPricingQuerySchema,
    paging: { unpaged: "one record: the rule" },
    ok: { description: "The rule", schema: marketPricingSchema },
    errors: { 404: "Unknown market" },
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
  op("PUT /api/admin/delivery-pricing", {
    summary:
      "Sets a market's delivery pricing (query `market`, the default one when not given; amounts in its currency's major unit, at most its digits): `mode` flat (`flatFee`) or distance (`bands`, else `baseFee` + `perKm` x km from the restaurant to the drop-off), a `smallOrderFee` under `smallOrderUnder`, the `serviceFeePercent`; in effect from the next quote and order of the market's restaurants in every server process; audited with the rule before and after (`reason` optional). A field refused is a 400 naming it, nothing changed",
    access: operator,
    query: marketPricingQuerySchema,
    body: marketPricingInputSchema,
    parseBody: z.unknown(),
    ok: { description: "The rule as it now stands", schema: marketPricingSchema },
    errors: { 404: "Unknown market" },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], body: { ...SPEC_BODY, reason: "Matrix check" } },
      fuzz: { valid: SPEC_BODY },
    },
  }),
  op("PUT /api/manage/{id}/pricing", {
    summary:
      "The restaurant's own pricing, each field sent changed: `minOrder` (dollars: a checkout whose item subtotal is below it is a 422 naming `subtotal`) and `freeDeliveryOver` (dollars: from this subtotal on the delivery fee is waived, paid by the restaurant out of its share); `null` removes one",
    access: restaurantManager,
    body: restaurantPricingInputSchema,
    ok: { description: "The rules as saved", schema: restaurantPricingSchema },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { minOrder: null, freeDeliveryOver: null } } },
  }),
];
