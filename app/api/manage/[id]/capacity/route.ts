import { setCapacity } from "@/lib/server/restaurants/kitchen";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/capacity", ({ user, params, body }) => setCapacity(user, params.id, body));
