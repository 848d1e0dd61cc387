import { describe, expect, it } from "vitest";
import { ALLERGENS, DIET_CODES, fromMask } from "../lib/shared/menu/allergens";
import { demoDishAllergens } from "./seed-allergens";
import { restaurants } from "./seed-data";

// The demo menus' labels against each dish's own words: what a customer reading the dish would
// object to. The word lists here are the test's own, not the seed's rules.

const dishes = restaurants.flatMap((restaurant) =>
  restaurant.menu.map((dish) => {
    const seeded = demoDishAllergens(restaurant.cuisineType, dish);
    return {
      where: `${restaurant.name}: ${dish.name}`,
      name: dish.name,
      text: `${dish.name} ${dish.description}`.toLowerCase(),
      labels: fromMask(DIET_CODES, seeded.dietLabels),
      allergens: fromMask(ALLERGENS, seeded.allergens),
    };
  }),
);

const MEAT_OR_FISH =
  /\bmeat\b|chicken|beef|pork|lamb|bacon|sausage|\bham\b|turkey|duck|pepperoni|prosciutto|chorizo|guanciale|pancetta|bolognese|\bragu\b|meatloaf|steak|mapo|fish|salmon|tuna|anchov|shrimp|prawn|crab|octopus|squid|\bcaesar\b/;
const GLUTEN =
  /bread|sourdough|crouton|pasta|penne|rigatoni|mostaccioli|macaroni|spaghetti|lasagn|ravioli|pizza|margherita|\bpita\b|naan|\bbuns?\b|couscous|savoiardi|flour tortilla|wheat|\bsub\b|burger|sandwich|\bpie\b|cookie|brownie|pancake|waffle|muffin|\btoast\b|soy sauce|teriyaki|gochujang|\boats?\b/;

describe("the demo dishes' diet labels", () => {
  it("no dish with meat or fish in its name or description is vegetarian or vegan", () => {
    const wrong = dishes.filter((d) => MEAT_OR_FISH.test(d.text) && !/veggie|plant-based/.test(d.text) && d.labels.some((l) => l === "vegetarian" || l === "vegan"));
    expect(wrong.map((d) => `${d.where} ${d.labels}`)).toEqual([]);
  });

  it("no dish with bread, pasta, croutons or another wheat word is gluten-free", () => {
    const wrong = dishes.filter((d) => GLUTEN.test(d.text) && !/flourless/.test(d.text) && d.labels.includes("gluten-free"));
    expect(wrong.map((d) => d.where)).toEqual([]);
  });

  it("the labels agree with the allergens: vegan has no milk or eggs, gluten-free no gluten, vegetarian no fish or shellfish", () => {
    for (const d of dishes) {
      if (d.labels.includes("vegan")) expect(d.labels, d.where).toContain("vegetarian");
      if (d.labels.includes("vegan"))
        expect(
          d.allergens.filter((a) => a === "milk" || a === "eggs"),
          d.where,
        ).toEqual([]);
      if (d.labels.includes("gluten-free")) expect(d.allergens, d.where).not.toContain("gluten");
      if (d.labels.includes("vegetarian"))
        expect(
          d.allergens.filter((a) => ["fish", "crustaceans", "molluscs"].includes(a)),
          d.where,
        ).toEqual([]);
    }
  });

  it("the dishes a customer reported, and the words that fooled the rules, are labelled as they are", () => {
    const labelsOf = (name: string, words: RegExp) => dishes.filter((d) => d.name === name && words.test(d.text)).map((d) => d.labels);
    // Meat sauce, ground meat, smoked meat: not vegetarian.
    for (const labels of labelsOf("Baked Mostaccioli", /meat sauce/)) expect(labels).not.toContain("vegetarian");
    for (const labels of [...labelsOf("Gemista", /ground meat/), ...labelsOf("Stuffed Tomatoes", /meat/), ...labelsOf("Collard Greens", /smoked meat/)]) {
      expect(labels).not.toContain("vegetarian");
    }
    // Croutons: not gluten-free (every Caesar salad has them).
    const caesars = dishes.filter((d) => /caesar/i.test(d.name));
    expect(caesars.length).toBeGreaterThan(3);
    for (const d of caesars) expect(d.labels, d.where).not.toContain("gluten-free");
    // "Sliced" is not a slice of pizza; coconut and almond milk are not dairy; a Spanish tortilla is an omelette.
    expect(labelsOf("Cerdo Asado", /sliced/)).toEqual([["gluten-free"]]);
    for (const d of dishes.filter((d) => d.name === "Coconut Rice Pudding")) expect(d.allergens, d.where).not.toContain("milk");
    expect(dishes.find((d) => d.name === "Tortilla Espanola")!.labels).toContain("gluten-free");
    // A flourless almond cake is gluten-free; a vegan brownie has neither eggs nor milk.
    for (const d of dishes.filter((d) => d.name === "Almond Torta")) expect(d.labels, d.where).toContain("gluten-free");
    expect(dishes.find((d) => d.name === "Vegan Chocolate Brownies")!.allergens).toEqual(["gluten", "tree-nuts"]);
  });
});
