import { z } from "zod";
import { PROMOTION_KINDS, PROMOTION_STATES } from "@/lib/shared/money/promotions";
import { id, instant, money } from "../common/schemas";

// A restaurant's promotions (docs/architecture/promotions.md): as an order names it, as its owner
// manages it, and as a public offer.

/** What an offer is on: a dish (bogo, free_item) or a menu section (section_percent). */
const offerFields = {
  dishId: id.nullable().meta({ description: "bogo: the dish bought and given; free_item: the dish given free; else null" }),
  sectionId: id.nullable().meta({ description: "section_percent: the menu section it takes its percent off; else null" }),
};

export const orderPromotionSchema = z.object({
  id,
  code: z.string().nullable().meta({ description: "Null for an automatic offer" }),
  kind: z.enum(PROMOTION_KINDS),
  label: z.string().meta({ example: "20% off your first order" }),
});

export const promotionSchema = z.object({
  id,
  restaurantId: id,
  code: z.string().nullable().meta({ description: "4-16 letters or digits, matched case-insensitively; null for an automatic offer" }),
  automatic: z.boolean().meta({ description: "No code: applied by itself at checkout and shown as the restaurant page's badge" }),
  kind: z.enum(PROMOTION_KINDS),
  value: z.number().meta({ description: "percent: whole percent; amount: in the restaurant's market's currency (dollars, whole yen); free_delivery: 0" }),
  maxDiscount: money.nullable(),
  minSubtotal: money,
  startsAt: instant.nullable(),
  endsAt: instant.nullable(),
  firstOrderOnly: z.boolean(),
  perCustomerLimit: z.number().int().min(1).nullable().meta({ description: "Uses per customer; null: no limit" }),
  totalLimit: z.number().int().min(1).nullable(),
  redeemed: z.number().int().meta({ description: "Redemptions held (orders that did not end without food)" }),
  state: z.enum(PROMOTION_STATES).meta({ description: "At the time of the answer: its dates first (scheduled, ended), then its total uses (used_up), else active" }),
  results: z
    .object({
      orders: z.number().int().meta({ description: "Orders placed with it that did not end without food (canceled, rejected, expired)" }),
      discount: money.meta({ description: "The discount those orders took (paid by the restaurant)" }),
      sales: money.meta({ description: "Those orders' item subtotals, before the discount" }),
      newCustomers: z.number().int().meta({ description: "Of those orders, the customer's first placed at this restaurant" }),
    })
    .meta({ description: 'What it brought (docs/architecture/promotions.md "Results")' }),
  fundedBy: z
    .enum(["restaurant", "platform"])
    .meta({ description: "Who pays the discount: the restaurant's share, or the platform (an operator's offer) at settlement (the ledger reads it)" }),
  ...offerFields,
  stacksWithCode: z.boolean().meta({ description: "An automatic offer that also applies beside a code (otherwise a code wins)" }),
  windowFrom: z.string().nullable().meta({ description: "section_percent: its daily window's start, HH:MM in the restaurant's zone", example: "15:00" }),
  windowUntil: z.string().nullable().meta({ description: "section_percent: its daily window's end (after its start)", example: "17:00" }),
  label: z.string().meta({ example: "20% off your first order" }),
});
export type PromotionJson = z.infer<typeof promotionSchema>;

export const offerSchema = z.object({
  id,
  kind: z.enum(PROMOTION_KINDS),
  label: z.string().meta({ example: "20% off your first order" }),
  firstOrderOnly: z.boolean(),
  startsAt: instant.nullable(),
  endsAt: instant.nullable(),
  ...offerFields,
  unavailable: z
    .string()
    .nullable()
    .meta({ description: 'Why the caller cannot take it now ("You\'ve used this offer", "Starts Dec 5, 7:00 PM"...), or null', example: "You've used this offer" }),
});
