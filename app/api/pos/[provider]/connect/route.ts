import { finishPosConnect } from "@/lib/server/pos/connection";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/pos/{provider}/connect", async ({ user, params, body }) => finishPosConnect(user, params.provider, body));
