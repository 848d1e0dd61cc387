import { disconnectPos, posStatus } from "@/lib/server/pos/connection";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/pos", async ({ user, params }) => posStatus(user, params.id));

export const DELETE = handle("DELETE /api/manage/{id}/pos", async ({ user, params }) => {
  await disconnectPos(user, params.id);
  return { disconnected: true as const };
});
