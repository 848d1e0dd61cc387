import "server-only";
import type { GroupJson } from "@/lib/contract/group-orders/schemas";
import { majorIn } from "@/lib/shared/money/currency";
import { GROUP_TOKEN } from "@/lib/contract/group-orders/rules";
import { db, type Tx } from "../platform/db";
import { optionGroupsOf } from "../menu/menu-items";
import { orderInclude } from "../orders/include";
import { priceLine, pricedDishSelect, type PricedDish, type PricedLine } from "../orders/lines";
import { orderToJson } from "../orders/to-json";
import type { SessionUser } from "../platform/session-user";
import { accessGroup, readable, type Access } from "./access";

/** A group line's chosen option ids (stored as a JSON array). */
export const optionIdsOf = (options: string): number[] => JSON.parse(options) as number[];

/** A group line priced from today's menu, exactly as a cart line (lib/server/orders/lines.ts). */
export function priceGroupLine(dish: PricedDish, line: { quantity: number; options: string; instructions: string | null }, now: Date): PricedLine {
  return priceLine(dish, optionGroupsOf(dish.optionGroups, now), { optionIds: optionIdsOf(line.options), quantity: line.quantity, instructions: line.instructions });
}

/** The group's JSON as the caller sees it: everyone's lines priced today, per-person subtotals, the placed order. */
export async function groupToJson(tx: Tx, access: Access, now = new Date()): Promise<GroupJson> {
  const { group, me, isHost } = access;
  const [participants, lines, { market, ...restaurant }, order] = await Promise.all([
    tx.groupParticipant.findMany({ where: { groupId: group.id }, orderBy: { id: "asc" } }),
    tx.groupLine.findMany({ where: { groupId: group.id }, orderBy: { id: "asc" } }),
    tx.restaurant.findUniqueOrThrow({ where: { id: group.restaurantId }, select: { id: true, name: true, storeImage: true, market: { select: { currency: true } } } }),
    group.orderId === null ? null : tx.order.findUnique({ where: { id: group.orderId }, include: orderInclude }),
  ]);
  const dishes = new Map(
    (await tx.menuItem.findMany({ where: { id: { in: [...new Set(lines.map((line) => line.menuItemId))] } }, select: pricedDishSelect })).map((dish) => [dish.id, dish]),
  );
  const names = new Map(participants.map((participant) => [participant.id, participant.displayName]));
  const priced = lines.map((line) => ({ line, priced: priceGroupLine(dishes.get(line.menuItemId)!, line, now) }));
  const subtotalOf = (participantId: number) =>
    priced.filter(({ line }) => line.participantId === participantId).reduce((sum, { priced }) => sum + priced.priceCents * priced.quantity, 0);
  const host = participants.find((participant) => participant.userId === group.hostId);
  // Amounts in major units of the restaurant's market's currency (the order it becomes is in it).
  const major = majorIn(market.currency);
  return {
    token: group.token,
    status: group.status,
    restaurant,
    host: { name: host?.displayName ?? "" },
    you: { participantId: me?.id ?? null, isHost },
    deadline: group.deadline?.toISOString() ?? null,
    expiresAt: group.expiresAt.toISOString(),
    version: group.version,
    lockedAt: group.lockedAt?.toISOString() ?? null,
    participants: participants.map((participant) => ({
      id: participant.id,
      displayName: participant.displayName,
      isHost: participant.userId === group.hostId,
      subtotal: major(subtotalOf(participant.id)),
      lineCount: lines.filter((line) => line.participantId === participant.id).length,
    })),
    lines: priced.map(({ line, priced }) => ({
      id: line.id,
      participantId: line.participantId,
      participantName: names.get(line.participantId) ?? "",
      mine: me !== null && line.participantId === me.id,
      menuItemId: line.menuItemId,
      name: priced.name,
      quantity: line.quantity,
      unitPrice: major(priced.priceCents),
      options: priced.options.map((option) => ({ name: option.name, priceDelta: major(option.priceDeltaCents) })),
      instructions: line.instructions,
      lineTotal: major(priced.priceCents * priced.quantity),
    })),
    subtotal: major(priced.reduce((sum, { priced }) => sum + priced.priceCents * priced.quantity, 0)),
    order: order ? orderToJson(order) : null,
  };
}

/** What a signed-out visitor with the link learns: who invites them and from where (nothing of the cart or the others). */
export type GroupInviteJson = { hostName: string; restaurantName: string } | { hostName: null; restaurantName: null };

/**
 * The invitation of a group link opened signed out: the host's name in the group and the
 * restaurant's, for an open or locked group; no names for a placed one (only its participants
 * may read it, after signing in); null (the 404) for an unknown, expired or canceled link.
 */
export async function readGroupInvite(client: Tx, token: string, now = new Date()): Promise<GroupInviteJson | null> {
  if (!GROUP_TOKEN.test(token)) return null;
  const group = await client.groupOrder.findUnique({ where: { token }, select: { id: true, hostId: true, restaurantId: true, status: true, expiresAt: true } });
  if (!group || group.status === "canceled") return null;
  if (group.status === "placed") return { hostName: null, restaurantName: null };
  if (group.expiresAt <= now) return null;
  const [host, restaurant] = await Promise.all([
    client.groupParticipant.findUnique({ where: { groupId_userId: { groupId: group.id, userId: group.hostId } }, select: { displayName: true } }),
    client.restaurant.findUnique({ where: { id: group.restaurantId }, select: { name: true } }),
  ]);
  if (!host || !restaurant) return null;
  return { hostName: host.displayName, restaurantName: restaurant.name };
}

/** GET: the group, or null when `since` is still its version (the page's poll: one indexed read). */
export async function readGroup(user: SessionUser, token: string, since: number | undefined, now = new Date()): Promise<GroupJson | null> {
  if (since !== undefined && GROUP_TOKEN.test(token)) {
    // The poll: one read by the token's unique index (and, for a placed group, the caller's participant row).
    const row = await db.groupOrder.findUnique({ where: { token }, select: { id: true, version: true, status: true, expiresAt: true } });
    if (row?.version === since) {
      const me =
        row.status === "placed" ? await db.groupParticipant.findUnique({ where: { groupId_userId: { groupId: row.id, userId: user.id } }, select: { id: true } }) : null;
      if (readable(row, me, now)) return null;
    }
  }
  return groupToJson(db, await accessGroup(db, token, user, now), now);
}

/** The group read again after a change (its new version and status), as the same caller: every change's answer. */
export async function groupAfterChange(tx: Tx, access: Access, now: Date): Promise<GroupJson> {
  const group = await tx.groupOrder.findUniqueOrThrow({ where: { id: access.group.id } });
  return groupToJson(tx, { ...access, group }, now);
}
