import { json, parseBody, parseId, parseQuery, route } from "@/lib/server/web/http";
import { payOutRestaurant, restaurantPayouts } from "@/lib/server/payouts/restaurant";
import { requireUser } from "@/lib/server/web/session";
import { dateRangeSchema } from "@/lib/validation/insights";
import { payoutInputSchema } from "@/lib/validation/payouts";

// GET /api/manage/{id}/payouts?from=&to= -> { available, pending, inFlight, payouts, range, entries }
// (dollars; entries of the range, default the last 30 days): the restaurant's earnings (docs/architecture/ledger.md).
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const ranged = request.nextUrl.searchParams.has("from") || request.nextUrl.searchParams.has("to");
  return json(await restaurantPayouts(user, id, ranged ? parseQuery(request, dateRangeSchema) : null));
});

// POST /api/manage/{id}/payouts { amount } -> 201 the payout { id, reference, amount, state, createdAt, paidAt }:
// 409 naming amount beyond the available balance, or while a payout is on its way.
export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const { amount } = await parseBody(request, payoutInputSchema);
  return json(await payOutRestaurant(user, id, amount), 201);
});
