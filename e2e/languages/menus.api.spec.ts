import { expect, test } from "../fixtures";
import { csvLine } from "@/lib/shared/money/csv";
import { signUpOwner } from "../support/owner";

// Menus in several languages (docs/architecture/languages.md "Menus in several languages"), over
// HTTP through the host: an owner's menu file with `name:es`-like columns, the catalog's JSON and
// pages in the reader's language (the original where no word is given), kept per language and
// never handed to a reader of another, search matching the Spanish name, and who may write them.

const COLUMNS = ["section", "name", "description", "price", "food_type", "options", "name:es", "section:es", "options:es"];

test.describe("a menu in several languages", () => {
  test("imported with name:es columns: Spanish readers get the Spanish words (the original where none), English readers the spec's JSON, each from their own kept copy; search finds the Spanish name", async ({
    owner,
    request,
  }) => {
    const { client, restaurant } = owner;
    const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const english = `Smoked Brisket ${unique}`;
    const spanish = `Pecho ahumado ${unique}`;
    const csv =
      csvLine(COLUMNS) +
      csvLine(["Mains", english, "Slow smoked for twelve hours.", "18.00", "entree", "Side [1]: Fries, Salad", spanish, "Platos fuertes", "Guarnición: Papas, Ensalada"]);
    const imported = await client.ctx.post(`/api/manage/${restaurant.id}/menu-import`, {
      multipart: { file: { name: "menu.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } },
      headers: { "XSRF-Token": await client.xsrf() },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    expect((await imported.json()).errors).toEqual([]);

    const dishes = async (language: string) => {
      const response = await request.get(`/api/menu-items?restaurantId=${restaurant.id}`, { headers: { "Accept-Language": language } });
      expect(response.status()).toBe(200);
      return (await response.json()) as { id: number; name: string; description: string; optionGroups: { name: string; options: { name: string }[] }[] }[];
    };
    // Three rounds, alternating: the host keeps each language's answer and replays it to that language only.
    for (let round = 0; round < 3; round++) {
      const es = (await dishes("es-MX,es;q=0.9")).find((dish) => dish.name === spanish);
      expect(es, `round ${round}: the Spanish list names the dish in Spanish`).toBeDefined();
      expect(es!.description).toBe("Slow smoked for twelve hours.");
      expect(es!.optionGroups.map((group) => [group.name, group.options.map((option) => option.name)])).toEqual([["Guarnición", ["Papas", "Ensalada"]]]);
      const en = (await dishes("en-US,en;q=0.9")).find((dish) => dish.name === english);
      expect(en, `round ${round}: the English list names it as its owner wrote it`).toBeDefined();
      expect(en).not.toHaveProperty("translations");
      expect(en!.optionGroups[0]!.name).toBe("Side");
    }

    const found = await request.get(`/api/search?q=${encodeURIComponent(`pecho ahumado ${unique}`)}&type=dishes`, { headers: { "Accept-Language": "es" } });
    expect((await found.json()).dishes.map((dish: { name: string }) => dish.name)).toEqual([spanish]);
    const foundInEnglish = await request.get(`/api/search?q=${encodeURIComponent(`pecho ahumado ${unique}`)}&type=dishes`);
    expect((await foundInEnglish.json()).dishes.map((dish: { name: string }) => dish.name)).toEqual([english]);

    // The restaurant's page, kept per language: the Spanish dish and section names for Spanish readers only.
    for (let round = 0; round < 3; round++) {
      const es = await (await request.get(`/restaurants/${restaurant.id}`, { headers: { "Accept-Language": "es" } })).text();
      expect(es).toContain(spanish);
      expect(es).toContain("Platos fuertes");
      const en = await (await request.get(`/restaurants/${restaurant.id}`, { headers: { "Accept-Language": "en" } })).text();
      expect(en).toContain(english);
      expect(en).not.toContain(spanish);
    }
  });

  test("PUT /api/manage/{id}/translations: the owner's words change what Spanish readers see at once; another owner and a customer are refused; an id of another menu is a 400", async ({
    owner,
    customer,
    request,
    baseURL,
  }) => {
    const { client, restaurant, item } = owner;
    const word = `Plato ${Date.now().toString(36)}`;
    const saved = await client.put(`/api/manage/${restaurant.id}/translations`, { language: "es", dishes: [{ id: item.id, name: word }] });
    expect(saved.status(), await saved.text()).toBe(200);
    expect(await saved.json()).toEqual({ language: "es", updated: 1 });
    const read = async (language: string) => (await (await request.get(`/api/menu-items/${item.id}`, { headers: { "Accept-Language": language } })).json()).name;
    expect(await read("es")).toBe(word);
    expect(await read("en")).toBe(item.name);

    const refused = await customer.client.put(`/api/manage/${restaurant.id}/translations`, { language: "es", dishes: [{ id: item.id, name: "Robado" }] });
    // Someone not on the restaurant's team: 404, like a missing restaurant (lib/contract/define.ts).
    expect(refused.status()).toBe(404);
    const other = await signUpOwner(baseURL!);
    const stranger = await other.client.put(`/api/manage/${restaurant.id}/translations`, { language: "es", dishes: [{ id: item.id, name: "Ajeno" }] });
    expect(stranger.status()).toBe(404);
    const foreign = await client.put(`/api/manage/${restaurant.id}/translations`, { language: "es", dishes: [{ id: other.item.id, name: "Ajeno" }] });
    expect(foreign.status()).toBe(400);
    expect((await foreign.json()).errors).toEqual({ "dishes.0.id": "This dish is not on this menu" });
    expect(await read("es")).toBe(word);
    await other.client.dispose();
  });
});
