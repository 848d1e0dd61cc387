"use client";
import { KitchenCapacityForm } from "./kitchen-capacity-form";
import { RestaurantPricingForm } from "./restaurant-pricing-form";
import { StartCookingForm } from "./start-cooking-form";
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

/** The restaurant's one-setting forms (settings-form.tsx each): kitchen capacity, start cooking, minimum order and free delivery. */
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
  return (
    <>
      <KitchenCapacityForm restaurantId={restaurantId} initial={capacityPer15} words={kitchenWords.capacity} />
      <StartCookingForm restaurantId={restaurantId} initial={startCookingMinutes} words={kitchenWords.startCooking} />
      <RestaurantPricingForm restaurantId={restaurantId} initial={{ minOrder, freeDeliveryOver }} words={pricingWords} locale={locale} currency={currency} />
    </>
  );
}
