import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { fixHeldPayment, readOrderPayment } from "@/lib/server/payments/order-payment";
import { requireUser } from "@/lib/server/web/session";
import { fixPaymentSchema } from "@/lib/validation/payments";

// GET /api/orders/{id}/payment - the caller's order's card payment: authorized, charged, voided
// (nothing charged) or on hold, with what the order page says. Another's order: 404.
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  return json(await readOrderPayment(user, id));
});

// POST /api/orders/{id}/payment { paymentMethodId? | paymentIntent? } - an order on hold (its
// capture failed) paid with another card: 402 on a decline or a 3-D Secure challenge, 409 when nothing is held.
export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const input = await parseBody(request, fixPaymentSchema);
  return json(await fixHeldPayment(user, id, input));
});
