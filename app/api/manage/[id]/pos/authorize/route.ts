import { startPosConnect } from "@/lib/server/pos/connection";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/pos/authorize", async ({ user, params }) => startPosConnect(user, params.id));
