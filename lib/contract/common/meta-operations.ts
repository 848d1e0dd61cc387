import { z } from "zod";
import { op, anyone } from "../define";

// The document itself.

export const metaOperations = [
  op("GET /api/openapi.json", {
    summary: "This API's OpenAPI 3.1 document (the reference page: /developers/api)",
    access: anyone,
    paging: { unpaged: "the API's document" },
    ok: { description: "The document", schema: z.record(z.string(), z.unknown()) },
    fixture: { matrix: {} },
  }),
];
