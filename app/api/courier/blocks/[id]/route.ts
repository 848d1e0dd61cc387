import { dropBlock } from "@/lib/server/zones/blocks";
import { handle } from "@/lib/server/web/handle";

export const DELETE = handle("DELETE /api/courier/blocks/{id}", async ({ courier, params }) => dropBlock(courier, params.id));
