import { json, parseId, route } from "@/lib/server/web/http";
import { releaseJob } from "@/lib/server/dispatch/release";
import { asCourier } from "@/lib/server/dispatch/courier";
import { requireUser } from "@/lib/server/web/session";

// POST /api/courier/jobs/{id}/release -> { job }: assigned|at_pickup -> unassigned: give the job back before pickup. Another courier's job (or one never
// offered to you) is a 404, the wrong state a 409 (docs/architecture/couriers.md).
export const POST = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const courier = asCourier(await requireUser());
  return json({ job: await releaseJob(courier, id) });
});
