import "server-only";
import { randomBytes } from "node:crypto";
import type { GroupOrder, GroupParticipant, Prisma } from "@/lib/generated/prisma/client";
import { GROUP_SAID, GROUP_TOKEN } from "@/lib/contract/group-orders/rules";
import type { Tx } from "../platform/db";
import { conflict, forbidden, notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { said } from "@/lib/shared/words/said";

// Who may do what with a group order (docs/architecture/group-orders.md "Group orders"). The token is the
// capability: a wrong, expired or canceled token, and a placed one for anyone who did not take
// part, answers exactly like a missing one (404). Every change first bumps the group's version
// on a condition (still open, not past the deadline for participants) in the change's own
// transaction: that one statement orders a change against the host's lock and checkout (on
// PostgreSQL its row lock, on SQLite the write lock), so a change either lands before the lock
// or is refused with "The host has locked this order", never half.

export type Access = { group: GroupOrder; me: GroupParticipant | null; isHost: boolean };

/** 16 random bytes, base64url: 22 characters, 128 bits. */
export const newGroupToken = () => randomBytes(16).toString("base64url");

export const groupNotFound = () => notFound(said("messages.groupOrderNotFound"));

/** Whether the caller may read the group at all (else 404, as for a token that never existed). */
export function readable(group: Pick<GroupOrder, "status" | "expiresAt">, me: unknown, now: Date): boolean {
  if (group.status === "placed") return me !== null;
  if (group.status === "canceled") return false;
  return group.expiresAt > now;
}

/** The group of `token` as the caller may see it, with the caller's participant row (or null). */
export async function accessGroup(client: Tx, token: string, user: SessionUser, now = new Date()): Promise<Access> {
  if (!GROUP_TOKEN.test(token)) throw groupNotFound();
  const found = await client.groupOrder.findUnique({ where: { token }, include: { participants: { where: { userId: user.id } } } });
  if (!found) throw groupNotFound();
  const { participants, ...group } = found;
  const me = participants[0] ?? null;
  if (!readable(group, me, now)) throw groupNotFound();
  return { group, me, isHost: group.hostId === user.id };
}

/** A participant's change needs them joined (403 otherwise). */
export function requireParticipant(access: Access): GroupParticipant {
  if (!access.me) throw forbidden(said("messages.groupJoin"));
  return access.me;
}

/** The host's actions (lock, deadline, cancel, checkout, removing others' lines): 403 for anyone else. */
export function requireHost(access: Access): void {
  if (!access.isHost) throw forbidden(said("messages.groupHostOnly"));
}

/**
 * The conditional version bump every change of lines or participants starts with: only an open,
 * unexpired group, and for anyone but the host only before the deadline. Nothing matched: 409
 * "The host has locked this order" (or "already placed"), and the caller's transaction writes nothing.
 */
export async function bumpOpen(tx: Tx, access: Access, now: Date): Promise<void> {
  const where: Prisma.GroupOrderWhereInput = { id: access.group.id, status: "open", expiresAt: { gt: now } };
  if (!access.isHost) where.OR = [{ deadline: null }, { deadline: { gt: now } }];
  const { count } = await tx.groupOrder.updateMany({ where, data: { version: { increment: 1 } } });
  if (count === 0) await refuseChange(tx, access.group.id);
}

/** Why a conditional update of the group matched nothing: 404 when it is gone, else the 409. */
export async function refuseChange(tx: Tx, groupId: number): Promise<never> {
  const current = await tx.groupOrder.findUnique({ where: { id: groupId }, select: { status: true } });
  if (!current || current.status === "canceled") throw groupNotFound();
  throw conflict(current.status === "placed" ? said("messages.groupPlaced") : GROUP_SAID.locked);
}

/** One of the group's lines, or a 404 naming the line. */
export async function groupLineOf(tx: Tx, access: Access, lineId: number) {
  const line = await tx.groupLine.findFirst({ where: { id: lineId, groupId: access.group.id } });
  if (!line) throw notFound(said("messages.lineNotFound"));
  return line;
}
