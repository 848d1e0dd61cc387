import "server-only";
import { db } from "../platform/db";
import { workplaceScope, type Actor } from "../team/owned";

/**
 * How many placed orders (the order board's New column) wait at each of the actor's
 * restaurants (owned or worked at: workplaceScope), by restaurant id; restaurants with none (and
 * anyone else's) are absent.
 */
export async function countNewOrders(actor: Actor): Promise<Record<number, number>> {
  const groups = await db.order.groupBy({
    by: ["restaurantId"],
    where: { stage: "placed", restaurant: workplaceScope(actor) },
    _count: { _all: true },
  });
  const counts: Record<number, number> = {};
  for (const group of groups) if (group.restaurantId !== null) counts[group.restaurantId] = group._count._all;
  return counts;
}
