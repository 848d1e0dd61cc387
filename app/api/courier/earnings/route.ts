import { json, route } from "@/lib/server/web/http";
import { asCourier } from "@/lib/server/dispatch/courier";
import { courierEarnings } from "@/lib/server/payouts/courier";
import { requireUser } from "@/lib/server/web/session";

// GET /api/courier/earnings -> { available, pending, inFlight, payouts, entries, days } (dollars; the last 30 days): 403 for anyone who is not a courier.
export const GET = route(async () => {
  const courier = asCourier(await requireUser());
  return json(await courierEarnings(courier));
});
