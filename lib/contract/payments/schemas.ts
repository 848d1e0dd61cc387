import { z } from "zod";

// Card payments' answers (docs/architecture/payments.md), beside the other lib/contract/*/schemas.ts. Money in dollars.

const id = z.number().int().positive();
const dollars = z.number().min(0);

/** A saved card: never the number (lib/server/payments/methods.ts cardToJson). */
export const savedCardSchema = z.object({
  id,
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  /** A card of the built-in test provider. */
  test: z.boolean(),
  /** "Visa •••• 4242, test" */
  label: z.string(),
});
export const savedCardsSchema = z.object({ paymentMethods: z.array(savedCardSchema) });

/** A card order's payment (lib/server/payments/order-payment.ts). */
export const orderPaymentSchema = z.object({
  state: z.enum(["requires_action", "authorized", "captured", "capture_failed", "voided", "failed"]),
  card: z.string(),
  amount: dollars,
  captured: dollars,
  refunded: dollars,
  message: z.string(),
  actionNeeded: z.boolean(),
  dispute: z
    .object({ status: z.enum(["needs_response", "under_review", "won", "lost"]), label: z.literal("Disputed"), amount: dollars, message: z.string() })
    .nullable()
    .meta({ description: "The charge disputed with the card's bank (a chargeback), else null" }),
});
/** A phone order paid on its payment link (POST /api/pay/{token}). */
export const payLinkAnswerSchema = z.object({ paid: z.literal(true), total: z.number(), card: z.string() });

export const orderPaymentAnswerSchema = z.object({ payment: orderPaymentSchema.nullable() });

/** The test provider's tokenization answer: the payment method id with what may be shown of the card. */
export const providerCardSchema = z.object({ id: z.string().regex(/^pm_/), brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() });
export const challengeAnswerSchema = z.object({ status: z.string(), returnUrl: z.string() });
export const webhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
