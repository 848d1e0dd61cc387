import "server-only";
import { type UpdateGroupInput } from "@/lib/contract/group-orders/rules";
import type { GroupJson } from "@/lib/contract/group-orders/schemas";
import { db } from "../platform/db";
import { conflict, fieldError } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { accessGroup, refuseChange, requireHost } from "./access";
import { groupAfterChange } from "./read";
import { said } from "@/lib/shared/words/said";

// A group order's change, in one transaction of its own, answering the group as the caller now
// sees it (docs/architecture/group-orders.md).

/**
 * The host locks or unlocks the group and sets or clears the deadline. Locking is one
 * conditional update (open -> locked): a participant's change either committed before it or
 * finds the group locked. Locking a locked group changes nothing; a placed group is a 409.
 */
export function updateGroup(user: SessionUser, token: string, input: UpdateGroupInput, now = new Date()): Promise<GroupJson> {
  return db.$transaction(async (tx) => {
    const access = await accessGroup(tx, token, user, now);
    requireHost(access);
    const { id } = access.group;
    if (access.group.status === "placed") throw conflict(said("messages.groupPlaced"));
    if (input.deadline !== undefined) {
      const deadline = input.deadline === null ? null : new Date(input.deadline);
      if (deadline && (deadline <= now || deadline > access.group.expiresAt)) throw fieldError("deadline", said("rules.groupOrders.deadline"));
      const { count } = await tx.groupOrder.updateMany({ where: { id, status: { in: ["open", "locked"] } }, data: { deadline, version: { increment: 1 } } });
      if (count === 0) await refuseChange(tx, id);
    }
    if (input.locked === true) {
      const { count } = await tx.groupOrder.updateMany({ where: { id, status: "open" }, data: { status: "locked", lockedAt: now, version: { increment: 1 } } });
      if (count === 0 && (await tx.groupOrder.findUnique({ where: { id }, select: { status: true } }))?.status !== "locked") await refuseChange(tx, id);
    } else if (input.locked === false) {
      const { count } = await tx.groupOrder.updateMany({ where: { id, status: "locked" }, data: { status: "open", lockedAt: null, version: { increment: 1 } } });
      if (count === 0 && (await tx.groupOrder.findUnique({ where: { id }, select: { status: true } }))?.status !== "open") await refuseChange(tx, id);
    }
    return groupAfterChange(tx, access, now);
  });
}
