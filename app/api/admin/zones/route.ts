import { createZone, zonesJson } from "@/lib/server/zones/zones";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/zones", async () => zonesJson());

export const POST = handle("POST /api/admin/zones", async ({ operator, body }) => createZone(operator, body));
