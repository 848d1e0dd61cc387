import { describe, expect, it } from "vitest";
import { wordsFor } from "@/lib/i18n/translate";
import { withPausedText } from "@/lib/shared/kitchen/kitchen-lines";
import { addFacts, dishCardWords, ownerFeeShown, restaurantCardWords } from "./card-words";

// The grids' cards read the restaurant page's words in the reader's language: a dish card's from
// the catalogue in every language, English's the words its cards always showed, byte for byte.

describe("the cards' words", () => {
  it("gives an English reader the English catalogue's words, those the cards always showed", () => {
    const { short, diets } = wordsFor("en", "allergens");
    expect(dishCardWords("en")).toEqual({
      add: "Add",
      addNamed: "Add {name} to cart",
      added: "Added to cart",
      notTaking: "Not taking orders",
      soldOut: "Sold out today",
      labels: { diet: "Diet: ", contains: "Contains {list}", mayContain: "May contain {list}", short, diets },
    });
    expect([short["tree-nuts"], diets["gluten-free"]]).toEqual(["tree nuts", "Gluten-free"]);
    expect(restaurantCardWords("en")).toEqual({ ...wordsFor("en", "browse").card, pause: { paused: "Not taking orders until {time}" } });
    expect(ownerFeeShown(2.5, "en")).toEqual({});
  });

  it("gives a Spanish reader the dish cards' Add, sold-out, diet and allergen lines in Spanish", () => {
    const es = dishCardWords("es");
    expect(es.add).toBe("Añadir");
    expect(es.addNamed).toContain("{name}");
    expect(es.soldOut).not.toBe("Sold out today");
    expect(es.labels.diet).toBe("Dieta: ");
    for (const key of ["contains", "mayContain"] as const) {
      expect(es.labels[key]).toContain("{list}");
      expect(es.labels[key]).not.toBe(dishCardWords("en").labels[key]);
    }
    expect(es.labels.diets["gluten-free"]).not.toBe("Gluten-free");
    expect(es.labels.short.peanuts).not.toBe("peanuts");
  });

  it("writes a paused restaurant's line in the reader's words on the cards the browser draws", () => {
    const card = { id: 1, pausedUntil: "2026-11-29T03:40:00.000Z", timeZone: "America/Los_Angeles" };
    const pause = restaurantCardWords("es").pause;
    expect(withPausedText(card, pause, pause.locale!).pausedText).toBe("No acepta pedidos hasta las 19:40");
    expect(withPausedText(card, restaurantCardWords("en").pause, "en").pausedText).toBe("Not taking orders until 7:40 PM");
  });

  it("words an Add's warnings while closed or paused, the pause's end in the restaurant's zone", () => {
    const restaurant = { openNow: false, nextChange: null, pausedUntil: "2026-11-29T03:40:00.000Z", timeZone: "America/Los_Angeles" };
    expect(addFacts(restaurant, "en")).toEqual({
      openNow: false,
      nextChange: null,
      pausedUntil: restaurant.pausedUntil,
      words: {
        closed: "Closed, schedule for later: choose a delivery time at checkout.",
        paused: "Not taking orders until 7:40 PM: choose a later delivery time at checkout to order.",
      },
    });
    expect(addFacts(restaurant, "es").words.paused).toBe("No acepta pedidos hasta las 19:40: elige una hora de entrega más tarde al pagar para pedir.");
    expect(addFacts({ ...restaurant, pausedUntil: null }, "es").words).toEqual({ closed: "Cerrado, programa para más tarde: elige una hora de entrega al pagar." });
  });

  it("prints an owner's card's fee in the reader's language and the market's currency", () => {
    expect(ownerFeeShown(2.5, "es").fee).toBe("2,50\u00a0US$");
    expect(ownerFeeShown(300, "en", "JPY").fee).toBe("¥300");
    expect(ownerFeeShown(2.5, "en", "MXN").fee).toContain("2.50");
  });
});
