import { json, parseBody, route } from "@/lib/server/web/http";
import { asCourier } from "@/lib/server/dispatch/courier";
import { payOutCourier } from "@/lib/server/payouts/courier";
import { requireUser } from "@/lib/server/web/session";
import { payoutInputSchema } from "@/lib/validation/payouts";

// POST /api/courier/payouts { amount } -> 201 the payout: 409 naming amount beyond the available balance or while one is on its way; 403 for a non-courier.
export const POST = route(async (request) => {
  const courier = asCourier(await requireUser());
  const { amount } = await parseBody(request, payoutInputSchema);
  return json(await payOutCourier(courier, amount), 201);
});
