import { z } from "zod";
import { TEAM_ROLES } from "@/lib/shared/people/team";
import { id, instant } from "../common/schemas";

// A restaurant's team (docs/architecture/team.md): its members and pending invitations, as the
// owner's Team page reads them, what accepting an invitation answers, and where a person works.

const role = z.enum(TEAM_ROLES).meta({ description: "manager: menu, board, promotions, reviews; staff: the order board only" });

export const teamMemberSchema = z.object({
  userId: id,
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  role,
  since: instant,
});

export const teamInvitationSchema = z.object({
  id,
  email: z.string(),
  role,
  createdAt: instant,
  expiresAt: instant.meta({ description: "The link works until then (7 days), once" }),
});

export const teamSchema = z.object({ members: z.array(teamMemberSchema), invitations: z.array(teamInvitationSchema) });
export const acceptedInvitationSchema = z.object({ restaurant: z.object({ id, name: z.string() }), role });
export const workplacesSchema = z.object({ restaurants: z.array(z.object({ id, name: z.string(), role })) });

export type TeamMemberJson = z.infer<typeof teamMemberSchema>;
export type TeamInvitationJson = z.infer<typeof teamInvitationSchema>;
export type TeamJson = z.infer<typeof teamSchema>;
