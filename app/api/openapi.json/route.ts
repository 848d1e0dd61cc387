import { openApiDocument } from "@/lib/contract/openapi";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/openapi.json", async () => openApiDocument());
