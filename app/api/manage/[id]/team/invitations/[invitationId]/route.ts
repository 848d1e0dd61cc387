import { withdrawInvitation } from "@/lib/server/team/members";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const DELETE = handle("DELETE /api/manage/{id}/team/invitations/{invitationId}", async ({ user, params: { id, invitationId } }) => {
  await withdrawInvitation(user, id, invitationId);
  return { message: said("done.invitationWithdrawn"), id: invitationId };
});
