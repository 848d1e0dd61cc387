import { z } from "zod";
import { acceptInvitationSchema, invitationSchema, roleChangeSchema } from "@/lib/contract/team/rules";
import { deletedSchema, messageSchema } from "../common/schemas";
import { acceptedInvitationSchema, teamInvitationSchema, teamSchema, workplacesSchema } from "./schemas";
import { member, op, restaurantOwner } from "../define";

// A restaurant's team (docs/architecture/team.md): the owner's invitations and
// members, the invitee's acceptance, and the restaurants a person works at.

export const teamOperations = [
  op("GET /api/manage/{id}/team", {
    summary: "The restaurant's team: its members (manager or staff) and its pending invitations (not used, not expired), oldest first; at most 50 together",
    access: restaurantOwner,
    paging: { unpaged: "a capped working set: at most 50 members and invitations together" },
    ok: { description: "The team", schema: teamSchema },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("POST /api/manage/{id}/team/invitations", {
    summary:
      "Invite someone by email as manager or staff: a mail with a single-use link that works for 7 days; a pending invitation to the same address is replaced. Accepting needs a signed-in account with that address, verified",
    access: restaurantOwner,
    body: invitationSchema,
    ok: { status: 201, description: "The invitation", schema: z.object({ invitation: teamInvitationSchema }) },
    errors: { 404: "Unknown restaurant, or not yours", 409: "The address is already on the team (`email`), or the team has 50 people and invitations" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { email: "$uniqueEmail", role: "staff" } }, fuzz: { valid: { email: "fuzz@example.com", role: "staff" } } },
  }),
  op("DELETE /api/manage/{id}/team/invitations/{invitationId}", {
    summary: "Withdraw a pending invitation: its link stops working",
    access: restaurantOwner,
    ok: { description: "Withdrawn", schema: deletedSchema },
    errors: { 404: "Unknown restaurant or invitation, not yours, or already used" },
    fixture: { matrix: { path: { id: "$restaurant", invitationId: "$invitation" } } },
  }),
  op("PUT /api/manage/{id}/team/{userId}", {
    summary: "Change a member's role; it applies from their next request",
    access: restaurantOwner,
    body: roleChangeSchema,
    ok: { description: "Changed", schema: messageSchema },
    errors: { 404: "Unknown restaurant, not yours, or not a member" },
    fixture: { matrix: { path: { id: "$restaurant", userId: "$staffMember" }, body: { role: "staff" } }, fuzz: { valid: { role: "manager" } } },
  }),
  op("DELETE /api/manage/{id}/team/{userId}", {
    summary: "Remove a member at once: their next request to the restaurant is refused",
    access: restaurantOwner,
    ok: { description: "Removed", schema: deletedSchema },
    errors: { 404: "Unknown restaurant, not yours, or not a member" },
    fixture: { matrix: { path: { id: "$restaurant", userId: "$extraMember" } } },
  }),
  op("POST /api/team/accept", {
    summary:
      "Accept an invitation with its mailed link's token: once, before it expires, signed in with the invited address, verified. A person already on the team takes the invitation's role",
    access: member,
    body: acceptInvitationSchema,
    ok: { description: "Now on the team", schema: acceptedInvitationSchema },
    errors: {
      400: "The link is invalid, used or expired (`token`)",
      403: "A guest, or the address is not verified yet",
      404: "The invitation is for another address",
      409: "The restaurant is the caller's own",
    },
    fixture: { matrix: { private: true, body: { token: "$invitationForOwner" } }, fuzz: { valid: { token: "A".repeat(43) } } },
  }),
  op("GET /api/team/workplaces", {
    summary:
      "The restaurants the caller works at as a manager or staff member (not those they own), oldest membership first: the top navigation leads such a person to them (empty for everyone else)",
    access: member,
    paging: { unpaged: "one person's places of work: at most 100" },
    ok: { description: "Where the caller works", schema: workplacesSchema },
    errors: { 403: "A guest account" },
    fixture: { matrix: {} },
  }),
];
