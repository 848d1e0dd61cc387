import "server-only";
import { lineKey, normalizeInstructions } from "@/lib/shared/menu/options";
import { GROUP_LIMITS, GROUP_SAID, groupLineFullMessage, type AddGroupLineInput } from "@/lib/contract/group-orders/rules";
import type { GroupJson } from "@/lib/contract/group-orders/schemas";
import { db } from "../platform/db";
import { badRequest, conflict, fieldError } from "../platform/errors";
import { optionGroupsOf } from "../menu/menu-items";
import { lineProblem, pricedDishSelect } from "../orders/lines";
import type { SessionUser } from "../platform/session-user";
import { accessGroup, bumpOpen, requireParticipant } from "./access";
import { groupAfterChange, optionIdsOf } from "./read";
import { said } from "@/lib/shared/words/said";

// A group order's change, in one transaction of its own, answering the group as the caller now
// sees it (docs/architecture/group-orders.md).

/** A participant adds a line, checked and priced like a cart line; 100 lines at most. */
export function addGroupLine(user: SessionUser, token: string, input: AddGroupLineInput, now = new Date()): Promise<GroupJson> {
  return db.$transaction(async (tx) => {
    const access = await accessGroup(tx, token, user, now);
    const me = requireParticipant(access);
    const dish = await tx.menuItem.findFirst({ where: { id: input.menuItemId, restaurantId: access.group.restaurantId }, select: pricedDishSelect });
    if (!dish) throw fieldError("menuItemId", said("rules.handlers.notOnMenu", { id: input.menuItemId }));
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
      return groupAfterChange(tx, access, now);
    }
    if ((await tx.groupLine.count({ where: { groupId: access.group.id } })) >= GROUP_LIMITS.lines) throw conflict(GROUP_SAID.tooManyLines);
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
    return groupAfterChange(tx, access, now);
  });
}
