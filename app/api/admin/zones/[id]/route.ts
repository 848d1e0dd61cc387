import { updateZone } from "@/lib/server/zones/zones";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/admin/zones/{id}", async ({ operator, params, body }) => updateZone(operator, params.id, body));
