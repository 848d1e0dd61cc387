"use client";
import { RestaurantPricingForm } from "./restaurant-pricing-form";
import { WholeNumberSettingForm, type WholeNumberSays } from "./settings-form";
import { CAPACITY_LIMITS } from "@/lib/shared/kitchen/kitchen-capacity";
import { START_COOKING_LIMITS } from "@/lib/shared/kitchen/start-cooking";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";

/** What the settings forms below the restaurant's details start from. */
export type RestaurantSettings = {
  restaurantId: number;
  capacityPer15: number | null;
  startCookingMinutes: number | null;
  minOrder: number | null;
  freeDeliveryOver: number | null;
  /** The kitchen forms' words (the catalogue's kitchen.settings), from the server. */
  kitchenWords: Words<"kitchen">["settings"];
  /** The pricing form's words (the catalogue's menus.pricing) and the amounts' language. */
  pricingWords: Words<"menus">["pricing"];
  locale: Locale;
  /** Its market's currency (USD when not given): the pricing form's amounts. */
  currency?: string;
};

/**
 * The restaurant's one-setting forms (settings-form.tsx each): the kitchen's capacity (docs/architecture/kitchen.md
 * "Capacity": at most N orders per 15 minutes, or none; PUT /api/manage/{id}/capacity), start cooking when the courier is
 * N minutes away (the board's cue on each accepted delivery order, or off; PUT /api/manage/{id}/start-cooking), minimum
 * order and free delivery.
 */
export function RestaurantSettingsForms({
  restaurantId,
  capacityPer15,
  startCookingMinutes,
  minOrder,
  freeDeliveryOver,
  kitchenWords,
  pricingWords,
  locale,
  currency,
}: RestaurantSettings) {
  const { capacity, startCooking: cue } = kitchenWords;
  const orders = (n: number) => ({ orders: n === 1 ? capacity.ordersOne : fill(capacity.ordersMany, { count: n }) });
  const capacitySays: WholeNumberSays = {
    field: fill(capacity.field, CAPACITY_LIMITS),
    intro: (n) => (n === null ? capacity.introNone : fill(capacity.intro, orders(n))),
    saved: (n) => (n === null ? capacity.savedNone : fill(capacity.saved, orders(n))),
  };
  const cueSays: WholeNumberSays = {
    field: fill(cue.field, START_COOKING_LIMITS),
    intro: (n) => (n === null ? cue.introOff : fill(cue.intro, { minutes: n })),
    saved: (n) => (n === null ? cue.savedOff : fill(cue.saved, { minutes: n })),
  };
  const base = `/api/manage/${restaurantId}`;
  return (
    <>
      <WholeNumberSettingForm
        id="capacity"
        field="capacityPer15"
        url={`${base}/capacity`}
        initial={capacityPer15}
        limits={CAPACITY_LIMITS}
        words={capacity}
        says={capacitySays}
      />
      <WholeNumberSettingForm
        id="start-cooking"
        field="startCookingMinutes"
        url={`${base}/start-cooking`}
        initial={startCookingMinutes}
        limits={START_COOKING_LIMITS}
        words={cue}
        says={cueSays}
      />
      <RestaurantPricingForm restaurantId={restaurantId} initial={{ minOrder, freeDeliveryOver }} words={pricingWords} locale={locale} currency={currency} />
    </>
  );
}
