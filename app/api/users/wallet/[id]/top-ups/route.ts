import { topUpByCard } from "@/lib/server/payments/top-up";
import { handle } from "@/lib/server/web/handle";

// 402 on a decline or a 3-D Secure challenge (nothing added); one Idempotency-Key adds once (the provider's authorization is the key's).
export const POST = handle("POST /api/users/wallet/{id}/top-ups", async ({ user, params, body, idempotencyKey }) =>
  topUpByCard(
    user,
    params.id,
    { amountCents: body.amount, paymentMethodId: body.paymentMethodId, paymentIntent: body.paymentIntent, currency: body.currency },
    idempotencyKey,
  ),
);
