import { describe, expect, it } from "vitest";
import { wordsFor } from "@/lib/i18n/translate";
import type { Locale } from "@/lib/i18n/locale";
import { warnIfAllergic } from "./allergy-at-add";

// The words as the root layout gives the alerts provider (app/layout.tsx).
const wordsIn = (locale: Locale) => ({ allergy: wordsFor(locale, "orderflow").allergyWarning, allergens: wordsFor(locale, "allergens").short });

describe("an Add of a dish on the customer's allergy list", () => {
  const said = (allergens?: string[], avoid?: string[], locale: Locale = "en") => {
    const messages: string[] = [];
    warnIfAllergic("Satay", allergens, avoid, { show: (message) => messages.push(message), words: wordsIn(locale) });
    return messages;
  };
  it("names the saved allergens the dish contains, and only those, in the page's language", () => {
    expect(said(["peanuts", "tree-nuts", "gluten"], ["tree-nuts", "peanuts", "milk"])).toEqual([
      "Satay contains peanuts, tree nuts: on your allergy list. Checkout asks you to confirm it.",
    ]);
    expect(said(["peanuts", "tree-nuts"], ["tree-nuts", "peanuts"], "es")).toEqual([
      "Satay contiene cacahuetes, frutos de cáscara: en tu lista de alergias. Al pagar te pediremos que lo confirmes.",
    ]);
  });
  it("says nothing without a saved allergy, a listed allergen or a known dish", () => {
    expect(said(["peanuts"], [])).toEqual([]);
    expect(said(["gluten"], ["peanuts"])).toEqual([]);
    expect(said(undefined, ["peanuts"])).toEqual([]);
  });
});
