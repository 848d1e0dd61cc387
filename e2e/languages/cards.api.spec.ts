import { expect, test } from "../fixtures";
import { shownTextOf } from "../support/html";

// The dish cards of the grids (/menu-items, /favorites, /search) in the reader's language: their
// Add, its accessible name, the diet and allergen lines are the restaurant page's words; in English as before.

type Dish = { id: number; name: string; dietLabels: string[]; allergens: string[]; soldOutUntil: string | null };

test.describe("the dish cards in Spanish", () => {
  test("/menu-items, /favorites and /search show no English Add, diet or allergen words to a Spanish reader; English's are unchanged", async ({ customer }) => {
    const { client } = customer;
    const dishes: Dish[] = await (await client.get("/api/menu-items?limit=100&offset=0")).json();
    const dish = dishes.find((d) => d.dietLabels.includes("gluten-free") && d.allergens.length && d.soldOutUntil === null) ?? dishes.find((d) => d.dietLabels.length)!;
    expect((await client.post(`/api/menu-items/${dish.id}/like`)).status()).toBe(200);

    for (const path of ["/menu-items", "/favorites", `/search?q=${encodeURIComponent(dish.name)}`]) {
      const english = await (await client.get(path, { "Accept-Language": "en" })).text();
      expect(shownTextOf(english), path).toMatch(/\bAdd\b/);
      const spanish = await (await client.get(path, { "Accept-Language": "es" })).text();
      const shown = shownTextOf(spanish);
      expect(shown, path).toContain("Añadir");
      expect(shown, path).not.toMatch(/\bAdd\b|Diet: |Gluten-free|\bVegetarian\b|\bVegan\b|\bContains |May contain |Sold out today/);
      expect(spanish, path).not.toContain('aria-label="Add ');
      if (path !== "/menu-items") {
        expect(english, path).toContain("Diet: ");
        if (dish.dietLabels.includes("gluten-free")) expect(shownTextOf(english), path).toContain("Gluten-free");
        expect(shown, path).toContain("Dieta: ");
      }
    }
  });
});
