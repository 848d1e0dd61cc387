import "server-only";
import type { Restaurant } from "@/lib/generated/prisma/client";
import { pauseEnd } from "@/lib/shared/kitchen/kitchen";
import { nextLocalMidnight, parseOpeningHours } from "@/lib/shared/time/opening-hours";
import type { CapacityInput, KitchenInput, StartCookingInput } from "@/lib/contract/restaurants/kitchen-rules";
import { db } from "../platform/db";
import { getOwnedRestaurant, type Actor } from "../team/owned";

/**
 * The owner's kitchen controls (docs/architecture/kitchen.md), each field sent changed:
 * `pause` ends new orders for now until 15, 30 or 60 minutes from `now` or the restaurant's next
 * local midnight ("off": taken again); `busyExtraMinutes` adds 10 or 20 minutes to every prep time
 * for the rest of the restaurant's day (0: not busy); `autoAccept` and `defaultPrepMinutes`. The
 * Restaurant row's update moves its catalog scope (the triggers), so its pages show it at once.
 */
export async function updateKitchen(actor: Actor, id: number, input: KitchenInput, now = new Date()): Promise<Restaurant> {
  return db.$transaction(async (tx) => {
    const restaurant = await getOwnedRestaurant(actor, id, tx);
    const { timeZone } = parseOpeningHours(restaurant);
    const data: Partial<Pick<Restaurant, "pausedUntil" | "busyExtraMinutes" | "busyUntil" | "autoAccept" | "defaultPrepMinutes">> = {};
    if (input.pause !== undefined) data.pausedUntil = input.pause === "off" ? null : pauseEnd(input.pause, now, timeZone);
    if (input.busyExtraMinutes !== undefined) {
      data.busyExtraMinutes = input.busyExtraMinutes;
      data.busyUntil = input.busyExtraMinutes ? new Date(nextLocalMidnight(now, timeZone)) : null;
    }
    if (input.autoAccept !== undefined) data.autoAccept = input.autoAccept;
    if (input.defaultPrepMinutes !== undefined) data.defaultPrepMinutes = input.defaultPrepMinutes;
    return tx.restaurant.update({ where: { id: restaurant.id }, data });
  });
}

/**
 * The kitchen's capacity (docs/architecture/kitchen.md "Capacity"): at most `capacityPer15` orders
 * per quarter hour, or null (no limit). Checkout reads it with the restaurant at every placement.
 */
export async function setCapacity(actor: Actor, id: number, input: CapacityInput): Promise<{ capacityPer15: number | null }> {
  return db.$transaction(async (tx) => {
    const restaurant = await getOwnedRestaurant(actor, id, tx);
    const updated = await tx.restaurant.update({ where: { id: restaurant.id }, data: { capacityPer15: input.capacityPer15 }, select: { capacityPer15: true } });
    return { capacityPer15: updated.capacityPer15 };
  });
}

/**
 * Start cooking when the courier is `startCookingMinutes` away (docs/architecture/kitchen.md "Start
 * cooking when the courier is near"), or null: off. The board reads it with its orders.
 */
export async function setStartCooking(actor: Actor, id: number, input: StartCookingInput): Promise<{ startCookingMinutes: number | null }> {
  return db.$transaction(async (tx) => {
    const restaurant = await getOwnedRestaurant(actor, id, tx);
    return tx.restaurant.update({ where: { id: restaurant.id }, data: { startCookingMinutes: input.startCookingMinutes }, select: { startCookingMinutes: true } });
  });
}
