import "server-only";
import { sliceGraphemes } from "@/lib/shared/words/graphemes";
import { GROUP_LIMITS } from "@/lib/contract/group-orders/rules";
import type { GroupJson } from "@/lib/contract/group-orders/schemas";
import { db } from "../platform/db";
import { notFound } from "../platform/errors";
import { assertTakingOrders } from "../orders/create";
import type { SessionUser } from "../platform/session-user";
import { newGroupToken } from "./access";
import { groupToJson } from "./read";
import { said } from "@/lib/shared/words/said";

// A group order is started (docs/architecture/group-orders.md): one transaction, the host its first participant.

const HOUR_MS = 60 * 60 * 1000;

/** POST /api/group-orders: the caller hosts a new group at a restaurant taking orders, joined under their first name. */
export function createGroup(user: SessionUser, restaurantId: number, now = new Date()): Promise<GroupJson> {
  return db.$transaction(async (tx) => {
    const restaurant = await tx.restaurant.findUnique({ where: { id: restaurantId }, select: { servicing: true, suspendedAt: true } });
    if (!restaurant) throw notFound(said("messages.restaurantNotFound"));
    assertTakingOrders(restaurant);
    const group = await tx.groupOrder.create({
      data: { token: newGroupToken(), hostId: user.id, restaurantId, expiresAt: new Date(now.getTime() + GROUP_LIMITS.hours * HOUR_MS), createdAt: now },
    });
    const me = await tx.groupParticipant.create({
      data: { groupId: group.id, userId: user.id, displayName: sliceGraphemes(user.firstName, GROUP_LIMITS.displayName), joinedAt: now },
    });
    return groupToJson(tx, { group, me, isHost: true }, now);
  });
}
