import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { arrivedAtPickup } from "@/lib/server/dispatch/arrived";
import { asCourier } from "@/lib/server/dispatch/courier";
import { requireUser } from "@/lib/server/web/session";
import { stopStepSchema } from "@/lib/validation/courier";

// POST /api/courier/jobs/{id}/arrived -> { job }: assigned -> at_pickup: you are at the restaurant. Another courier's job (or one never
// offered to you) is a 404, the wrong state a 409 (docs/architecture/couriers.md).
// Away from the stop (no position in the last 2 minutes within 250 m + its accuracy): 409 naming `position`, unless
// `{ confirm: true }`: then the job is flagged for an operator ("Steps at a stop").
export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const courier = asCourier(await requireUser());
  const { confirm } = await parseBody(request, stopStepSchema);
  return json({ job: await arrivedAtPickup(courier, id, new Date(), confirm ?? false) });
});
