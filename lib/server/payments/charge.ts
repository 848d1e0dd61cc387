import "server-only";
import { ApiError } from "../platform/errors";
import type { Sql } from "../platform/sql";
import type { SavedCard } from "./methods";
import type { Intent } from "./providers/provider";
import { paymentProvider } from "./providers/select";
import { insertPaymentOnce, type PaymentRow, type PaymentState } from "./queries/payments";

// A charge on a saved card that is not an order's payment (docs/architecture/payments.md): a
// wallet top-up (top-up.ts), a tip raised after delivery (orders/tip-raise.ts) and a dearer
// replacement on an accepted order (order-changes/answer.ts). Each authorizes
// under their own idempotency key (one intent however many requests race) and keep one Payment
// row per intent, its purpose saying what the capture paid for (the reconciliation reads it).

/** What a Payment row's capture paid for: an order, a wallet top-up, a tip raised after delivery, a dearer replacement (its OrderChange: `orderChangeId`), gift cards (payments/gift-card-purchase.ts), a membership's period (payments/membership-charge.ts). */
export type PaymentPurpose = "order" | "topup" | "tip" | "change" | "giftcard" | "membership";

/** The provider's authorization for this key; a request racing another with the same key finds the other's (it may have been refused by the provider's unique key meanwhile: asked again). */
export async function authorizeOnce(input: Parameters<ReturnType<typeof paymentProvider>["authorize"]>[0]): Promise<Intent> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await paymentProvider().authorize(input);
    } catch (error) {
      if (error instanceof ApiError || attempt >= 3) throw error;
    }
  }
}

type NewPayment = { userId: number; provider: string; intent: Intent; card: SavedCard; state: PaymentState; purpose: PaymentPurpose; orderChangeId?: number; now?: Date };

/** The intent's Payment row, inserted once (`ON CONFLICT DO NOTHING` on the intent), in the caller's transaction; a duplicate's finds the first one's. */
export async function insertPayment(sql: Sql, input: NewPayment): Promise<PaymentRow> {
  const { intent, card } = input;
  const now = input.now ?? new Date();
  return insertPaymentOnce(sql, {
    userId: input.userId,
    provider: input.provider,
    intentId: intent.id,
    card,
    amountCents: intent.amountCents,
    state: input.state,
    capturedCents: input.state === "captured" ? intent.capturedCents : 0,
    purpose: input.purpose,
    orderChangeId: input.orderChangeId ?? null,
    now,
    currency: intent.currency,
  });
}
