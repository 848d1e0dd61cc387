import "server-only";
import { soldOutEnd } from "@/lib/shared/kitchen/kitchen";
import { parseOpeningHours } from "@/lib/shared/time/opening-hours";
import { marketDate } from "@/lib/shared/time/schedule";
import type { SoldOutInput } from "@/lib/contract/restaurants/kitchen-rules";
import { db, type Tx } from "../platform/db";
import { notFound } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { enqueueWebhooks, menuItemChanged } from "../webhooks/enqueue";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { said, word } from "@/lib/shared/words/said";

/**
 * Dishes of the restaurant marked sold out until its next opening (`soldOutUntil`,
 * docs/architecture/kitchen.md), in the caller's transaction: the MenuItem rows' update moves the
 * menu's and the dishes' catalog scopes (the triggers), so the restaurant page greys them at once.
 * Ids not on the restaurant's menu are left alone. Returns the instant they are back.
 */
export async function markDishesSoldOut(
  tx: Tx,
  restaurant: { id: number; timeZone: string; hours: string; closures: string; closingTime: string },
  menuItemIds: number[],
  now: Date,
): Promise<Date> {
  const until = soldOutEnd(parseOpeningHours(restaurant), now);
  if (menuItemIds.length) await tx.menuItem.updateMany({ where: { restaurantId: restaurant.id, id: { in: menuItemIds } }, data: { soldOutUntil: until } });
  return until;
}

/**
 * PUT /api/manage/{id}/sold-out: a dish (until the restaurant's next opening) or one of its choices
 * (for the marketplace's today, as the menu form marks it: `MenuOption.soldOutOn`) sold out, or
 * back (`soldOut: false`). Another restaurant's dish or choice is a 404, as is someone else's restaurant.
 */
export async function setSoldOut(
  actor: Actor,
  restaurantId: number,
  input: SoldOutInput,
  now = new Date(),
): Promise<{ menuItemId: number; optionId: number | null; soldOutUntil: string | null }> {
  return db.$transaction(async (tx) => {
    const restaurant = await getOwnedRestaurant(actor, restaurantId, tx);
    if (input.optionId !== undefined) {
      const option = await tx.menuOption.findFirst({
        where: { id: input.optionId, group: { menuItem: { restaurantId } } },
        select: { id: true, group: { select: { menuItemId: true } } },
      });
      if (!option) throw notFound(said("messages.notFound", { what: word("option") }));
      await tx.menuOption.update({ where: { id: option.id }, data: { soldOutOn: input.soldOut ? marketDate(now) : null } });
      await enqueueWebhooks(sqlOf(tx), [menuItemChanged(restaurantId, option.group.menuItemId, input.soldOut ? "sold_out" : "back")], now);
      return { menuItemId: option.group.menuItemId, optionId: option.id, soldOutUntil: null };
    }
    const dish = await tx.menuItem.findFirst({ where: { id: input.menuItemId!, restaurantId }, select: { id: true } });
    if (!dish) throw notFound(said("messages.menuItemNotFound"));
    await enqueueWebhooks(sqlOf(tx), [menuItemChanged(restaurantId, dish.id, input.soldOut ? "sold_out" : "back")], now);
    if (!input.soldOut) {
      await tx.menuItem.update({ where: { id: dish.id }, data: { soldOutUntil: null } });
      return { menuItemId: dish.id, optionId: null, soldOutUntil: null };
    }
    const until = await markDishesSoldOut(tx, restaurant, [dish.id], now);
    return { menuItemId: dish.id, optionId: null, soldOutUntil: until.toISOString() };
  });
}
