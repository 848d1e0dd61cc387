import { setStartCooking } from "@/lib/server/restaurants/kitchen";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/start-cooking", ({ user, params, body }) => setStartCooking(user, params.id, body));
