import { json, parseId, route } from "@/lib/server/web/http";
import { declineJob } from "@/lib/server/dispatch/decline";
import { asCourier } from "@/lib/server/dispatch/courier";
import { requireUser } from "@/lib/server/web/session";

// POST /api/courier/jobs/{id}/decline -> { job }: offered -> unassigned: turn the offer down (it goes to the next nearest courier). Another courier's job (or one never
// offered to you) is a 404, the wrong state a 409 (docs/architecture/couriers.md).
export const POST = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const courier = asCourier(await requireUser());
  return json({ job: await declineJob(courier, id) });
});
