import { ALLERGENS, DIET_CODES, toMask, type Allergen, type DietLabel } from "../lib/shared/menu/allergens";
import type { Cuisine, MenuItemSeed } from "./seed-data";

// The demo dishes' allergens and diet labels, by rule from each dish's name and
// description rather than dish by dish (like seed-options.ts), so a dish added to seed-data.ts gets
// what its words say. Plausible for a demo, not a restaurant's declaration.

// Baked goods are taken to hold wheat flour, eggs and butter.
const BAKED =
  /cake|brownie|\bpie\b|cobbler|cookie|shortbread|muffin|donut|doughnut|strudel|brioche|sponge|torta|pastry|croissant|buns?\b|scone|tart\b|biscuit|waffle|pancake/;

const CONTAINS: [Allergen, RegExp][] = [
  ["celery", /celery/],
  [
    "gluten",
    /bread|sourdough|pasta|rigatoni|mostaccioli|macaroni|noodle|ramen|udon|pizza|margherita|flour|\btoast\b|toasted (?:sourdough|bread|bun)|pancake|waffle|cake|brownie|\bpie\b|cobbler|dumpling|sandwich|burger|wrap|pita|naan|croissant|double-crust|breaded|crouton|tempura|biscuit|cookie|shortbread|gnocchi|lasagn|spaghetti|fettuccine|tonnarelli|ravioli|penne|calzone|garlic knots|beer|\bsoy\b|hoisin|teriyaki|gochujang|fried chicken|crispy chicken|tenders|nuggets|churro|cornbread|tortilla|burrito|quesadilla|baklava|spanakopita|focaccia|bruschetta|couscous|savoiardi|ladyfinger|meatloaf|(?<!tomato )gravy|\boats?\b|oatmeal|\bsub\b/,
  ],
  ["crustaceans", /shrimp|prawn|crab|lobster|crawfish/],
  [
    "eggs",
    /\begg|muffin|donut|strudel|brioche|sponge|torta|mayo|aioli|custard|tiramisu|pancake|waffle|cake|brownie|carbonara|french toast|tortilla espa|frittata|omelet|meringue|ramen/,
  ],
  ["fish", /fish|salmon|tuna|\bcod\b|anchov|sardine|halibut|poke|sushi|nigiri|caesar/],
  [
    "milk",
    /cheese|cheddar|pecorino|parmigiano|scamorza|gruy|ghee|brioche|cream|butter|milk|yogurt|mozzarella|mascarpone|parmesan|\blatte|shake|paneer|feta|ricotta|burrata|tiramisu|custard|gelato|lassi|tzatziki|queso|pudding|mac and|alfredo|bechamel|hollandaise|ranch|truffles/,
  ],
  ["molluscs", /clam|mussel|oyster|squid|calamari|octopus|scallop/],
  ["mustard", /mustard|dijon/],
  ["tree-nuts", /almond|walnut|pecan|pistachio|cashew|hazelnut|pesto|baklava|\bnuts\b/],
  ["peanuts", /peanut|satay/],
  ["sesame", /sesame|tahini|hummus|bibimbap/],
  ["soybeans", /\bsoy|tofu|edamame|miso|teriyaki|tempeh/],
  ["sulphites", /wine|vinegar|sangria|\bcider|sidra/],
];

const MEAT =
  /\bmeat\b|mapo|fish sauce|fish balls|pancetta|guanciale|bolognese|rag[uù]\b|veal|meatloaf|salami|mince|amatriciana|carbonara|croque monsieur|chicken|beef|pork|lamb|bacon|sausage|\bham\b|turkey|duck|pepperoni|prosciutto|chorizo|carnitas|brisket|steak|meatball|oxtail|goat|gyro|souvlaki|bulgogi|galbi|short rib|patty|pho tai|wings|burger|jamón|jamon/;
const PORK_OR_ALCOHOL = /pork|bacon|\bham\b|pepperoni|prosciutto|chorizo|carnitas|jamón|jamon|wine|sangria|beer|\bcider|sidra/;
const SPICY_WORDS = /spicy|chili|chile|jalape|sriracha|kimchi|vindaloo|hot and sour|hot sauce|extra hot|curry|harissa|buffalo|tikka/;
const HALAL_KITCHENS: readonly Cuisine[] = ["Mediterranean", "Indian"];
const NUT_KITCHENS: readonly Cuisine[] = ["Thai", "Indian", "Vietnamese"];

/**
 * Words that read like an allergen's and are not: plant milks, "creamy" beans and hummus, rice
 * noodles, a Spanish tortilla (an omelette), a dairy-free dish. Each is rewritten before the rules
 * run, so a rule's word cannot match it.
 */
function withoutFalseFriends(text: string): string {
  let out = text
    .replace(/(coconut|almond|oat|soy) milk/g, "$1 drink")
    .replace(/rice noodle/g, "rice vermicelli")
    .replace(/tortilla espa/g, "spanish omelette")
    .replace(/dairy-free/g, "plant-based");
  if (/coconut|chickpea|hummus|refried|bean/.test(out)) out = out.replace(/creamy/g, "smooth");
  if (/coconut/.test(out)) out = out.replace(/pudding/g, "porridge");
  return out;
}

export type DishAllergensSeed = { allergens: number; mayContain: number; mayContainNote: string; dietLabels: number };

/** The demo allergens, "may contain" allergens and note, and diet labels of one dish, as the columns' bitmasks. */
export function demoDishAllergens(cuisine: Cuisine, dish: MenuItemSeed): DishAllergensSeed {
  const text = withoutFalseFriends(`${dish.name} ${dish.description}`.toLowerCase());
  const baked = BAKED.test(text) && dish.foodType !== "beverage";
  // A vegan kitchen cooks without eggs and dairy; a flourless cake has no flour.
  const ruledOut: Allergen[] = [...(/flourless/.test(text) ? (["gluten"] as const) : []), ...(cuisine === "Vegan" ? (["eggs", "milk"] as const) : [])];
  const contains = CONTAINS.filter(([name, words]) => !ruledOut.includes(name) && (words.test(text) || (baked && ["gluten", "eggs", "milk"].includes(name)))).map(
    ([name]) => name,
  );
  const has = (name: Allergen) => contains.includes(name);
  const animal = MEAT.test(text) && !/veggie|plant-based|impossible|beyond/.test(text);
  const vegetarian = !animal && !has("fish") && !has("crustaceans") && !has("molluscs");
  const vegan = (vegetarian && !has("milk") && !has("eggs") && !/honey/.test(text)) || cuisine === "Vegan";
  const labels: DietLabel[] = [];
  if (vegetarian || vegan) labels.push("vegetarian");
  if (vegan) labels.push("vegan");
  if (!has("gluten")) labels.push("gluten-free");
  if (HALAL_KITCHENS.includes(cuisine) && !PORK_OR_ALCOHOL.test(text) && dish.foodType !== "beverage") labels.push("halal");
  if (SPICY_WORDS.test(text) && dish.foodType !== "dessert") labels.push("spicy");
  // Kitchens that cook with peanuts and tree nuts say so on the rest of their menu.
  const traces: Allergen[] = NUT_KITCHENS.includes(cuisine) && dish.foodType !== "beverage" ? (["peanuts", "tree-nuts"] as Allergen[]).filter((name) => !has(name)) : [];
  return {
    allergens: toMask(ALLERGENS, contains),
    mayContain: toMask(ALLERGENS, traces),
    mayContainNote: traces.length ? "Made in a kitchen that uses peanuts and tree nuts." : "",
    dietLabels: toMask(DIET_CODES, labels),
  };
}
