import "server-only";
import type { GroupCheckoutJson } from "@/lib/contract/schemas";
import { unavailableDishesMessage } from "@/lib/shared/order-changes";
import type { SubmitOrderInput } from "@/lib/validation/checkout";
import { GROUP_MESSAGES } from "@/lib/validation/group-orders";
import type { Tx } from "../platform/db";
import { badRequest, conflict } from "../platform/errors";
import { optionGroupsOf } from "../menu/menu-items";
import { assertTakingOrders, insertOrder, type OrderLineToInsert } from "../orders/create";
import { sqlOf } from "../platform/sql";
import { lineProblem, pricedDishSelect } from "../orders/lines";
import { submitOrder } from "../orders/submit";
import { orderToJson } from "../orders/to-json";
import type { SessionUser } from "../web/session";
import { accessGroup, refuseChange, requireHost } from "./access";
import { receiptNames } from "./members";
import { groupToJson, optionIdsOf, priceGroupLine } from "./read";

/**
 * The host checks out a locked group (or an open one past its deadline), paying for everyone,
 * in the caller's one transaction: first the group is claimed (locked -> placed, one
 * conditional update, so of two checkouts at once one finds it placed and charges nothing, and
 * no participant's change can land after it); then exactly its lines become the host's order
 * through insertOrder (each line naming who added it) and submitOrder prices and places it,
 * charging the wallet once as any checkout does. A refusal anywhere (empty group, a dish gone,
 * a short wallet, prices changed since `expectedTotal`) rolls all of it back: the group stays locked.
 */
export async function checkoutGroup(tx: Tx, user: SessionUser, token: string, input: SubmitOrderInput, now = new Date()): Promise<GroupCheckoutJson> {
  const access = await accessGroup(tx, token, user, now);
  requireHost(access);
  const { group } = access;
  if (group.status === "placed") throw conflict(GROUP_MESSAGES.placed);
  const { count } = await tx.groupOrder.updateMany({
    where: { id: group.id, expiresAt: { gt: now }, OR: [{ status: "locked" }, { status: "open", deadline: { lte: now } }] },
    data: { status: "placed", version: { increment: 1 } },
  });
  if (count === 0) {
    const current = await tx.groupOrder.findUnique({ where: { id: group.id }, select: { status: true } });
    if (current?.status === "open") throw conflict(GROUP_MESSAGES.notLocked);
    await refuseChange(tx, group.id);
  }
  const [participants, lines, restaurant] = await Promise.all([
    tx.groupParticipant.findMany({ where: { groupId: group.id }, orderBy: { id: "asc" } }),
    tx.groupLine.findMany({ where: { groupId: group.id }, orderBy: [{ participantId: "asc" }, { id: "asc" }] }),
    tx.restaurant.findUniqueOrThrow({ where: { id: group.restaurantId } }),
  ]);
  if (!lines.length) throw badRequest(GROUP_MESSAGES.empty, { lines: GROUP_MESSAGES.empty });
  assertTakingOrders(restaurant);
  const dishes = await tx.menuItem.findMany({ where: { id: { in: [...new Set(lines.map((line) => line.menuItemId))] } }, select: pricedDishSelect });
  const byId = new Map(dishes.map((dish) => [dish.id, dish]));
  // A choice sold out or removed since the line was added: the host is told which dish, as at submit.
  const gone = lines.filter((line) =>
    lineProblem(byId.get(line.menuItemId)!, optionGroupsOf(byId.get(line.menuItemId)!.optionGroups, now), optionIdsOf(line.options), line.instructions),
  );
  if (gone.length) {
    const message = unavailableDishesMessage(gone.map((line) => byId.get(line.menuItemId)!.name));
    throw conflict(message, { lines: message });
  }
  const names = receiptNames(participants);
  const toInsert: OrderLineToInsert[] = lines.map((line) => ({ ...priceGroupLine(byId.get(line.menuItemId)!, line, now), addedBy: names.get(line.participantId)! }));
  const host = participants.find((participant) => participant.userId === group.hostId)!;
  const created = await insertOrder(sqlOf(tx), user, restaurant, dishes, toInsert, { groupHostName: names.get(host.id)! });
  const order = await submitOrder(tx, user, created.id, input, now);
  await tx.groupOrder.update({ where: { id: group.id }, data: { orderId: order.id } });
  const placed = await tx.groupOrder.findUniqueOrThrow({ where: { id: group.id } });
  return { order: orderToJson(order), group: await groupToJson(tx, { ...access, group: placed }, now) };
}
