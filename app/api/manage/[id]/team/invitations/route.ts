import { invitationToJson, inviteToTeam } from "@/lib/server/team/members";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/team/invitations", async ({ user, params, body }) => ({
  invitation: invitationToJson(await inviteToTeam(user, params.id, body)),
}));
