import { json, parseBody, route } from "@/lib/server/web/http";
import { asCourier } from "@/lib/server/dispatch/courier";
import { reportPositions } from "@/lib/server/dispatch/positions";
import { requireUser } from "@/lib/server/web/session";
import { positionInputSchema } from "@/lib/validation/courier";

// POST /api/courier/position { lat, lng, accuracy?, at? } | { points: [...] } (at most 50) -> { accepted, dropped };
// 409 off shift, 429 faster than once a second (docs/architecture/couriers.md "Positions").
export const POST = route(async (request) => {
  const courier = asCourier(await requireUser());
  const points = await parseBody(request, positionInputSchema);
  return json(await reportPositions(courier, points));
});
