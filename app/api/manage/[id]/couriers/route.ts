import { json, parseId, route } from "@/lib/server/web/http";
import { nearbyCouriers } from "@/lib/server/dispatch/state";
import { requireUser } from "@/lib/server/web/session";

// GET /api/manage/{id}/couriers -> { couriers: [{ id, firstName, distanceKm, activeJobs }] }: who the owner may assign, nearest first (at most 20).
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  return json({ couriers: await nearbyCouriers(user, id) });
});
