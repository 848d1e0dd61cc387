import { json, parseId, route } from "@/lib/server/web/http";
import { acceptJob } from "@/lib/server/dispatch/accept";
import { asCourier } from "@/lib/server/dispatch/courier";
import { requireUser } from "@/lib/server/web/session";

// POST /api/courier/jobs/{id}/accept -> { job }: offered -> assigned: take the job you were offered, before the offer runs out. Another courier's job (or one never
// offered to you) is a 404, the wrong state a 409 (docs/architecture/couriers.md).
export const POST = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const courier = asCourier(await requireUser());
  return json({ job: await acceptJob(courier, id) });
});
