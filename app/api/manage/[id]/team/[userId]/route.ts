import { changeMemberRole, removeMember } from "@/lib/server/team/members";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/team/{userId}", async ({ user, params: { id, userId }, body }) => {
  await changeMemberRole(user, id, userId, body.role);
  return { message: "Role changed" };
});

export const DELETE = handle("DELETE /api/manage/{id}/team/{userId}", async ({ user, params: { id, userId } }) => {
  await removeMember(user, id, userId);
  return { message: "Removed from the team", id: userId };
});
