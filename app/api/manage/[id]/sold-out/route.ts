import { setSoldOut } from "@/lib/server/menu/sold-out";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/sold-out", ({ user, params, body }) => setSoldOut(user, params.id, body));
