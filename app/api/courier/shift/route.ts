import { json, parseBody, route } from "@/lib/server/web/http";
import { asCourier } from "@/lib/server/dispatch/courier";
import { setShift } from "@/lib/server/dispatch/state";
import { requireUser } from "@/lib/server/web/session";
import { shiftInputSchema } from "@/lib/validation/courier";

// PUT /api/courier/shift { onShift } -> { onShift }: going off shift while holding a job is a 409; going off withdraws an open offer.
export const PUT = route(async (request) => {
  const courier = asCourier(await requireUser());
  const { onShift } = await parseBody(request, shiftInputSchema);
  return json(await setShift(courier, onShift));
});
