import { z } from "zod";
import { DEFAULT_CURRENCY, majorToMinor } from "@/lib/shared/currency";
import type { MarketPricing } from "@/lib/shared/delivery-pricing";

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
    mode: "mode must be flat or distance",
    flatFee: `flatFee must be from $0 to $${B.feeDollars}, with at most two decimals`,
    baseFee: `baseFee must be from $0 to $${B.feeDollars}, with at most two decimals`,
    perKm: `perKm must be from $0 to $${B.perKmDollars}, with at most two decimals`,
    bands: `bands must be a list of at most ${B.bands} bands, each { upToKm, fee }`,
    upToKm: `upToKm must be more than 0 and at most ${B.km} km, one decimal at most, each band farther than the one before`,
    bandFee: `fee must be from $0 to $${B.feeDollars}, with at most two decimals`,
    smallOrderFee: `smallOrderFee must be from $0 to $${B.feeDollars}, with at most two decimals`,
    smallOrderUnder: `smallOrderUnder must be from $0 to $${B.subtotalDollars}, with at most two decimals`,
    smallOrderUnderNeeded: "smallOrderUnder must be more than $0 when there is a small-order fee",
    serviceFeePercent: `serviceFeePercent must be from 0 to ${B.serviceFeePercent}, with at most one decimal`,
    reason: "reason must be at most 500 characters",
    minOrder: `minOrder must be more than $0 and at most $${B.subtotalDollars}, with at most two decimals, or null for none`,
    freeDeliveryOver: `freeDeliveryOver must be more than $0 and at most $${B.subtotalDollars}, with at most two decimals, or null for none`,
    nothing: "Send minOrder or freeDeliveryOver",
  }) as const;
export const PRICING_MESSAGES = pricingMessages(PRICING_BOUNDS);
const M = PRICING_MESSAGES;

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
  market: z.coerce.number({ error: "market must be a market's id" }).int("market must be a market's id").positive("market must be a market's id").optional(),
});
