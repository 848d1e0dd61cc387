import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { INVITATION_DAYS, type TeamRole } from "@/lib/shared/people/team";
import { wordsFor } from "@/lib/i18n/translate";
import type { InvitationInput } from "@/lib/contract/team/rules";
import type { TeamInvitationJson, TeamJson } from "@/lib/contract/team/schemas";
import { db } from "../platform/db";
import { ApiError, conflict, fieldError, forbidden, notFound } from "../platform/errors";
import { seal } from "../platform/sealed";
import { sqlOf } from "../platform/sql";
import { notify } from "../notifications/outbox";
import type { SessionUser } from "../platform/session-user";
import { asOwnerOnly, getOwnedRestaurant, type Actor } from "./owned";
import { said, word } from "@/lib/shared/words/said";

// A restaurant's team (docs/architecture/team.md): the owner invites people by
// email as manager or staff, lists, re-roles and removes them and withdraws invitations; the
// invitee accepts with the mailed link. The link is a random 32-byte token kept only as its
// SHA-256, sealed in its outbox row for the mail (as the password reset's is), used once by one
// conditional UPDATE, dead after INVITATION_DAYS. Only the owner manages the team (no grant
// reaches these: getOwnedRestaurant admits the owner alone here).

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
const INVITE_SEAL = "team-invitation-link";
/** A team's people and pending invitations together, at most. */
const TEAM_CAP = 50;

export type TeamMember = { userId: number; firstName: string; lastName: string | null; email: string | null; role: TeamRole; since: Date };
export type PendingInvitation = { id: number; email: string; role: TeamRole; createdAt: Date; expiresAt: Date };

const asRole = (value: string): TeamRole => (value === "manager" ? "manager" : "staff");

/** The restaurant's members and its invitations still pending (not used, not expired), oldest first. */
export async function listTeam(owner: Actor, restaurantId: number, now = new Date()): Promise<{ members: TeamMember[]; invitations: PendingInvitation[] }> {
  await getOwnedRestaurant(asOwnerOnly(owner), restaurantId);
  const [members, invitations] = await Promise.all([
    db.restaurantMember.findMany({
      where: { restaurantId },
      orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
      select: { role: true, createdAt: true, user: { select: { id: true, firstName: true, lastName: true, email: true } } },
    }),
    db.restaurantInvitation.findMany({
      where: { restaurantId, acceptedAt: null, expiresAt: { gt: now } },
      orderBy: { id: "asc" },
      select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
    }),
  ]);
  return {
    members: members.map((m) => ({
      userId: m.user.id,
      firstName: m.user.firstName,
      lastName: m.user.lastName,
      email: m.user.email,
      role: asRole(m.role),
      since: m.createdAt,
    })),
    invitations: invitations.map((i) => ({ ...i, role: asRole(i.role) })),
  };
}

/**
 * Invites `email` as `role`: the invitation and its mail (to the address, from the owner's row of
 * the outbox) in one transaction. A pending invitation to the same address is replaced (its link dies).
 */
export async function inviteToTeam(owner: Pick<SessionUser, "id" | "guestAccount" | "email">, restaurantId: number, input: InvitationInput, now = new Date()) {
  return db.$transaction(async (tx) => {
    const restaurant = await getOwnedRestaurant(asOwnerOnly(owner), restaurantId, tx);
    if (owner.email?.toLowerCase() === input.email) throw fieldError("email", said("messages.teamOwnEmail"));
    const already = await tx.restaurantMember.count({ where: { restaurantId, user: { email: input.email } } });
    if (already) throw conflict(said("messages.teamAlreadyMember"), { email: said("messages.teamAlreadyMember") });
    await tx.restaurantInvitation.deleteMany({ where: { restaurantId, email: input.email, acceptedAt: null } });
    const size =
      (await tx.restaurantMember.count({ where: { restaurantId } })) +
      (await tx.restaurantInvitation.count({ where: { restaurantId, acceptedAt: null, expiresAt: { gt: now } } }));
    if (size >= TEAM_CAP) throw conflict(said("messages.teamFull"));
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
    const invitation = await tx.restaurantInvitation.create({
      data: { restaurantId, email: input.email, role: input.role, tokenHash: sha256(token), invitedById: owner.id, createdAt: now, expiresAt },
      select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
    });
    const payload = {
      sealedToken: seal(INVITE_SEAL, token),
      toEmail: input.email,
      restaurantName: restaurant.name,
      note: wordsFor("en", "menus").roles[input.role].toLowerCase(),
    };
    await notify(sqlOf(tx), { to: { userId: owner.id }, kind: "team_invitation", cause: `team-invitation:${invitation.id}`, payload }, now);
    return { ...invitation, role: asRole(invitation.role) };
  });
}

/** Changes a member's role; it applies from their next request. */
export async function changeMemberRole(owner: Actor, restaurantId: number, userId: number, role: TeamRole) {
  await getOwnedRestaurant(asOwnerOnly(owner), restaurantId);
  const { count } = await db.restaurantMember.updateMany({ where: { restaurantId, userId }, data: { role } });
  if (!count) throw notFound(word("teamMember"));
}

/** Removes a member at once: their next request to the restaurant is refused. */
export async function removeMember(owner: Actor, restaurantId: number, userId: number) {
  await getOwnedRestaurant(asOwnerOnly(owner), restaurantId);
  const { count } = await db.restaurantMember.deleteMany({ where: { restaurantId, userId } });
  if (!count) throw notFound(word("teamMember"));
}

/** Withdraws a pending invitation: its link stops working and its unsent mail is not sent. */
export async function withdrawInvitation(owner: Actor, restaurantId: number, invitationId: number) {
  await getOwnedRestaurant(asOwnerOnly(owner), restaurantId);
  await db.$transaction(async (tx) => {
    const { count } = await tx.restaurantInvitation.deleteMany({ where: { id: invitationId, restaurantId, acceptedAt: null } });
    if (!count) throw notFound(said("messages.invitationNotFound"));
    await tx.notification.updateMany({ where: { kind: "team_invitation", cause: `team-invitation:${invitationId}` }, data: { payload: "{}" } });
  });
}

/**
 * What a pending invitation's link invites to (the /team/accept page names it): the restaurant
 * and the role, or null for a link that is unknown, used, withdrawn or expired. The token is the
 * invitee's mailed capability: its holder learns no more than the mail told them.
 */
export async function invitationPreview(token: string, now = new Date()): Promise<{ restaurantName: string; role: TeamRole } | null> {
  if (!token) return null;
  const invitation = await db.restaurantInvitation.findUnique({
    where: { tokenHash: sha256(token) },
    select: { role: true, acceptedAt: true, expiresAt: true, restaurant: { select: { name: true } } },
  });
  if (!invitation || invitation.acceptedAt || invitation.expiresAt <= now) return null;
  return { restaurantName: invitation.restaurant.name, role: asRole(invitation.role) };
}

/**
 * Accepts an invitation with its link's token, once: a signed-in, verified account whose email is
 * the invited address. Two acceptances at once make one membership (the conditional UPDATE takes
 * the link once; the other is told it was used). A person already on the team takes the new role.
 */
export async function acceptInvitation(user: Pick<SessionUser, "id" | "email" | "emailVerifiedAt" | "guestAccount">, token: string, now = new Date()) {
  if (user.guestAccount) throw forbidden(said("messages.teamGuest"));
  const tokenHash = sha256(token);
  return db.$transaction(async (tx) => {
    const invitation = await tx.restaurantInvitation.findUnique({
      where: { tokenHash },
      select: { id: true, restaurantId: true, email: true, role: true, acceptedAt: true, expiresAt: true, restaurant: { select: { name: true, ownerId: true } } },
    });
    if (!invitation || invitation.acceptedAt || invitation.expiresAt <= now) throw fieldError("token", said("messages.teamInvitationInvalid"));
    if (user.email?.toLowerCase() !== invitation.email) throw new ApiError("not_found", said("messages.teamInvitationOtherEmail"));
    if (!user.emailVerifiedAt) throw forbidden(said("messages.verifyEmailFirst"));
    if (invitation.restaurant.ownerId === user.id) throw conflict(said("messages.teamOwner"));
    const { count } = await tx.restaurantInvitation.updateMany({ where: { id: invitation.id, acceptedAt: null }, data: { acceptedAt: now } });
    if (!count) throw fieldError("token", said("messages.teamInvitationInvalid"));
    await tx.notification.updateMany({ where: { kind: "team_invitation", cause: `team-invitation:${invitation.id}` }, data: { payload: "{}" } });
    const role = asRole(invitation.role);
    await tx.restaurantMember.upsert({
      where: { restaurantId_userId: { restaurantId: invitation.restaurantId, userId: user.id } },
      create: { restaurantId: invitation.restaurantId, userId: user.id, role, createdAt: now },
      update: { role },
    });
    return { restaurant: { id: invitation.restaurantId, name: invitation.restaurant.name }, role };
  });
}

/** The restaurants the person works at (not their own), with their role: the management list's second part. */
export async function listTeamRestaurants(userId: number): Promise<{ id: number; name: string; role: TeamRole }[]> {
  const rows = await db.restaurantMember.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    take: 100,
    select: { role: true, restaurant: { select: { id: true, name: true } } },
  });
  return rows.map((row) => ({ ...row.restaurant, role: asRole(row.role) }));
}

/** GET /api/team/workplaces (the top menu's "Where you work"): a guest works nowhere and is refused, as every `member` operation. */
export async function listWorkplaces(user: Pick<SessionUser, "id" | "guestAccount">) {
  if (user.guestAccount) throw forbidden(said("rules.handlers.guestTeam"));
  return { restaurants: await listTeamRestaurants(user.id) };
}

/** The team as the API answers it (lib/contract/team/schemas.ts). */
export const teamToJson = ({ members, invitations }: { members: TeamMember[]; invitations: PendingInvitation[] }): TeamJson => ({
  members: members.map((m) => ({ ...m, since: m.since.toISOString() })),
  invitations: invitations.map(invitationToJson),
});
export const invitationToJson = (i: PendingInvitation): TeamInvitationJson => ({ ...i, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString() });
