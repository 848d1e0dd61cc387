import { z } from "zod";
import { cardChoice, dollars } from "../orders/checkout-rules";
import { said } from "@/lib/shared/words/said";

// The bodies of the payment routes (docs/architecture/payments.md).

/** POST /api/test-provider/payment-methods: the card as the browser's form sends it to the test provider (never to Nosh's order API). */
export const cardTokenSchema = z.object({
  number: z.string({ error: said("rules.payments.number") }).max(32, said("rules.payments.numberInvalid")),
  expMonth: z.int({ error: said("rules.payments.expMonth") }),
  expYear: z.int({ error: said("rules.payments.expYear") }),
  cvc: z.string({ error: said("rules.payments.cvc") }).max(8, said("rules.payments.cvcInvalid")),
  postalCode: z.string({ error: said("rules.payments.postalCode") }).max(16, said("rules.payments.postalCodeInvalid")),
});

/** POST /api/payment-methods: a tokenized card saved for the caller. */
export const saveCardSchema = z.object({
  paymentMethodId: z.string({ error: said("rules.payments.methodId") }).regex(/^pm_[A-Za-z0-9]{8,64}$/, said("rules.payments.methodIdShape")),
  makeDefault: z.boolean({ error: said("rules.common.trueOrFalse", { field: "makeDefault" }) }).optional(),
});

/** POST /api/test-provider/challenges/{intentId}: the 3-D Secure page's answer. */
export const challengeSchema = z.object({ outcome: z.enum(["pass", "fail"], { error: said("rules.payments.challenge") }) });

/** POST /api/test-provider/onboarding/{token}: the payee's answer on the test provider's onboarding page. */
export const onboardingAnswerSchema = z.object({ outcome: z.enum(["verify", "more_info", "reject"], { error: said("rules.payments.onboarding") }) });

/** POST /api/orders/{id}/payment: a held order paid with another card (or the intent its challenge authorized). */
/** POST /api/pay/{token}: the card a phone order's customer entered on its payment link, as the provider's payment method id. */
export const payLinkSchema = z.object({
  card: z.string({ error: said("rules.payments.card") }).regex(/^pm_[A-Za-z0-9]{8,64}$/, said("rules.payments.cardShape")),
});

export const fixPaymentSchema = z.object(cardChoice);

/** POST /api/users/wallet/{id}/top-ups: an amount (dollars) charged to a saved card (else the default), or the intent its 3-D Secure challenge authorized. The operator's limits are checked by the server (WALLET_TOPUP_MIN/MAX/DAILY_MAX). */
export const topUpSchema = fixPaymentSchema.extend({
  amount: dollars("amount", { min: 0, max: 1_000_000 }),
  /** The wallet's currency to add to (a market's; USD when absent): `amount` is in it, and so is the charge. */
  currency: z
    .string({ error: said("rules.checkout.currency") })
    .regex(/^[A-Z]{3}$/, said("rules.checkout.currencyCode"))
    .optional(),
});
