// A restaurant's team (docs/architecture/team.md): the owner's invitation, a member's role
// change, and the invitation's acceptance.
import { z } from "zod";
import { TEAM_ROLES } from "@/lib/shared/people/team";
import { AUTH_SAID, isValidEmail, MAX_EMAIL_LENGTH } from "../zod-free/auth-rules";
import { freeText } from "../common/field-rules";
import { said, word } from "@/lib/shared/words/said";

const role = z.enum(TEAM_ROLES, { error: said("rules.team.role") });

/** POST /api/manage/{id}/team/invitations. */
export const invitationSchema = z.object({
  email: freeText(word("email"))
    .max(MAX_EMAIL_LENGTH, said("messages.atMost", { count: MAX_EMAIL_LENGTH }))
    .transform((value) => value.trim().toLowerCase())
    .refine(isValidEmail, AUTH_SAID.invalidEmail),
  role,
});
export type InvitationInput = z.infer<typeof invitationSchema>;

/** PUT /api/manage/{id}/team/{userId}. */
export const roleChangeSchema = z.object({ role });

/** POST /api/team/accept: the token of the mailed link. */
export const acceptInvitationSchema = z.object({
  token: z.string({ error: said("messages.required", { label: word("token") }) }).regex(/^[\w-]{20,100}$/, said("rules.team.token")),
});
