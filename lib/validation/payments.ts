import { z } from "zod";
import { dollars } from "./checkout";

// The bodies of the payment routes (docs/architecture/payments.md).

/** POST /api/test-provider/payment-methods: the card as the browser's form sends it to the test provider (never to Nosh's order API). */
export const cardTokenSchema = z.object({
  number: z.string({ error: "number must be the card number" }).max(32, "Your card number is invalid."),
  expMonth: z.int({ error: "expMonth must be the expiry month (1-12)" }),
  expYear: z.int({ error: "expYear must be the expiry year" }),
  cvc: z.string({ error: "cvc must be the card's security code" }).max(8, "Your card's security code is invalid."),
  postalCode: z.string({ error: "postalCode must be the billing postal code" }).max(16, "Your postal code is invalid."),
});

/** POST /api/payment-methods: a tokenized card saved for the caller. */
export const saveCardSchema = z.object({
  paymentMethodId: z
    .string({ error: "paymentMethodId must be the provider's payment method id" })
    .regex(/^pm_[A-Za-z0-9]{8,64}$/, "paymentMethodId must be a payment method id (pm_...)"),
  makeDefault: z.boolean({ error: "makeDefault must be true or false" }).optional(),
});

/** POST /api/test-provider/challenges/{intentId}: the 3-D Secure page's answer. */
export const challengeSchema = z.object({ outcome: z.enum(["pass", "fail"], { error: "outcome must be pass or fail" }) });

/** POST /api/test-provider/onboarding/{token}: the payee's answer on the test provider's onboarding page. */
export const onboardingAnswerSchema = z.object({ outcome: z.enum(["verify", "more_info", "reject"], { error: "outcome must be verify, more_info or reject" }) });

/** POST /api/orders/{id}/payment: a held order paid with another card (or the intent its challenge authorized). */
/** POST /api/pay/{token}: the card a phone order's customer entered on its payment link, as the provider's payment method id. */
export const payLinkSchema = z.object({
  card: z.string({ error: "card must be the provider's payment method id" }).regex(/^pm_[A-Za-z0-9]{8,64}$/, "card must be a payment method id (pm_...)"),
});

export const fixPaymentSchema = z.object({
  paymentMethodId: z.int({ error: "paymentMethodId must be a saved card's id" }).positive({ error: "paymentMethodId must be a saved card's id" }).optional(),
  paymentIntent: z
    .string({ error: "paymentIntent must be text" })
    .regex(/^pi_[A-Za-z0-9]{8,64}$/, "paymentIntent must be a payment id (pi_...)")
    .optional(),
});

/** POST /api/users/wallet/{id}/top-ups: an amount (dollars) charged to a saved card (else the default), or the intent its 3-D Secure challenge authorized. The operator's limits are checked by the server (WALLET_TOPUP_MIN/MAX/DAILY_MAX). */
export const topUpSchema = fixPaymentSchema.extend({
  amount: dollars("amount", { min: 0, max: 1_000_000 }),
  /** The wallet's currency to add to (a market's; USD when absent): `amount` is in it, and so is the charge. */
  currency: z
    .string({ error: "currency must be a currency code" })
    .regex(/^[A-Z]{3}$/, "currency must be a three-letter currency code, like USD")
    .optional(),
});
