import { json, route } from "@/lib/server/web/http";
import { asCourier } from "@/lib/server/dispatch/courier";
import { courierSummary } from "@/lib/server/dispatch/state";
import { requireUser } from "@/lib/server/web/session";

// GET /api/courier - the courier's shift, last position, jobs held and today's deliveries and earnings (docs/architecture/couriers.md); 403 for anyone who is not a courier.
export const GET = route(async () => {
  const courier = asCourier(await requireUser());
  return json(await courierSummary(courier));
});
