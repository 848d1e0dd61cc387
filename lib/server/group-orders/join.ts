import "server-only";
import { GROUP_LIMITS } from "@/lib/contract/group-orders/rules";
import type { GroupJson } from "@/lib/contract/group-orders/schemas";
import { db } from "../platform/db";
import { conflict } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { accessGroup, bumpOpen } from "./access";
import { groupAfterChange } from "./read";
import { said } from "@/lib/shared/words/said";

// A group order's change, in one transaction of its own, answering the group as the caller now
// sees it (docs/architecture/group-orders.md).

/** Join (or, joined already, change one's display name); 25 people at most. */
export function joinGroup(user: SessionUser, token: string, displayName: string, now = new Date()): Promise<GroupJson> {
  return db.$transaction(async (tx) => {
    const access = await accessGroup(tx, token, user, now);
    await bumpOpen(tx, access, now);
    if (!access.me && (await tx.groupParticipant.count({ where: { groupId: access.group.id } })) >= GROUP_LIMITS.participants) throw conflict(said("messages.groupFull"));
    const me = await tx.groupParticipant.upsert({
      where: { groupId_userId: { groupId: access.group.id, userId: user.id } },
      create: { groupId: access.group.id, userId: user.id, displayName, joinedAt: now },
      update: { displayName },
    });
    return groupAfterChange(tx, { ...access, me }, now);
  });
}
