import { applyPosImport } from "@/lib/server/pos/menu";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/pos/import", async ({ user, params }) => applyPosImport(user, params.id));
