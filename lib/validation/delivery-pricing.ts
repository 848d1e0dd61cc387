import { z } from "zod";
import type { MarketPricing } from "@/lib/shared/delivery-pricing";
import { dollarsToCents } from "@/lib/shared/money";

// The delivery pricing a market sets (PUT /api/admin/delivery-pricing) and a restaurant's own
// rules (PUT /api/manage/{id}/pricing): money in dollars (at most two decimals), turned into cents
// here; docs/architecture/money-and-orders.md "Delivery pricing". The forms show these messages
// beside their fields.

export const PRICING_BOUNDS = { feeDollars: 50, perKmDollars: 10, km: 100, bands: 8, subtotalDollars: 500, serviceFeePercent: 30 } as const;
const B = PRICING_BOUNDS;

export const PRICING_MESSAGES = {
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
} as const;
const M = PRICING_MESSAGES;

/** Dollars (a JSON number) to cents from `min` to `max` dollars. */
const dollars = (message: string, max: number, { positive = false } = {}) =>
  z.number({ error: message }).transform((value, ctx) => {
    const cents = dollarsToCents(value);
    if (cents === null || cents < 0 || (positive && cents === 0) || cents > max * 100) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return cents;
  });

const oneDecimal = (value: number) => Math.abs(Math.round(value * 10) - value * 10) < 1e-9;

const band = z.object(
  {
    upToKm: z.number({ error: M.upToKm }).refine((km) => km > 0 && km <= B.km && oneDecimal(km), M.upToKm),
    fee: dollars(M.bandFee, B.feeDollars),
  },
  { error: M.bands },
);

export const marketPricingInputSchema = z
  .object({
    mode: z.enum(["flat", "distance"], { error: M.mode }),
    flatFee: dollars(M.flatFee, B.feeDollars),
    baseFee: dollars(M.baseFee, B.feeDollars),
    perKm: dollars(M.perKm, B.perKmDollars),
    bands: z.array(band, { error: M.bands }).max(B.bands, M.bands).default([]),
    smallOrderFee: dollars(M.smallOrderFee, B.feeDollars),
    smallOrderUnder: dollars(M.smallOrderUnder, B.subtotalDollars),
    serviceFeePercent: z.number({ error: M.serviceFeePercent }).refine((value) => value >= 0 && value <= B.serviceFeePercent && oneDecimal(value), M.serviceFeePercent),
    reason: z.string({ error: M.reason }).trim().max(500, M.reason).optional(),
  })
  .superRefine((input, ctx) => {
    input.bands.forEach((b, i) => {
      if (i > 0 && b.upToKm <= input.bands[i - 1]!.upToKm) ctx.addIssue({ code: "custom", message: M.upToKm, path: ["bands", i, "upToKm"] });
    });
    if (input.smallOrderFee > 0 && input.smallOrderUnder === 0) ctx.addIssue({ code: "custom", message: M.smallOrderUnderNeeded, path: ["smallOrderUnder"] });
  });
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

const orNone = (message: string) => z.union([dollars(message, B.subtotalDollars, { positive: true }), z.null()], { error: message }).optional();

/** A restaurant's own rules: each field sent is changed (null: none), the other kept. */
export const restaurantPricingInputSchema = z
  .object({ minOrder: orNone(M.minOrder), freeDeliveryOver: orNone(M.freeDeliveryOver) })
  .refine((input) => input.minOrder !== undefined || input.freeDeliveryOver !== undefined, { message: M.nothing, path: ["minOrder"] });
export type RestaurantPricingInput = z.output<typeof restaurantPricingInputSchema>;
