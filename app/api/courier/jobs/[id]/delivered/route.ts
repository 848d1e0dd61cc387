import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { deliveredJob } from "@/lib/server/dispatch/delivered";
import { asCourier } from "@/lib/server/dispatch/courier";
import { requireUser } from "@/lib/server/web/session";
import { stopStepSchema } from "@/lib/validation/courier";

// POST /api/courier/jobs/{id}/delivered -> { job }: picked_up -> delivered: the order is delivered and your pay credited. Another courier's job (or one never
// offered to you) is a 404, the wrong state a 409 (docs/architecture/couriers.md).
// Away from the stop (no position in the last 2 minutes within 250 m + its accuracy): 409 naming `position`, unless
// `{ confirm: true }`: then the job is flagged for an operator ("Steps at a stop").
export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const courier = asCourier(await requireUser());
  const { confirm } = await parseBody(request, stopStepSchema);
  return json({ job: await deliveredJob(courier, id, new Date(), confirm ?? false) });
});
