import "server-only";
import type { GroupJson } from "@/lib/contract/group-orders/schemas";
import { db } from "../platform/db";
import type { SessionUser } from "../platform/session-user";
import { accessGroup, refuseChange, requireHost } from "./access";
import { groupAfterChange } from "./read";

// A group order's change, in one transaction of its own, answering the group as the caller now
// sees it (docs/architecture/group-orders.md).

/** The host cancels: the link stops working for everyone (the answer is the last anyone sees). */
export function cancelGroup(user: SessionUser, token: string, now = new Date()): Promise<GroupJson> {
  return db.$transaction(async (tx) => {
    const access = await accessGroup(tx, token, user, now);
    requireHost(access);
    const { count } = await tx.groupOrder.updateMany({
      where: { id: access.group.id, status: { in: ["open", "locked"] } },
      data: { status: "canceled", version: { increment: 1 } },
    });
    if (count === 0) await refuseChange(tx, access.group.id);
    return groupAfterChange(tx, access, now);
  });
}
