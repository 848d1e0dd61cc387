// What the forms hold (text, as typed) and the one way that text turns into the JSON body the
// API's schemas read. Zod-free, so a form renders without zod; the schemas that check the
// values (../restaurant.ts, ../menu-item.ts, ../fields.ts) re-export these and load in the client lazily.

import type { Allergen, DietLabel } from "@/lib/shared/menu/allergens";

export type FieldErrors = Record<string, string>;

/**
 * A form's rule messages in the reader's language, English included: each said message (a
 * catalogue key and its values, lib/shared/words/said.ts) to its words (the server's `formRules`, from
 * the catalogue's server.errors, as the API answers them).
 */
export type RuleWords = Record<string, string>;

/** Put in a listed message in place of the owner's own words (a group's name): the form puts the name back (inWord). */
export const NAMED = "\u0001";

/** One message in the reader's words (form-rules.test.ts fails on a form's message its page does not pass). */
export const inWord = (message: string, words?: RuleWords) => words?.[message] || namedInWord(message, words) || message;

/** A said message carrying one value of the owner's own words (not a number, not a said word), read through its listing with NAMED in that value's place. */
function namedInWord(message: string, words?: RuleWords): string | null {
  const at = message.indexOf("\u2060", 1);
  if (!words || !message.startsWith("\u2060") || at < 0) return null;
  const values = JSON.parse(message.slice(at + 1)) as Record<string, string>;
  const named = Object.entries(values).find(([, value]) => !value.startsWith("\u2060") && !/^\d+$/.test(value));
  const listed = named && words[message.slice(0, at + 1) + JSON.stringify({ ...values, [named[0]]: NAMED })];
  return listed ? listed.replace(NAMED, named[1]) : null;
}

/** Each field's message in the reader's words. */
export function inWords<E extends Partial<Record<string, string>>>(errors: E, words?: RuleWords): E {
  if (!words) return errors;
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, message && inWord(message, words)])) as E;
}

/**
 * A form's number box to the JSON the API reads: empty is absent (the "required" message),
 * numeric text a number, anything else stays text so the schema says "must be a number".
 */
export function formNumber(text: string): number | string | undefined {
  const value = text.trim();
  if (!value) return undefined;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : value;
}

/**
 * What the restaurant form holds: text, as typed. The hours are not text: the weekly schedule
 * (its own editor) is their one control, businessHours and closingTime being written from it.
 */
export type RestaurantFormValues = Record<
  "name" | "description" | "address" | "city" | "state" | "zip" | "cuisineType" | "priceLevel" | "deliveryFee" | "deliveryTime" | "deliveryRadiusKm" | "storeImage",
  string
>;

/** Every field must be filled before Submit is enabled. */
export const REQUIRED_RESTAURANT_FIELDS = [
  "name",
  "description",
  "address",
  "city",
  "state",
  "zip",
  "cuisineType",
  "priceLevel",
  "deliveryFee",
  "deliveryTime",
  "deliveryRadiusKm",
  "storeImage",
] as const satisfies readonly (keyof RestaurantFormValues)[];

/** The JSON body the form sends (the API's field names, numbers as numbers); the schedule is added beside it. */
export function restaurantFormToBody(values: RestaurantFormValues) {
  const { deliveryFee, deliveryTime, deliveryRadiusKm, cuisineType, priceLevel, ...text } = values;
  return {
    ...text,
    cuisineType: cuisineType || undefined,
    priceLevel: priceLevel || undefined,
    deliveryFee: formNumber(deliveryFee),
    deliveryTime: formNumber(deliveryTime),
    deliveryRadiusKm: formNumber(deliveryRadiusKm),
  };
}

/** What the menu item form holds. */
export type MenuItemFormValues = Record<"restaurantId" | "name" | "description" | "price" | "foodImage" | "foodType", string>;
export type MenuItemFormMode = "create" | "update";

export const REQUIRED_MENU_ITEM_FIELDS = {
  create: ["restaurantId", "name", "description", "price", "foodImage", "foodType"],
  update: ["name", "description", "price", "foodImage", "foodType"],
} as const satisfies Record<MenuItemFormMode, readonly (keyof MenuItemFormValues)[]>;

/** The JSON body the form sends (camelCase, which the API reads like the spec's snake_case). */
export function menuItemFormToBody(mode: MenuItemFormMode, values: MenuItemFormValues) {
  const body = {
    name: values.name,
    description: values.description,
    price: formNumber(values.price),
    foodImage: values.foodImage,
    foodType: values.foodType || undefined,
  };
  return mode === "create" ? { restaurantId: formNumber(values.restaurantId), ...body } : body;
}

/** One option as the menu item form holds it; `key` tells React's rows apart (the saved `id` is absent on new ones). */
export type OptionDraft = {
  key: string;
  id?: number;
  name: string;
  priceDelta: string;
  available: boolean;
  /** What choosing it adds to the dish (lib/shared/menu/allergens.ts lineLabels); kept as saved when the form does not touch them. */
  allergens?: Allergen[];
  removesLabels?: DietLabel[];
};
/** One option group as the form holds it: names and numbers as typed, in display order. */
export type OptionGroupDraft = { key: string; id?: number; name: string; required: boolean; minChoices: string; maxChoices: string; options: OptionDraft[] };
/** The dish's choices in the menu item form. */
export type DishOptionsDraft = { allowsInstructions: boolean; groups: OptionGroupDraft[] };

/** The body's `optionGroups` (lib/contract/menu/option-rules.ts reads it): array order is display order, an `id` keeps that row. */
export function optionGroupsFormToBody(groups: readonly OptionGroupDraft[]) {
  return groups.map((group) => ({
    ...(group.id === undefined ? {} : { id: group.id }),
    name: group.name,
    required: group.required,
    minChoices: formNumber(group.minChoices),
    maxChoices: formNumber(group.maxChoices),
    options: group.options.map((option) => ({
      ...(option.id === undefined ? {} : { id: option.id }),
      name: option.name,
      priceDelta: formNumber(option.priceDelta),
      available: option.available,
      allergens: option.allergens ?? [],
      removesLabels: option.removesLabels ?? [],
    })),
  }));
}
