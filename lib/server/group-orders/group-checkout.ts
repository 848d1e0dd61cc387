import "server-only";
import type { GroupCheckoutJson } from "@/lib/contract/group-orders/schemas";
import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import type { Tx } from "../platform/db";
import { badRequest, conflict } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { pricedDishSelect } from "../orders/lines";
import type { OrderPayment } from "../orders/payment";
import { placeOrder, quotePlacement } from "../orders/place";
import { orderToJson } from "../orders/to-json";
import type { SessionUser } from "../platform/session-user";
import { accessGroup, refuseChange, requireHost } from "./access";
import { receiptNames } from "../orders/group-members";
import { groupToJson, optionIdsOf } from "./read";
import { said } from "@/lib/shared/words/said";

/**
 * The host checks out a locked group (or an open one past its deadline), paying for everyone
 * with `payment` (lib/server/orders/pay-and-place.ts), in the caller's one transaction: first the group
 * is claimed (locked -> placed, one conditional update, so of two checkouts at once one finds it
 * placed and charges nothing, and no participant's change can land after it); then exactly its
 * lines become the host's order through placeOrder (lib/server/orders/place.ts: each line naming
 * who added it), priced, placed and charged once as any checkout is. A refusal anywhere (empty
 * group, a dish gone, a short wallet, prices changed since `expectedTotal`) rolls all of it back:
 * the group stays locked.
 */
export async function checkoutGroup(
  tx: Tx,
  user: SessionUser,
  token: string,
  input: SubmitOrderInput,
  payment: OrderPayment,
  now = new Date(),
): Promise<GroupCheckoutJson> {
  const access = await accessGroup(tx, token, user, now);
  requireHost(access);
  const { group } = access;
  if (group.status === "placed") throw conflict(said("messages.groupPlaced"));
  const { count } = await tx.groupOrder.updateMany({ where: claimable(group.id, now), data: { status: "placed", version: { increment: 1 } } });
  if (count === 0) await refuseClaim(tx, group.id);
  const order = await placeOrder(sqlOf(tx), user, await groupSource(tx, group), input, payment, now);
  await tx.groupOrder.update({ where: { id: group.id }, data: { orderId: order.id } });
  const placed = await tx.groupOrder.findUniqueOrThrow({ where: { id: group.id } });
  return { order: orderToJson(order), group: await groupToJson(tx, { ...access, group: placed }, now) };
}

/** What the host's checkout would charge (a card is authorized for it first): its every check, the claim's included, nothing written. */
export async function quoteGroupCheckout(
  tx: Tx,
  user: SessionUser,
  token: string,
  input: SubmitOrderInput,
  now = new Date(),
): Promise<{ totalCents: number; currency: string }> {
  const access = await accessGroup(tx, token, user, now);
  requireHost(access);
  const { group } = access;
  if (group.status === "placed") throw conflict(said("messages.groupPlaced"));
  if (!(await tx.groupOrder.findFirst({ where: claimable(group.id, now), select: { id: true } }))) await refuseClaim(tx, group.id);
  return quotePlacement(sqlOf(tx), user, await groupSource(tx, group), input, now);
}

/** The group as the host may check it out: locked, or open past its deadline, and not expired. */
function claimable(groupId: number, now: Date) {
  return { id: groupId, expiresAt: { gt: now }, OR: [{ status: "locked" }, { status: "open", deadline: { lte: now } }] };
}

/** Why the group cannot be claimed: still open (409), else refuseChange's answer. */
async function refuseClaim(tx: Tx, groupId: number): Promise<never> {
  const current = await tx.groupOrder.findUnique({ where: { id: groupId }, select: { status: true } });
  if (current?.status === "open") throw conflict(said("messages.groupLockFirst"));
  return refuseChange(tx, groupId);
}

/** The group's lines as placeOrder's source, each naming who added it (an empty group is a 400). */
async function groupSource(tx: Tx, group: { id: number; restaurantId: number; hostId: number }) {
  const [participants, lines, restaurant] = await Promise.all([
    tx.groupParticipant.findMany({ where: { groupId: group.id }, orderBy: { id: "asc" } }),
    tx.groupLine.findMany({ where: { groupId: group.id }, orderBy: [{ participantId: "asc" }, { id: "asc" }] }),
    tx.restaurant.findUniqueOrThrow({ where: { id: group.restaurantId }, include: { market: { select: { currency: true } } } }),
  ]);
  if (!lines.length) throw badRequest(said("messages.groupEmpty"), { lines: said("messages.groupEmpty") });
  const dishes = await tx.menuItem.findMany({ where: { id: { in: [...new Set(lines.map((line) => line.menuItemId))] } }, select: pricedDishSelect });
  const byId = new Map(dishes.map((dish) => [dish.id, dish]));
  const names = receiptNames(participants);
  const host = participants.find((participant) => participant.userId === group.hostId)!;
  return {
    group: {
      restaurant: { ...restaurant, currency: restaurant.market.currency },
      hostName: names.get(host.id)!,
      lines: lines.map((line) => {
        const dish = byId.get(line.menuItemId)!;
        return { ...line, name: dish.name, dish, optionIds: optionIdsOf(line.options), addedBy: names.get(line.participantId)! };
      }),
    },
  };
}
