import { z } from "zod";
import { id, money } from "../common/schemas";
import { orderPromotionSchema } from "../promotions/schemas";

// An order's price before placing (POST /api/orders/quote), and the fee adjustments the order
// keeps with the same meaning once placed (order-schemas.ts orderSchema).

/** The small-order fee, the waived delivery fee and the distance the fee was priced on: the quote's and the order's alike. */
const priceAdjustments = {
  smallOrderFee: money.meta({ description: "The market's small-order fee: a delivery whose item subtotal is under its minimum (0 otherwise)" }),
  freeDelivery: money.meta({
    description: "The delivery fee the restaurant waived (its free delivery over an amount, which it pays for), already taken off the total (0 without)",
  }),
  deliveryKm: z
    .number()
    .nullable()
    .meta({ description: "The km from the restaurant to the drop-off the delivery fee was priced on (distance pricing), null for a flat fee or a pickup" }),
};

/** The subtotal, the fees and the tip, with their adjustments: the quote's and the order's alike. */
export const priceLines = { subtotal: money, deliveryFee: money, priorityFee: money, serviceFee: money, tip: money, ...priceAdjustments };

export type QuoteJson = z.infer<typeof quoteSchema>;

export const quoteSchema = z.object({
  ...priceLines,
  discount: money.meta({ description: "The promotion's discount (0 without one)" }),
  tax: money.meta({
    description: "Sales tax of the restaurant's jurisdiction, apart from serviceFee (the spec's 10 % \"tax and fees\"); 0 where no rate applies",
  }),
  taxRate: z.number().nullable().meta({ description: "The rate in percent (8.625), null where no rate applies" }),
  taxesFees: z
    .boolean()
    .meta({ description: "Whether that rate taxes the fees too (items always); the checkout page computes the tax by the same rule (lib/shared/money/tax.ts)" }),
  total: money.meta({ description: "What placing the order with the same body charges" }),
  promotion: orderPromotionSchema.nullable(),
  offerSavings: z.array(z.object({ menuItemId: id, saving: money, label: z.string() })).meta({
    description: "What an offer priced on the lines takes off each dish (buy one get one, a free dish, a section's percent), part of `discount`; empty without",
  }),
  unavailableOffers: z
    .array(z.object({ id, label: z.string(), reason: z.string().meta({ example: "Spend $5.00 more" }) }))
    .meta({ description: "The restaurant's automatic offers this order cannot take, each with why (empty with a code)" }),
  membership: z.object({ delivery: money, serviceFee: money, saved: money }).nullable().meta({
    description:
      "A member's eligible order (docs/architecture/membership.md): the delivery fee and the service fee's share its plan waives, already off deliveryFee and serviceFee (the platform pays them); null for anyone else",
  }),
});
