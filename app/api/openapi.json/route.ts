import { openApiDocument } from "@/lib/contract/openapi";
import { json, route } from "@/lib/server/web/http";

// GET /api/openapi.json - the API's OpenAPI 3.1 document, built once per process from the
// operation declarations (lib/contract/operations/); the readable version is /developers/api
export const GET = route(async () => json(openApiDocument()));
