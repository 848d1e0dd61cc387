import { createGroup } from "@/lib/server/group-orders/create";
import { json, parseBody, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { createGroupSchema } from "@/lib/validation/group-orders";

// POST /api/group-orders { restaurantId } -> 201 the new group, the caller its host and first participant.
export const POST = route(async (request) => {
  const user = await requireUser();
  const { restaurantId } = await parseBody(request, createGroupSchema);
  return json(await createGroup(user, restaurantId), 201);
});
