import { json, parseId, parseQuery, route } from "@/lib/server/web/http";
import { nearbyCouriers } from "@/lib/server/dispatch/state";
import { requireUser } from "@/lib/server/web/session";
import { nearbyCouriersQuerySchema } from "@/lib/validation/courier";

// GET /api/manage/{id}/couriers?orderId= -> { couriers: [{ id, firstName, distance, activeJobs }] }: who the owner may assign to
// that order while it waits for a courier (else 409), nearest first (at most 20); `distance` is a band ("under 1 km", "1-3 km",
// ...) from a ~1 km grid cell, never a figure; at most COURIER_LIST_PER_MINUTE reads a minute (429) (docs/architecture/couriers.md).
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const { orderId } = parseQuery(request, nearbyCouriersQuerySchema);
  return json({ couriers: await nearbyCouriers(user, id, orderId) });
});
