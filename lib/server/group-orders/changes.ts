import "server-only";
import { lineKey, normalizeInstructions } from "@/lib/shared/options";
import { sliceGraphemes } from "@/lib/shared/graphemes";
import { GROUP_LIMITS, GROUP_MESSAGES, GROUP_TOKEN, groupLineFullMessage, type AddGroupLineInput, type UpdateGroupInput } from "@/lib/validation/group-orders";
import type { GroupJson } from "@/lib/contract/schemas";
import { db, type Tx } from "../platform/db";
import { badRequest, conflict, fieldError, forbidden, notFound } from "../platform/errors";
import { optionGroupsOf } from "../menu/menu-items";
import { assertTakingOrders } from "../orders/create";
import { lineProblem, pricedDishSelect } from "../orders/lines";
import type { SessionUser } from "../web/session";
import { accessGroup, bumpOpen, newGroupToken, readable, refuseChange, requireHost, requireParticipant, type Access } from "./access";
import { groupToJson, optionIdsOf } from "./read";

// Every change to a group order (docs/architecture/group-orders.md "Group orders"), each in one transaction
// of its own and each answering the group as the caller now sees it.

const HOUR_MS = 60 * 60 * 1000;

/** The group read again after a change (its new version and status), as the same caller. */
async function answer(tx: Tx, access: Access, now: Date): Promise<GroupJson> {
  const group = await tx.groupOrder.findUniqueOrThrow({ where: { id: access.group.id } });
  return groupToJson(tx, { ...access, group }, now);
}

/** POST /api/group-orders: the caller hosts a new group at a restaurant taking orders, joined under their first name. */
export function createGroup(user: SessionUser, restaurantId: number, now = new Date()): Promise<GroupJson> {
  return db.$transaction(async (tx) => {
    const restaurant = await tx.restaurant.findUnique({ where: { id: restaurantId }, select: { servicing: true } });
    if (!restaurant) throw notFound("Restaurant");
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

/** Join (or, joined already, change one's display name); 25 people at most. */
export function joinGroup(user: SessionUser, token: string, displayName: string, now = new Date()): Promise<GroupJson> {
  return db.$transaction(async (tx) => {
    const access = await accessGroup(tx, token, user, now);
    await bumpOpen(tx, access, now);
    if (!access.me && (await tx.groupParticipant.count({ where: { groupId: access.group.id } })) >= GROUP_LIMITS.participants) throw conflict(GROUP_MESSAGES.full);
    const me = await tx.groupParticipant.upsert({
      where: { groupId_userId: { groupId: access.group.id, userId: user.id } },
      create: { groupId: access.group.id, userId: user.id, displayName, joinedAt: now },
      update: { displayName },
    });
    return answer(tx, { ...access, me }, now);
  });
}

/** A participant adds a line, checked and priced like a cart line; 100 lines at most. */
export function addGroupLine(user: SessionUser, token: string, input: AddGroupLineInput, now = new Date()): Promise<GroupJson> {
  return db.$transaction(async (tx) => {
    const access = await accessGroup(tx, token, user, now);
    const me = requireParticipant(access);
    const dish = await tx.menuItem.findFirst({ where: { id: input.menuItemId, restaurantId: access.group.restaurantId }, select: pricedDishSelect });
    if (!dish) throw fieldError("menuItemId", `Menu item ${input.menuItemId} is not on this restaurant's menu`);
    const optionIds = input.options ?? [];
    const instructions = normalizeInstructions(input.instructions);
    const problem = lineProblem(dish, optionGroupsOf(dish.optionGroups, now), optionIds, instructions);
    if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
    await bumpOpen(tx, access, now);
    // The same dish with the same choices and instructions is one line, as in the cart: its quantity adds up.
    const key = lineKey(dish.id, optionIds, instructions);
    const same = (await tx.groupLine.findMany({ where: { groupId: access.group.id, participantId: me.id, menuItemId: dish.id } })).find(
      (line) => lineKey(line.menuItemId, optionIdsOf(line.options), line.instructions) === key,
    );
    if (same) {
      const quantity = same.quantity + input.quantity;
      if (quantity > GROUP_LIMITS.quantity) throw fieldError("quantity", groupLineFullMessage(dish.name, same.quantity));
      await tx.groupLine.update({ where: { id: same.id }, data: { quantity } });
      return answer(tx, access, now);
    }
    if ((await tx.groupLine.count({ where: { groupId: access.group.id } })) >= GROUP_LIMITS.lines) throw conflict(GROUP_MESSAGES.tooManyLines);
    await tx.groupLine.create({
      data: {
        groupId: access.group.id,
        participantId: me.id,
        menuItemId: dish.id,
        quantity: input.quantity,
        options: JSON.stringify(optionIds),
        instructions,
        createdAt: now,
      },
    });
    return answer(tx, access, now);
  });
}

/** One of the group's lines, or a 404 naming the line. */
async function lineOf(tx: Tx, access: Access, lineId: number) {
  const line = await tx.groupLine.findFirst({ where: { id: lineId, groupId: access.group.id } });
  if (!line) throw notFound("Line");
  return line;
}

/** A participant changes the quantity of their own line (nobody else's, not even the host). */
export function updateGroupLine(user: SessionUser, token: string, lineId: number, quantity: number, now = new Date()): Promise<GroupJson> {
  return db.$transaction(async (tx) => {
    const access = await accessGroup(tx, token, user, now);
    const me = requireParticipant(access);
    if ((await lineOf(tx, access, lineId)).participantId !== me.id) throw forbidden(GROUP_MESSAGES.notYourLine);
    await bumpOpen(tx, access, now);
    const { count } = await tx.groupLine.updateMany({ where: { id: lineId, groupId: access.group.id }, data: { quantity } });
    if (count === 0) throw notFound("Line");
    return answer(tx, access, now);
  });
}

/** A participant removes their own line; the host removes anyone's. */
export function removeGroupLine(user: SessionUser, token: string, lineId: number, now = new Date()): Promise<GroupJson> {
  return db.$transaction(async (tx) => {
    const access = await accessGroup(tx, token, user, now);
    const me = requireParticipant(access);
    if ((await lineOf(tx, access, lineId)).participantId !== me.id && !access.isHost) throw forbidden(GROUP_MESSAGES.notYourLine);
    await bumpOpen(tx, access, now);
    const { count } = await tx.groupLine.deleteMany({ where: { id: lineId, groupId: access.group.id } });
    if (count === 0) throw notFound("Line");
    return answer(tx, access, now);
  });
}

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
    if (access.group.status === "placed") throw conflict(GROUP_MESSAGES.placed);
    if (input.deadline !== undefined) {
      const deadline = input.deadline === null ? null : new Date(input.deadline);
      if (deadline && (deadline <= now || deadline > access.group.expiresAt)) throw fieldError("deadline", GROUP_MESSAGES.deadline);
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
    return answer(tx, access, now);
  });
}

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
    return answer(tx, access, now);
  });
}
