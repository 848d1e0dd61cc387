import { changeMemberRole, removeMember } from "@/lib/server/team/members";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const PUT = handle("PUT /api/manage/{id}/team/{userId}", async ({ user, params: { id, userId }, body }) => {
  await changeMemberRole(user, id, userId, body.role);
  return { message: said("done.roleChanged") };
});

export const DELETE = handle("DELETE /api/manage/{id}/team/{userId}", async ({ user, params: { id, userId } }) => {
  await removeMember(user, id, userId);
  return { message: said("done.removedFromTeam"), id: userId };
});
