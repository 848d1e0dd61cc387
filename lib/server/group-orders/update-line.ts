import "server-only";
import type { GroupJson } from "@/lib/contract/group-orders/schemas";
import { db } from "../platform/db";
import { forbidden, notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { accessGroup, bumpOpen, groupLineOf, requireParticipant } from "./access";
import { groupAfterChange } from "./read";
import { said } from "@/lib/shared/words/said";

// A group order's change, in one transaction of its own, answering the group as the caller now
// sees it (docs/architecture/group-orders.md).

/** A participant changes the quantity of their own line (nobody else's, not even the host). */
export function updateGroupLine(user: SessionUser, token: string, lineId: number, quantity: number, now = new Date()): Promise<GroupJson> {
  return db.$transaction(async (tx) => {
    const access = await accessGroup(tx, token, user, now);
    const me = requireParticipant(access);
    if ((await groupLineOf(tx, access, lineId)).participantId !== me.id) throw forbidden(said("messages.groupOwnItems"));
    await bumpOpen(tx, access, now);
    const { count } = await tx.groupLine.updateMany({ where: { id: lineId, groupId: access.group.id }, data: { quantity } });
    if (count === 0) throw notFound(said("messages.lineNotFound"));
    return groupAfterChange(tx, access, now);
  });
}
