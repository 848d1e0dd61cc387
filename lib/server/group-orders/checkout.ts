import "server-only";
import type { GroupCheckoutJson } from "@/lib/contract/group-order-schemas";
import type { SubmitOrderInput } from "@/lib/validation/checkout";
import { GROUP_MESSAGES } from "@/lib/validation/group-orders";
import type { Tx } from "../platform/db";
import { badRequest, conflict } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { pricedDishSelect } from "../orders/lines";
import { placeOrder } from "../orders/place";
import { orderToJson } from "../orders/to-json";
import type { SessionUser } from "../accounts/session-user";
import { accessGroup, refuseChange, requireHost } from "./access";
import { receiptNames } from "../orders/group-members";
import { groupToJson, optionIdsOf } from "./read";

/**
 * The host checks out a locked group (or an open one past its deadline), paying for everyone,
 * in the caller's one transaction: first the group is claimed (locked -> placed, one
 * conditional update, so of two checkouts at once one finds it placed and charges nothing, and
 * no participant's change can land after it); then exactly its lines become the host's order
 * through placeOrder (lib/server/orders/place.ts: each line naming who added it), priced,
 * placed and charged once as any checkout is. A refusal anywhere (empty group, a dish gone,
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
  const dishes = await tx.menuItem.findMany({ where: { id: { in: [...new Set(lines.map((line) => line.menuItemId))] } }, select: pricedDishSelect });
  const byId = new Map(dishes.map((dish) => [dish.id, dish]));
  const names = receiptNames(participants);
  const host = participants.find((participant) => participant.userId === group.hostId)!;
  const order = await placeOrder(
    sqlOf(tx),
    user,
    {
      group: {
        restaurant,
        hostName: names.get(host.id)!,
        lines: lines.map((line) => {
          const dish = byId.get(line.menuItemId)!;
          return { ...line, name: dish.name, dish, optionIds: optionIdsOf(line.options), addedBy: names.get(line.participantId)! };
        }),
      },
    },
    input,
    now,
  );
  await tx.groupOrder.update({ where: { id: group.id }, data: { orderId: order.id } });
  const placed = await tx.groupOrder.findUniqueOrThrow({ where: { id: group.id } });
  return { order: orderToJson(order), group: await groupToJson(tx, { ...access, group: placed }, now) };
}
