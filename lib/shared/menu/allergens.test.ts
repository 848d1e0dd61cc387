import { describe, expect, it } from "vitest";
import { lineLabels } from "./allergens";

describe("lineLabels: what a line's chosen options leave of its dish's labels", () => {
  const pizza = { allergens: ["gluten", "milk"] as const, dietLabels: ["vegetarian", "halal", "spicy"] as const };

  it("the plain dish keeps its labels", () => {
    expect(lineLabels(pizza, [])).toEqual({ allergens: ["gluten", "milk"], dietLabels: ["vegetarian", "halal", "spicy"] });
  });

  it("an option that takes labels away drops them where it is chosen (pepperoni: not vegetarian or halal)", () => {
    expect(lineLabels(pizza, [{ removesLabels: ["vegetarian", "vegan", "halal"] }]).dietLabels).toEqual(["spicy"]);
  });

  it("an option's allergens are added, with the labels they rule out: gluten not gluten-free, milk or eggs not vegan, fish not vegetarian", () => {
    const salad = { allergens: [] as const, dietLabels: ["vegetarian", "vegan", "gluten-free"] as const };
    expect(lineLabels(salad, [{ allergens: ["gluten"] }])).toEqual({ allergens: ["gluten"], dietLabels: ["vegetarian", "vegan"] });
    expect(lineLabels(salad, [{ allergens: ["milk"] }]).dietLabels).toEqual(["vegetarian", "gluten-free"]);
    expect(lineLabels(salad, [{ allergens: ["fish"] }, { allergens: ["eggs"] }])).toEqual({ allergens: ["eggs", "fish"], dietLabels: ["gluten-free"] });
  });
});
