import "server-only";
import type { z } from "zod";
import type { orderActionSchema } from "@/lib/contract/orders/schemas";
import type { RestaurantRole } from "@/lib/shared/people/team";
import { wordsFor } from "@/lib/i18n/translate";
import { db, type Tx } from "../platform/db";
import type { Actor } from "./owned";

// Who took a restaurant's step on an order (docs/architecture/team.md): the
// person and the role they held, written in the step's own transaction (orders/owner-step.ts, the
// prep time, a courier assigned by hand) and shown on the board and the order's audit. The steps
// the server takes by itself (auto-accept, the demo kitchen) name no one.

/** The actor's role at the restaurant their step was admitted to: a member's grant, else its owner. */
const roleOf = (actor: Actor & { restaurantGrant?: { role?: RestaurantRole } }): RestaurantRole => actor.restaurantGrant?.role ?? "owner";

/** Records that `actor` took `action` (a stage, "prep", "courier_assigned") on the order; not the server's own steps. */
export async function recordOrderAction(
  tx: Tx,
  actor: Actor & { automatic?: boolean },
  restaurantId: number,
  orderId: number,
  action: string,
  now = new Date(),
): Promise<void> {
  if (actor.automatic) return;
  await tx.orderAction.create({ data: { orderId, restaurantId, userId: actor.id, role: roleOf(actor), action, at: now } });
}

export type OrderActionJson = z.infer<typeof orderActionSchema>;

/** Each order's actions, oldest first, with the person's first name (a removed account: "Someone"). */
export async function orderActionsOf(orderIds: readonly number[]): Promise<Map<number, OrderActionJson[]>> {
  const found = new Map<number, OrderActionJson[]>();
  if (!orderIds.length) return found;
  const rows = await db.orderAction.findMany({ where: { orderId: { in: [...orderIds] } }, orderBy: { id: "asc" }, take: 20 * orderIds.length });
  const names = new Map(
    (await db.user.findMany({ where: { id: { in: [...new Set(rows.map((row) => row.userId))] } }, select: { id: true, firstName: true } })).map((u) => [
      u.id,
      u.firstName,
    ]),
  );
  for (const row of rows) {
    const role = (["owner", "manager", "staff"].includes(row.role) ? row.role : "owner") as RestaurantRole;
    const list = found.get(row.orderId) ?? [];
    list.push({ action: row.action, firstName: names.get(row.userId) ?? "Someone", role, roleLabel: wordsFor("en", "menus").roles[role], at: row.at.toISOString() });
    found.set(row.orderId, list);
  }
  return found;
}

/** The orders with their actions (the board's answer and page, the kitchen ticket). */
export async function withActions<T extends { id: number }>(orders: T[]): Promise<(T & { actions: OrderActionJson[] })[]> {
  const actions = await orderActionsOf(orders.map((order) => order.id));
  return orders.map((order) => ({ ...order, actions: actions.get(order.id) ?? [] }));
}
