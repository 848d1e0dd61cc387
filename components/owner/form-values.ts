import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import type { RestaurantJson } from "@/lib/server/restaurants/restaurants";
import { localDateKey, type OpeningHours } from "@/lib/shared/time/opening-hours";
import { kmAsUnit, type DistanceUnit } from "@/lib/shared/delivery/distance";
import type { DishOptionsDraft, MenuItemFormValues, RestaurantFormValues } from "@/lib/contract/zod-free/form-values";

// Saved records as the text the owner forms edit (money with two decimals).

const money = (dollars: number, currency?: string) => dollars.toFixed(currency === "JPY" ? 0 : 2);

/** The form's values of a saved restaurant; its radius in `unit`, its fee in `currency` (its market's: whole yen in JPY). */
export function restaurantFormValues(r: RestaurantJson, unit: DistanceUnit = "km", currency?: string): RestaurantFormValues {
  const { name, description, address, city, state, zip, cuisineType, priceLevel, storeImage } = r;
  const copied = { name, description, address, city, state, zip, cuisineType, priceLevel, storeImage };
  return { ...copied, deliveryFee: money(r.deliveryFee, currency), deliveryTime: String(r.deliveryTime), deliveryRadiusKm: String(kmAsUnit(r.deliveryRadiusKm, unit)) };
}

export function menuItemFormValues(item: MenuItemJson): MenuItemFormValues {
  return {
    restaurantId: String(item.restaurantId),
    name: item.name,
    description: item.description,
    price: money(item.price),
    foodImage: item.food_image,
    foodType: item.food_type,
  };
}

/** A saved dish's option groups as the form edits them (each row keyed by its id). */
export function menuItemOptionsDraft(item: MenuItemJson): DishOptionsDraft {
  return {
    allowsInstructions: item.allowsInstructions,
    groups: item.optionGroups.map((group) => ({
      key: `group-${group.id}`,
      id: group.id,
      name: group.name,
      required: group.required,
      minChoices: String(group.minChoices),
      maxChoices: String(group.maxChoices),
      options: group.options.map((option) => ({
        key: `option-${option.id}`,
        id: option.id,
        name: option.name,
        priceDelta: money(option.priceDelta),
        available: option.available,
        allergens: option.allergens,
        removesLabels: option.removesLabels,
      })),
    })),
  };
}

/** The saved hours as the form edits them: closures already over are left out (the server refuses them). */
export function restaurantOpeningValues(r: RestaurantJson): OpeningHours {
  const today = localDateKey(new Date(), r.timeZone);
  return { timeZone: r.timeZone, hours: r.hours, closures: r.closures.filter((c) => c.to >= today) };
}
