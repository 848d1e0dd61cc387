import "server-only";
import type { Tx } from "../platform/db";
import type { Sql } from "../platform/sql";
import type { SessionUser } from "../platform/session-user";
import { joinedGroupOrderIdRows } from "./queries/lists";

// The people who took part in a group order someone else placed: they find it among their
// orders and follow it read-only (docs/architecture/group-orders.md "Group orders"). The order stays the
// host's: paying, cancelling, reordering and rating are the host's alone.

/** How many of a person's most recently joined groups their orders list looks at. */
export const JOINED_GROUPS_LISTED = 200;

/** The orders of the groups `user` joined and someone else checked out (their latest JOINED_GROUPS_LISTED groups), in one statement. */
export function joinedGroupOrderIds(sql: Sql, user: Pick<SessionUser, "id">): Promise<number[]> {
  return joinedGroupOrderIdRows(sql, user.id, JOINED_GROUPS_LISTED);
}

/**
 * For each of `orderIds` that is a group order `user` took part in without hosting it, their
 * name on its receipt (OrderItem.addedBy). Orders not in the map are not theirs to read.
 */
export async function memberNamesOf(client: Tx, user: SessionUser, orderIds: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (!orderIds.length) return names;
  const groups = await client.groupOrder.findMany({ where: { orderId: { in: [...orderIds] }, hostId: { not: user.id } }, select: { id: true, orderId: true } });
  if (!groups.length) return names;
  const participants = await client.groupParticipant.findMany({
    where: { groupId: { in: groups.map((group) => group.id) } },
    orderBy: { id: "asc" },
    select: { id: true, groupId: true, userId: true, displayName: true },
  });
  for (const group of groups) {
    const people = participants.filter((person) => person.groupId === group.id);
    const me = people.find((person) => person.userId === user.id);
    if (me && group.orderId !== null) names.set(group.orderId, receiptNames(people).get(me.id)!);
  }
  return names;
}

/** Each participant's name on the receipt: their display name, "Sam (2)" for a second Sam (in joining order). */
export function receiptNames(participants: readonly { id: number; displayName: string }[]): Map<number, string> {
  const names = new Map<number, string>();
  const seen = new Map<string, number>();
  for (const participant of participants) {
    const count = (seen.get(participant.displayName) ?? 0) + 1;
    seen.set(participant.displayName, count);
    names.set(participant.id, count === 1 ? participant.displayName : `${participant.displayName} (${count})`);
  }
  return names;
}
