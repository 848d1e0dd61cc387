import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { asCourier } from "@/lib/server/dispatch/courier";
import { failedJob } from "@/lib/server/dispatch/failed";
import { requireUser } from "@/lib/server/web/session";
import { failedInputSchema } from "@/lib/validation/courier";

// POST /api/courier/jobs/{id}/failed { reason: unreachable|address_not_found|unsafe|other, note? } -> { job }: picked_up -> failed;
// the order is canceled with the reason's label and refunded, and the courier is not paid; the note (required with "other")
// goes to the operators only (docs/architecture/couriers.md).
export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const courier = asCourier(await requireUser());
  const input = await parseBody(request, failedInputSchema);
  return json({ job: await failedJob(courier, id, input) });
});
