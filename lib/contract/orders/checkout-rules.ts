import { z } from "zod";
import { DELIVERY_OPTIONS, DROPOFF_CHOICES, MAX_TIP_CENTS, PAYMENT_METHODS, TIP_PERCENTS, type OrderPaymentMethod } from "@/lib/shared/constants";
import { dollarsToCents } from "@/lib/shared/money/money";
import { promoCodeInput } from "../promotions/rules";
import { said } from "@/lib/shared/words/said";

export const CHECKOUT_SAID = {
  insufficientFunds: said("messages.walletShort"),
  badSlot: said("messages.badSlot"),
  tipChoice: said("messages.tipChoice"),
  pricesChanged: said("messages.pricesChanged"),
  deliveryOption: said("messages.deliveryOption"),
} as const;

/** A pin's latitude or longitude in degrees, within ±`limit`. */
const pinDegrees = (field: string, limit: number) =>
  z
    .number({ error: said("rules.common.number", { field: field }) })
    .min(-limit, said("rules.search.between", { field: field, limit: limit, limit2: limit }))
    .max(limit, said("rules.search.between", { field: field, limit: limit, limit2: limit }))
    .optional();

/** The browser cart's identity (lib/client/cart-id.ts), a UUID the browser made. */
export const cartIdInput = z.string({ error: said("messages.notText", { label: "cartId" }) }).regex(/^[A-Za-z0-9-]{8,64}$/, said("rules.checkout.cartId"));

/** Dollars with at most two decimals, as a number or numeric string, to cents in [min, max]. */
export const dollars = (field: string, { min, max, allowZero = false }: { min: number; max: number; allowZero?: boolean }) =>
  z.union([z.number(), z.string()], { error: said("rules.common.number", { field: field }) }).transform((value, ctx) => {
    const cents = dollarsToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: said("rules.common.dollars", { field: field }) });
      return z.NEVER;
    }
    if ((allowZero ? cents < min : cents <= min) || cents > max) {
      ctx.addIssue({
        code: "custom",
        message: said(allowZero ? "rules.common.atLeastAtMost" : "rules.common.moreThanAtMost", { field, min: min / 100, max: max / 100 }),
      });
      return z.NEVER;
    }
    return cents;
  });

/**
 * How a card order names its card: a saved card (GET /api/payment-methods: its id) for `card`,
 * without it the default saved card (docs/architecture/payments.md); or the authorization a 3-D
 * Secure challenge completed (the 402's `payment.intentId`), sent again to place the order it was
 * made for. A held order's new payment names it the same way (payments/rules.ts).
 */
export const cardChoice = {
  paymentMethodId: z
    .int({ error: said("rules.checkout.savedCard") })
    .positive({ error: said("rules.checkout.savedCard") })
    .optional(),
  paymentIntent: z
    .string({ error: said("messages.notText", { label: "paymentIntent" }) })
    .regex(/^pi_[A-Za-z0-9]{8,64}$/, said("rules.checkout.paymentIntent"))
    .optional(),
};

/**
 * PUT /api/orders/{id}/submit: delivery option, a slot when scheduling (a pickup with
 * scheduledFor is a scheduled pickup, its slot checked exactly like a delivery's), a tip (tipPercent from
 * the presets, or tip as a custom dollar amount), the payment method, and optionally the total
 * the customer saw (expectedTotal, dollars).
 */
export const submitOrderSchema = z
  .object({
    deliveryOption: z.enum(DELIVERY_OPTIONS, { error: said("messages.deliveryOption") }),
    /** Hand it to me (the default) or leave it at my door: the courier then photographs it (a pickup is handed over). */
    dropoff: z.enum(DROPOFF_CHOICES, { error: said("rules.checkout.dropoff") }).optional(),
    scheduledFor: z.iso.datetime({ offset: true, error: said("rules.checkout.scheduledFor") }).optional(),
    tipPercent: z
      .number({ error: said("messages.tipChoice") })
      .refine((value) => (TIP_PERCENTS as readonly number[]).includes(value), said("messages.tipChoice"))
      .optional(),
    tip: dollars("tip", { min: 0, max: MAX_TIP_CENTS, allowZero: true }).optional(),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: said("rules.checkout.paymentMethod") }),
    ...cardChoice,
    /** Cash at the door (docs/architecture/ledger.md "Cash at the door"): the bill the customer pays with, at least the total (lib/server/orders/cash-payment.ts). */
    cashBill: dollars("cashBill", { min: 0, max: 100_000_000 }).optional(),
    /** The total in dollars the page showed; submit refuses (409) to charge a different one. */
    expectedTotal: dollars("expectedTotal", { min: 0, max: 100_000_000, allowZero: true }).optional(),
    /**
     * The currency the customer saw the prices in (ISO 4217, lib/shared/money/currency.ts), optional: an
     * order is in its restaurant's market's currency, and a checkout naming another is a 400 naming `currency`.
     */
    currency: z
      .string({ error: said("rules.checkout.currency") })
      .regex(/^[A-Z]{3}$/, said("rules.checkout.currencyCode"))
      .optional(),
    /** The browser cart's identity (lib/client/cart-id.ts): one order per cart (PUT /api/orders/{id}/submit). */
    cartId: cartIdInput.optional(),
    /** A promotion's code (docs/architecture/promotions.md); without one the restaurant's best automatic offer applies. */
    promoCode: promoCodeInput,
    /**
     * A guest's delivery address, "ADDRESS, CITY, STATE, ZIP" (the one searched on the landing
     * page): a guest has no saved address, and a delivery is placed only with one
     * (lib/server/orders/destination.ts).
     */
    deliveryAddress: z
      .string({ error: said("messages.notText", { label: "deliveryAddress" }) })
      .max(200, said("rules.common.atMost", { field: "deliveryAddress", count: "200" }))
      .optional(),
    /** Where that address is: the pin its guest placed (within 5 km of its ZIP's centre); without it the geocoder places it (docs/architecture/places.md "A guest's address"). */
    deliveryLat: pinDegrees("deliveryLat", 90),
    deliveryLng: pinDegrees("deliveryLng", 180),
    /** One of the customer's saved addresses (GET /api/addresses: its id); without it the default one (docs/architecture/places.md "Address book"). One only at its ZIP's centre is a 422 until pinned. */
    addressId: z
      .int({ error: said("rules.checkout.addressId") })
      .positive({ error: said("rules.checkout.addressId") })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.deliveryOption === "schedule" && !body.scheduledFor) {
      ctx.addIssue({ code: "custom", path: ["scheduledFor"], message: said("messages.scheduleTime") });
    }
    if (body.tipPercent === undefined && body.tip === undefined) {
      ctx.addIssue({ code: "custom", path: ["tip"], message: said("messages.tipChoice") });
    }
    if (body.tipPercent !== undefined && body.tip !== undefined) {
      ctx.addIssue({ code: "custom", path: ["tip"], message: said("messages.tipBoth") });
    }
    if ((body.deliveryLat === undefined) !== (body.deliveryLng === undefined)) {
      ctx.addIssue({ code: "custom", path: ["deliveryLat"], message: said("rules.checkout.pinPair") });
    } else if (body.deliveryLat !== undefined && body.deliveryAddress === undefined) {
      ctx.addIssue({ code: "custom", path: ["deliveryLat"], message: said("rules.checkout.pinAddress") });
    }
  });
/**
 * What an order is placed with (lib/server/orders/place.ts): a customer's submit body, or a phone
 * order's, paid at the door or delivered by the restaurant's own staff (`staffDelivery`: no Nosh
 * delivery fee; lib/server/orders/phone-order.ts), which no customer's body can say.
 */
export type SubmitOrderInput = Omit<z.output<typeof submitOrderSchema>, "paymentMethod"> & { paymentMethod: OrderPaymentMethod; staffDelivery?: boolean };

/** PUT /api/users/wallet/{id} and .../deduct/{id}: { amount } in dollars, 0 < amount <= 10000. */
export const walletAmountSchema = z.object({ amount: dollars("amount", { min: 0, max: 1_000_000 }) });
