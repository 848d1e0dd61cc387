import { isOpenAt } from "@/lib/shared/time/opening-hours";
import { pausedUntilAt } from "@/lib/shared/kitchen/kitchen-text";
import { kitchenFreeLabelIn, pausedMessageIn, reopensLabelIn } from "@/lib/shared/kitchen/kitchen-lines";
import { pausedMinutesAt } from "@/lib/shared/delivery/delivery-estimate";
import { closedNowMessage, scheduleSlots, slotToPreselect } from "@/lib/shared/time/schedule";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { openNowPerJson, type CheckoutRestaurant } from "./checkout-restaurant";

/** Why checkout takes no order for now, and the slot it starts on (null: the customer picks). */
export type ClosedNow = {
  message: string;
  bookable: boolean;
  slot: { value: string; label: string } | null;
  /** A full kitchen (docs/architecture/kitchen.md "Capacity"): the first slot with room, which the estimates for now count up to. */
  kitchenFullUntil?: string | null;
};

/** The refusal's and the slots' words (the catalogue's lines.slots and lines.kitchen) and their language, from the server. */
export type ClosedWords = { lines: Pick<Words<"lines">, "slots" | "kitchen">; locale: Locale };

/**
 * A closed restaurant takes no order for now (the server refuses it with the same message):
 * checkout says so and starts on Schedule, with the slot of its next opening chosen
 * (slotToPreselect: none when that is midnight, and the customer picks). Paused by its kitchen
 * (docs/architecture/kitchen.md): the server's message, and the first slot from the pause's end.
 * Null when it is open at `openedAt` (or unknown: the server still checks the hours at submit).
 *
 * The server's render of /checkout computes it and sends it with the order (CheckoutReady's
 * `closed`): the week's slots need the restaurant's Intl clock, the browser's first formatter,
 * about 90 ms of one hydrating task on Lighthouse's phone (docs/log/2026-11-27.md).
 */
export function closedNow(restaurant: CheckoutRestaurant | null, openedAt: number, language: ClosedWords): ClosedNow | null {
  const now = new Date(openedAt);
  if (!restaurant) return null;
  const openNow = openNowPerJson(restaurant, now) ?? isOpenAt(restaurant, now);
  const paused = pausedUntilAt(restaurant.pausedUntil, now);
  const slots = { words: language.lines.slots, locale: language.locale };
  if (paused && openNow) {
    const days = scheduleSlots(now, restaurant, slots);
    const day = days.find((d) => d.slots.some((slot) => Date.parse(slot.value) >= paused.getTime()));
    const slot = day?.slots.find((s) => Date.parse(s.value) >= paused.getTime());
    return {
      message: pausedMessageIn(restaurant.name, paused, restaurant.timeZone, language.lines.kitchen, language.locale),
      bookable: Boolean(slot),
      slot: day && slot ? { value: slot.value, label: fill(slots.words.slot, { day: day.label, time: slot.label }) } : null,
    };
  }
  if (openNow) return null;
  return { message: closedNowMessage(restaurant.name, now, restaurant, slots), ...slotToPreselect(now, restaurant, slots) };
}

/**
 * Paused (docs/architecture/kitchen.md) at `openedAt`: the estimate counts the minutes to its
 * reopening, with why; a full kitchen's up to its next slot with room (`kitchenFullUntil`).
 */
export function pauseAt(
  openedAt: number,
  restaurant: CheckoutRestaurant | null,
  kitchenFullUntil: string | null,
  timeZone: string,
  { lines, locale }: ClosedWords,
): { pausedMinutes: number; reopens: string | null } {
  const pausedMinutes = Math.max(pausedMinutesAt(restaurant?.pausedUntil, openedAt), pausedMinutesAt(kitchenFullUntil, openedAt));
  const reopens =
    kitchenFullUntil && pausedMinutesAt(kitchenFullUntil, openedAt) === pausedMinutes
      ? kitchenFreeLabelIn(kitchenFullUntil, timeZone, lines.kitchen, locale)
      : pausedMinutes && restaurant?.pausedUntil
        ? reopensLabelIn(restaurant.pausedUntil, restaurant.timeZone, lines.kitchen, locale)
        : null;
  return { pausedMinutes, reopens };
}
