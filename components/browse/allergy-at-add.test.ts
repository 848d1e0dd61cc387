import { describe, expect, it } from "vitest";
import { warnIfAllergic } from "./allergy-at-add";

describe("an Add of a dish on the customer's allergy list", () => {
  const said = (allergens?: string[], avoid?: string[]) => {
    const messages: string[] = [];
    warnIfAllergic("Satay", allergens, avoid, (message) => messages.push(message));
    return messages;
  };
  it("names the saved allergens the dish contains, and only those", () => {
    expect(said(["peanuts", "tree-nuts", "gluten"], ["tree-nuts", "peanuts", "milk"])).toEqual([
      "Satay contains peanuts, tree nuts: on your allergy list. Checkout asks you to confirm it.",
    ]);
  });
  it("says nothing without a saved allergy, a listed allergen or a known dish", () => {
    expect(said(["peanuts"], [])).toEqual([]);
    expect(said(["gluten"], ["peanuts"])).toEqual([]);
    expect(said(undefined, ["peanuts"])).toEqual([]);
  });
});
