import { z } from "zod";
import { DEFAULT_CURRENCY, majorToMinor } from "@/lib/shared/money/currency";
import type { MarketPricing } from "@/lib/shared/money/delivery-pricing";
import { said } from "@/lib/shared/words/said";

// The delivery pricing a market sets (PUT /api/admin/delivery-pricing?market=) and a restaurant's
// own rules (PUT /api/manage/{id}/pricing): money in the market's major units (at most its
// currency's digits: two for dollars and pesos, none for yen), turned into minor units here;
// docs/architecture/money-and-orders.md "Delivery pricing". The forms show these messages beside
// their fields.

/** Roughly how many of a currency's major units make a dollar: a market's bounds (a guard against a typo, not a price) are the dollar ones times it. */
const BOUND_SCALE: Readonly<Record<string, number>> = { MXN: 20, JPY: 150 };

/** The bounds of a market's rule, in its currency's major units (the dollar ones for USD, CAD, EUR, GBP). */
export const pricingBounds = (currency: string = DEFAULT_CURRENCY) => {
  const k = BOUND_SCALE[currency] ?? 1;
  return { feeDollars: 50 * k, perKmDollars: 10 * k, km: 100, bands: 8, subtotalDollars: 500 * k, serviceFeePercent: 30 } as const;
};
export const PRICING_BOUNDS = pricingBounds();

/** The messages, with the currency's bounds ("$" is the sign USD, CAD and MXN print). */
const pricingMessages = (B: ReturnType<typeof pricingBounds>) =>
  ({
    mode: said("rules.deliveryPricing.mode"),
    flatFee: said("rules.deliveryPricing.flatFee", { max: B.feeDollars }),
    baseFee: said("rules.deliveryPricing.baseFee", { max: B.feeDollars }),
    perKm: said("rules.deliveryPricing.perKm", { max: B.perKmDollars }),
    bands: said("rules.deliveryPricing.bands", { max: B.bands }),
    upToKm: said("rules.deliveryPricing.upToKm", { km: B.km }),
    bandFee: said("rules.deliveryPricing.fee", { max: B.feeDollars }),
    smallOrderFee: said("rules.deliveryPricing.smallOrderFee", { max: B.feeDollars }),
    smallOrderUnder: said("rules.deliveryPricing.smallOrderUnder", { max: B.subtotalDollars }),
    smallOrderUnderNeeded: said("rules.deliveryPricing.smallOrderNeeded"),
    serviceFeePercent: said("rules.deliveryPricing.serviceFeePercent", { max: B.serviceFeePercent }),
    reason: said("rules.common.atMost", { field: "reason", count: "500" }),
    minOrder: said("rules.deliveryPricing.minOrder", { max: B.subtotalDollars }),
    freeDeliveryOver: said("rules.deliveryPricing.freeDeliveryOver", { max: B.subtotalDollars }),
    nothing: said("rules.deliveryPricing.nothing"),
  }) as const;
export const PRICING_SAID = pricingMessages(PRICING_BOUNDS);
const M = PRICING_SAID;

/** An amount in `currency`'s major units (a JSON number) to minor units, from 0 to `max` major units. */
const dollars = (message: string, max: number, { positive = false, currency = DEFAULT_CURRENCY } = {}) =>
  z.number({ error: message }).transform((value, ctx) => {
    const cents = majorToMinor(value, currency);
    if (cents === null || cents < 0 || (positive && cents === 0) || cents > majorToMinor(max, currency)!) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return cents;
  });

const oneDecimal = (value: number) => Math.abs(Math.round(value * 10) - value * 10) < 1e-9;

/** The rule's input in a market's currency (its digits and bounds); `marketPricingInputSchema` is USD's. */
export function marketPricingInputSchemaIn(currency: string = DEFAULT_CURRENCY) {
  const B = pricingBounds(currency);
  const M = pricingMessages(B);
  const money = (message: string, max: number) => dollars(message, max, { currency });
  const band = z.object(
    {
      upToKm: z.number({ error: M.upToKm }).refine((km) => km > 0 && km <= B.km && oneDecimal(km), M.upToKm),
      fee: money(M.bandFee, B.feeDollars),
    },
    { error: M.bands },
  );
  return z
    .object({
      mode: z.enum(["flat", "distance"], { error: M.mode }),
      flatFee: money(M.flatFee, B.feeDollars),
      baseFee: money(M.baseFee, B.feeDollars),
      perKm: money(M.perKm, B.perKmDollars),
      bands: z.array(band, { error: M.bands }).max(B.bands, M.bands).default([]),
      smallOrderFee: money(M.smallOrderFee, B.feeDollars),
      smallOrderUnder: money(M.smallOrderUnder, B.subtotalDollars),
      serviceFeePercent: z.number({ error: M.serviceFeePercent }).refine((value) => value >= 0 && value <= B.serviceFeePercent && oneDecimal(value), M.serviceFeePercent),
      reason: z.string({ error: M.reason }).trim().max(500, M.reason).optional(),
    })
    .superRefine((input, ctx) => {
      input.bands.forEach((b, i) => {
        if (i > 0 && b.upToKm <= input.bands[i - 1]!.upToKm) ctx.addIssue({ code: "custom", message: M.upToKm, path: ["bands", i, "upToKm"] });
      });
      if (input.smallOrderFee > 0 && input.smallOrderUnder === 0) ctx.addIssue({ code: "custom", message: M.smallOrderUnderNeeded, path: ["smallOrderUnder"] });
    });
}
export const marketPricingInputSchema = marketPricingInputSchemaIn();
export type MarketPricingInput = z.output<typeof marketPricingInputSchema>;

/** The rule an input stores (cents). */
export const ruleOfInput = (input: MarketPricingInput): MarketPricing => ({
  mode: input.mode,
  flatFeeCents: input.flatFee,
  baseFeeCents: input.baseFee,
  perKmCents: input.perKm,
  bands: input.bands.map((b) => ({ upToKm: b.upToKm, feeCents: b.fee })),
  smallOrderFeeCents: input.smallOrderFee,
  smallOrderUnderCents: input.smallOrderUnder,
  serviceFeePercent: input.serviceFeePercent,
});

const orNone = (message: string) => z.union([dollars(message, PRICING_BOUNDS.subtotalDollars, { positive: true }), z.null()], { error: message }).optional();

/** A restaurant's own rules: each field sent is changed (null: none), the other kept. */
export const restaurantPricingInputSchema = z
  .object({ minOrder: orNone(M.minOrder), freeDeliveryOver: orNone(M.freeDeliveryOver) })
  .refine((input) => input.minOrder !== undefined || input.freeDeliveryOver !== undefined, { message: M.nothing, path: ["minOrder"] });
export type RestaurantPricingInput = z.output<typeof restaurantPricingInputSchema>;

/** GET and PUT /api/admin/delivery-pricing: the market (GET /api/admin/markets) whose rule it is, the default one (1) when not given. */
export const marketPricingQuerySchema = z.object({
  market: z.coerce
    .number({ error: said("rules.tax.market") })
    .int(said("rules.tax.market"))
    .positive(said("rules.tax.market"))
    .optional(),
});
