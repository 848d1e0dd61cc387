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

/** A participant removes their own line; the host removes anyone's. */
export function removeGroupLine(user: SessionUser, token: string, lineId: number, now = new Date()): Promise<GroupJson> {
  return db.$transaction(async (tx) => {
    const access = await accessGroup(tx, token, user, now);
    const me = requireParticipant(access);
    if ((await groupLineOf(tx, access, lineId)).participantId !== me.id && !access.isHost) throw forbidden(said("messages.groupOwnItems"));
    await bumpOpen(tx, access, now);
    const { count } = await tx.groupLine.deleteMany({ where: { id: lineId, groupId: access.group.id } });
    if (count === 0) throw notFound(said("messages.lineNotFound"));
    return groupAfterChange(tx, access, now);
  });
}
