import { acceptInvitation } from "@/lib/server/team/members";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/team/accept", async ({ user, body }) => acceptInvitation(user, body.token));
