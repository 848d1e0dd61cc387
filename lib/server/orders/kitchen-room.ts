import "server-only";
import { firstFreeSlot, kitchenFullMessage, kitchenFullSaid, QUARTER_MS, quarterOf, type CapacityWords } from "@/lib/shared/kitchen/kitchen-capacity";
import { pausedUntilAt } from "@/lib/shared/kitchen/kitchen";
import { parseOpeningHours } from "@/lib/shared/time/opening-hours";
import { scheduleSlots, type SlotLanguage } from "@/lib/shared/time/schedule";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { config } from "../platform/config";
import { ApiError } from "../platform/errors";
import { plainSql, type Sql } from "../platform/sql";
import type { PlacementRestaurant } from "./placement";
import { lockRestaurantRow, quarterOrderCount, scheduledSlots } from "./queries/placement";

/** What the capacity reads of a restaurant: its limit (null or absent: none), and its hours and pause for the next free slot. */
export type CapacityRestaurant = PlacementRestaurant & { id: number; capacityPer15?: number | null };

/** A full kitchen's answer: why, and the first slot with room (null: none in the week), as the picker names it. */
export type KitchenFull = { message: string; slot: { value: string; label: string } | null };

/** The answer's words and language (the catalogue's lines.slots and lines.capacity) for a page's render; English without (the API's 409). */
export type KitchenFullWords = SlotLanguage & { capacity: CapacityWords };

/**
 * The first of the schedule's slots whose quarter hour has room (docs/architecture/kitchen.md
 * "Capacity"), from a pause's end on: the slots of the week and the scheduled orders in them,
 * counted by quarter hour in one statement.
 */
async function nextFreeSlot(sql: Sql, restaurant: CapacityRestaurant, capacity: number, now: Date, language?: KitchenFullWords) {
  const opening = parseOpeningHours(restaurant);
  const days = scheduleSlots(now, opening, language ?? { words: ENGLISH.lines.slots, locale: "en" });
  const first = days[0]?.slots[0];
  const last = days.at(-1)?.slots.at(-1);
  if (!first || !last) return null;
  const taken = new Map<number, number>();
  for (const slot of await scheduledSlots(sql, restaurant.id, quarterOf(Date.parse(first.value)), new Date(quarterOf(Date.parse(last.value)).getTime() + QUARTER_MS))) {
    const key = quarterOf(slot).getTime();
    taken.set(key, (taken.get(key) ?? 0) + 1);
  }
  return firstFreeSlot(days, taken, capacity, pausedUntilAt(restaurant.pausedUntil, now), language?.words.slot);
}

/**
 * Whether the restaurant's kitchen is full for an order at `scheduledFor` (null: now), and if so
 * the refusal's message and the next free slot. No limit: null, with nothing read.
 */
export async function kitchenFull(
  sql: Sql,
  restaurant: CapacityRestaurant,
  scheduledFor: Date | null,
  now: Date,
  language?: KitchenFullWords,
): Promise<KitchenFull | null> {
  const capacity = restaurant.capacityPer15;
  if (!capacity) return null;
  const start = quarterOf(scheduledFor ?? now);
  if ((await quarterOrderCount(sql, restaurant.id, start, new Date(start.getTime() + QUARTER_MS))) < capacity) return null;
  const slot = await nextFreeSlot(sql, restaurant, capacity, now, language);
  const message = kitchenFullMessage(
    restaurant.name,
    slot?.value ?? null,
    now,
    restaurant.timeZone,
    scheduledFor,
    language?.capacity ?? ENGLISH.lines.capacity,
    language?.locale,
  );
  return { message, slot };
}

/**
 * Refuses an order the kitchen has no room for (409 naming `deliveryOption` for now, `scheduledFor`
 * for a slot, under `fields`, with `nextSlot`: the first slot with room, or null), before the order
 * is written, so nothing is charged. `lock` (the placement itself): on PostgreSQL the restaurant's
 * row is locked first, so parallel checkouts count in turn, each seeing those committed before it
 * (READ COMMITTED); SQLite's write transactions run one at a time (BEGIN IMMEDIATE) anyway.
 */
export async function assertKitchenRoom(
  sql: Sql,
  restaurant: CapacityRestaurant,
  scheduledFor: Date | null,
  now: Date,
  { lock, fields }: { lock: boolean; fields: string },
): Promise<void> {
  if (!restaurant.capacityPer15) return;
  if (lock && config().databaseProvider === "postgresql") await lockRestaurantRow(sql, restaurant.id);
  const full = await kitchenFull(sql, restaurant, scheduledFor, now);
  if (!full) return;
  const field = `${fields}${scheduledFor ? "scheduledFor" : "deliveryOption"}`;
  const next = full.slot?.value ?? null;
  const message = kitchenFullSaid(restaurant.name, next, now, restaurant.timeZone, scheduledFor);
  throw new ApiError("conflict", message, { [field]: message }, undefined, { nextSlot: next });
}

/** Checkout's render (app/(checkout)/checkout/page.tsx): whether an order for now would find the kitchen full, read outside any transaction. */
export const kitchenFullNow = (restaurant: CapacityRestaurant, now: Date, language?: KitchenFullWords): Promise<KitchenFull | null> =>
  restaurant.capacityPer15 ? kitchenFull(plainSql(), restaurant, null, now, language) : Promise.resolve(null);
