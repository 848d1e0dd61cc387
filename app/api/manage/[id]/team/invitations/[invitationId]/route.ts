import { withdrawInvitation } from "@/lib/server/team/members";
import { handle } from "@/lib/server/web/handle";

export const DELETE = handle("DELETE /api/manage/{id}/team/invitations/{invitationId}", async ({ user, params: { id, invitationId } }) => {
  await withdrawInvitation(user, id, invitationId);
  return { message: "Invitation withdrawn", id: invitationId };
});
