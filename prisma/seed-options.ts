import { ALLERGENS, DIET_CODES, toMask, type Allergen, type DietLabel } from "../lib/shared/menu/allergens";
import type { Cuisine, MenuItemSeed } from "./seed-data";

// The demo dishes' choices: sizes for pizzas and drinks, extras for burgers, bowls and
// sandwiches, spice level for Thai, Indian and Korean mains, a side for comfort-food plates. By
// rule rather than dish by dish, so a dish added to seed-data.ts gets what its kind gets.
// Appetizers only ever get optional groups: the tests' "first dish of a demo restaurant" is an
// appetizer and is ordered without choices.

/** `allergens` and `removesLabels`: what choosing it adds to the dish, as the columns' bitmasks. */
export type OptionSeed = { name: string; priceDeltaCents: number; allergens: number; removesLabels: number };
export type OptionGroupSeed = { name: string; minChoices: number; maxChoices: number; options: OptionSeed[] };
export type DishOptionsSeed = { allowsInstructions: boolean; optionGroups: OptionGroupSeed[] };

/** An option; `adds` what choosing it puts in the dish (lib/shared/menu/allergens.ts lineLabels takes the labels these allergens rule out). */
const o = (name: string, priceDeltaCents = 0, adds: { allergens?: Allergen[]; removesLabels?: DietLabel[] } = {}): OptionSeed => ({
  name,
  priceDeltaCents,
  allergens: toMask(ALLERGENS, adds.allergens ?? []),
  removesLabels: toMask(DIET_CODES, adds.removesLabels ?? []),
});
/** Meat: not vegetarian or vegan; pork also not halal. */
const MEAT: DietLabel[] = ["vegetarian", "vegan"];
const PORK: DietLabel[] = ["vegetarian", "vegan", "halal"];
const pick1 = (name: string, options: OptionSeed[]): OptionGroupSeed => ({ name, minChoices: 1, maxChoices: 1, options });
const upTo = (max: number, name: string, options: OptionSeed[]): OptionGroupSeed => ({ name, minChoices: 0, maxChoices: max, options });

const PIZZA_SIZE = pick1("Size", [o('Small 10"'), o('Medium 12"', 300), o('Large 14"', 550)]);
const PIZZA_TOPPINGS = upTo(3, "Extra toppings", [
  o("Extra mozzarella", 150, { allergens: ["milk"] }),
  o("Mushrooms", 125),
  o("Pepperoni", 175, { removesLabels: PORK }),
  o("Fresh basil", 50),
  o("Chili oil", 50),
]);
const DRINK_SIZE = pick1("Size", [o("Regular"), o("Large", 125)]);
const BURGER_EXTRAS = upTo(3, "Extras", [
  o("Cheese", 100, { allergens: ["milk"] }),
  o("Bacon", 200, { removesLabels: PORK }),
  o("Avocado", 150),
  o("Fried egg", 125, { allergens: ["eggs"] }),
  o("Grilled onions", 75),
]);
const BOWL_EXTRAS = upTo(3, "Extras", [
  o("Extra protein", 350, { removesLabels: MEAT }),
  o("Avocado", 150),
  o("Soft-boiled egg", 125, { allergens: ["eggs"] }),
  o("Pickled vegetables", 75),
]);
const SPICE = pick1("Spice level", [o("Mild"), o("Medium"), o("Hot"), o("Extra hot")]);
const COMFORT_SIDE = pick1("Side", [o("Mashed potatoes"), o("Collard greens"), o("Mac and cheese", 150, { allergens: ["gluten", "milk"] }), o("Side salad")]);
const SAUCES = upTo(2, "Dipping sauces", [
  o("Ranch", 50, { allergens: ["milk", "eggs"] }),
  o("Honey mustard", 50, { allergens: ["mustard"], removesLabels: ["vegan"] }),
  o("Spicy mayo", 50, { allergens: ["eggs"] }),
]);
const SCOOP = upTo(1, "Add a scoop", [o("Vanilla ice cream", 200, { allergens: ["milk", "eggs"] }), o("Whipped cream", 100, { allergens: ["milk"] })]);

const SPICY: readonly Cuisine[] = ["Thai", "Indian", "Korean"];
const COMFORT: readonly Cuisine[] = ["American", "Soul Food"];

/** The demo choices of one dish of a restaurant of this cuisine. */
export function demoDishOptions(cuisine: Cuisine, dish: MenuItemSeed): DishOptionsSeed {
  const groups: OptionGroupSeed[] = [];
  const name = dish.name.toLowerCase();
  const main = dish.foodType === "entree";
  if (dish.foodType === "beverage") groups.push(DRINK_SIZE);
  else if (name.includes("pizza") || (cuisine === "Pizza" && main)) groups.push(PIZZA_SIZE, PIZZA_TOPPINGS);
  else if (/burger|sandwich|sub\b|wrap/.test(name)) groups.push(BURGER_EXTRAS);
  else if (/bowl|bibimbap|poke|ramen|pho|noodle/.test(name)) groups.push(BOWL_EXTRAS);
  if (main && SPICY.includes(cuisine)) groups.push(SPICE);
  else if (main && COMFORT.includes(cuisine) && !groups.length) groups.push(COMFORT_SIDE);
  if (dish.foodType === "appetizer" && /wings|fries|tenders|rolls|nuggets|fritters/.test(name)) groups.push(SAUCES);
  if (dish.foodType === "dessert" && /cake|brownie|pie|cobbler/.test(name)) groups.push(SCOOP);
  return { allowsInstructions: main, optionGroups: groups };
}
