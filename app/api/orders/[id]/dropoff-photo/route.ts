import { readDropoffPhoto } from "@/lib/server/dispatch/dropoff-photo";
import { parseId, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";

// GET /api/orders/{id}/dropoff-photo -> image/webp: the courier's photo of a left-at-the-door
// order, for its customer, the courier who delivered it and operators; 404 for anyone else, and
// once the problem-report window has closed (the photo is deleted: docs/architecture/couriers.md "Drop-off").
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const bytes = await readDropoffPhoto(user, id);
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
});
