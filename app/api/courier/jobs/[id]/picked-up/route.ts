import { json, parseId, route } from "@/lib/server/web/http";
import { pickedUp } from "@/lib/server/dispatch/picked-up";
import { asCourier } from "@/lib/server/dispatch/courier";
import { requireUser } from "@/lib/server/web/session";

// POST /api/courier/jobs/{id}/picked-up -> { job }: at_pickup -> picked_up: you have the food (the order goes out for delivery). Another courier's job (or one never
// offered to you) is a 404, the wrong state a 409 (docs/architecture/couriers.md).
export const POST = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const courier = asCourier(await requireUser());
  return json({ job: await pickedUp(courier, id) });
});
