import { describe, expect, it } from "vitest";
import { csvLine } from "@/lib/shared/money/csv";
import { LOCALES, DEFAULT_LOCALE } from "@/lib/i18n/locale";
import { inLanguage, MENU_LANGUAGES, mergeTranslations, readTranslations, writeTranslations } from "@/lib/shared/menu/menu-translations";
import { menuTranslationsSchema } from "@/lib/contract/menu/translation-rules";
import { menuItemUpdateSchema } from "@/lib/contract/menu/rules";
import { searchQuerySchema } from "@/lib/contract/search/rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Menus in several languages (docs/architecture/languages.md "Menus in several languages") on the
// real database (SQLite here, PostgreSQL under `npm run test:postgres`): a menu file's `name:es`
// columns, a reader's language with the original where none is given, search matching a
// translated name, and who may write translations.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  importer: await import("./menu-file-import"),
  exporter: await import("./menu-file-export"),
  menu: await import("./menu-items"),
  owner: await import("./owner-menu"),
  sections: await import("./sections"),
  translations: await import("./translations"),
  search: await import("../search/index"),
  fixtures: await import("../platform/testing/fixtures"),
};

const COLUMNS = ["section", "name", "description", "price", "food_type", "options", "name:es", "description:es", "section:es", "options:es"];
const csv = (rows: string[][], columns = COLUMNS) => csvLine(columns) + rows.map((row) => csvLine(row)).join("");
const csvOfRows = (rows: Record<string, string | undefined>[], columns: string[]) =>
  csvLine(columns) + rows.map((row) => csvLine(columns.map((c) => row[c] ?? ""))).join("");
const BURGER = ["Mains", "Grilled Burger", "A beef patty on a toasted bun.", "12.50", "entree", "Size [1]: Small, Large +2.00"];
const burgerEs = ["Hamburguesa a la parrilla", "", "Platos fuertes", "Tamaño: Pequeña, Grande"];

async function importedShop() {
  const shop = await m.fixtures.shop("translator");
  await m.importer.applyMenuImport(shop.owner, shop.restaurant.id, csv([[...BURGER, ...burgerEs]]));
  const dish = await m.db.menuItem.findFirstOrThrow({ where: { restaurantId: shop.restaurant.id, name: "Grilled Burger" } });
  return { ...shop, burger: dish };
}

describe("menu translations", () => {
  it("are the languages lib/i18n/locale.ts lists besides English", () => {
    expect([...MENU_LANGUAGES]).toEqual(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE));
  });

  it("are read leniently, written in one order without blanks, merged field by field, and fall back to the original", () => {
    expect(readTranslations('{"de":{"name":"X"},"es":{"name":" ","description":"Rico","color":"red"},"fr":"nope"}')).toEqual({ es: { description: "Rico" } });
    expect(readTranslations("not json")).toEqual({});
    expect(writeTranslations({ fr: { name: " Poulet " }, es: { name: "", description: "Pollo" } })).toBe('{"es":{"description":"Pollo"},"fr":{"name":"Poulet"}}');
    expect(mergeTranslations({ es: { name: "Pollo", description: "Rico" } }, { es: { name: "" }, fr: { name: "Poulet" } })).toEqual({
      es: { name: "", description: "Rico" },
      fr: { name: "Poulet" },
    });
    const row = { translations: '{"es":{"name":"Pollo"}}' };
    expect([
      inLanguage(row, "es", "name", "Chicken"),
      inLanguage(row, "es", "description", "Roast"),
      inLanguage(row, "fr", "name", "Chicken"),
      inLanguage(row, "en", "name", "Chicken"),
    ]).toEqual(["Pollo", "Roast", "Chicken", "Chicken"]);
  });

  it("an import's name:es, description:es, section:es and options:es columns become the Spanish menu; a file without them keeps it", async () => {
    const { owner, restaurant, burger } = await importedShop();
    expect(readTranslations(burger.translations)).toEqual({ es: { name: "Hamburguesa a la parrilla" } });
    const section = await m.db.menuSection.findFirstOrThrow({ where: { restaurantId: restaurant.id } });
    expect(readTranslations(section.translations)).toEqual({ es: { name: "Platos fuertes" } });
    const groups = await m.db.optionGroup.findMany({ where: { menuItemId: burger.id }, include: { options: { orderBy: { position: "asc" } } } });
    expect(groups.map((group) => [readTranslations(group.translations), group.options.map((option) => readTranslations(option.translations))])).toEqual([
      [{ es: { name: "Tamaño" } }, [{ es: { name: "Pequeña" } }, { es: { name: "Grande" } }]],
    ]);

    // The export writes the Spanish columns after the original ones, in the form the import reads.
    const rows = await m.exporter.menuFileRows(owner, restaurant.id);
    expect(m.exporter.fileColumns(rows).slice(-4)).toEqual(["name:es", "description:es", "section:es", "options:es"]);
    expect(rows.find((row) => row.name === "Grilled Burger")).toMatchObject({
      "name:es": "Hamburguesa a la parrilla",
      "description:es": "",
      "section:es": "Platos fuertes",
      "options:es": "Tamaño [1]: Pequeña, Grande +2.00",
    });
    expect(
      (
        await m.importer.previewMenuImport(
          owner,
          restaurant.id,
          csvOfRows(
            rows.filter((row) => row.name === "Grilled Burger"),
            m.exporter.fileColumns(rows),
          ),
        )
      ).errors,
    ).toEqual([]);

    // The same dish again without the Spanish columns: its Spanish words stay, its options keep theirs.
    await m.importer.applyMenuImport(owner, restaurant.id, csv([BURGER], COLUMNS.slice(0, 6)));
    const again = await m.db.menuItem.findUniqueOrThrow({ where: { id: burger.id }, include: { optionGroups: { include: { options: true } } } });
    expect(readTranslations(again.translations).es?.name).toBe("Hamburguesa a la parrilla");
    expect(readTranslations(again.optionGroups[0]!.translations).es?.name).toBe("Tamaño");

    // A column sent empty removes that word; options:es must name the same groups and options.
    const preview = await m.importer.previewMenuImport(owner, restaurant.id, csv([[...BURGER, "", "", "", "Tamaño: Pequeña"]]));
    expect(preview.errors).toEqual([{ row: 2, column: "options:es", message: "must name the same groups and options as the options column, in the same order" }]);
    await m.importer.applyMenuImport(owner, restaurant.id, csv([[...BURGER, "", "Carne de res en pan tostado.", "", ""]]));
    const cleared = await m.db.menuItem.findUniqueOrThrow({ where: { id: burger.id }, include: { optionGroups: true } });
    expect(readTranslations(cleared.translations)).toEqual({ es: { description: "Carne de res en pan tostado." } });
    expect(readTranslations(cleared.optionGroups[0]!.translations)).toEqual({});
  });

  it("a reader sees their language's words where given and the original otherwise; English JSON is unchanged", async () => {
    const { restaurant, burger } = await importedShop();
    const [row] = await m.menu.listMenuItems({ restaurantId: restaurant.id, q: undefined, limit: 50, offset: 0 }).then((rows) => rows.filter((r) => r.id === burger.id));
    const english = m.menu.menuItemToJson(row!);
    const spanish = m.menu.menuItemToJson(row!, "es");
    const french = m.menu.menuItemToJson(row!, "fr");
    expect(english).toMatchObject({ name: "Grilled Burger", description: "A beef patty on a toasted bun." });
    expect(english).not.toHaveProperty("translations");
    expect(english.optionGroups.map((group) => [group.name, group.options.map((option) => option.name)])).toEqual([["Size", ["Small", "Large"]]]);
    expect(spanish).toMatchObject({ name: "Hamburguesa a la parrilla", description: "A beef patty on a toasted bun.", price: 12.5 });
    expect(spanish.optionGroups.map((group) => [group.name, group.options.map((option) => option.name)])).toEqual([["Tamaño", ["Pequeña", "Grande"]]]);
    expect(french).toEqual(english);
    const [section] = await m.sections.listMenuSections(restaurant.id);
    expect(m.sections.sectionToJson(section!, "es").name).toBe("Platos fuertes");
    expect(m.sections.sectionToJson(section!).name).toBe("Mains");
  });

  it("search matches the Spanish name in every language, names the dish in the reader's, and forgets a removed word", async () => {
    const { owner, restaurant, burger } = await importedShop();
    const query = searchQuerySchema.parse({ q: "hamburguesa parrilla", type: "dishes" });
    const inSpanish = await m.search.search(query, "es");
    expect(inSpanish.dishes.map((dish) => dish.name)).toContain("Hamburguesa a la parrilla");
    const inEnglish = await m.search.search(query);
    expect(inEnglish.dishes.map((dish) => dish.id)).toContain(burger.id);
    expect(inEnglish.dishes.find((dish) => dish.id === burger.id)?.name).toBe("Grilled Burger");
    // The original still matches for a Spanish reader; a menu's own search matches the translation too.
    expect((await m.search.search(searchQuerySchema.parse({ q: "grilled burger", type: "dishes" }), "es")).dishes.map((dish) => dish.id)).toContain(burger.id);
    expect((await m.menu.listMenuItems({ restaurantId: restaurant.id, q: "hamburguesa", limit: 10, offset: 0 })).map((dish) => dish.id)).toEqual([burger.id]);

    await m.owner.updateMenuItem(owner, burger.id, menuItemUpdateSchema.parse({ translations: { es: { name: "" } } }));
    expect((await m.search.search(query, "es")).dishes.map((dish) => dish.id)).not.toContain(burger.id);
  });

  it("only the restaurant's owner or manager writes them; ids not on this menu are refused, nothing written", async () => {
    const { owner, restaurant, burger } = await importedShop();
    const other = await m.fixtures.shop("stranger");
    const customer = await m.fixtures.customer("hungry");
    const body = menuTranslationsSchema.parse({ language: "es", dishes: [{ id: burger.id, name: "Hamburguesa", description: "Con pan tostado." }] });
    await expect(m.translations.saveMenuTranslations(other.owner, restaurant.id, body)).rejects.toMatchObject({ status: 404 });
    await expect(m.translations.saveMenuTranslations(customer, restaurant.id, body)).rejects.toMatchObject({ status: 404 });
    const foreign = menuTranslationsSchema.parse({
      language: "es",
      dishes: [
        { id: burger.id, name: "Nada" },
        { id: other.dish.id, name: "Ajeno" },
      ],
    });
    await expect(m.translations.saveMenuTranslations(owner, restaurant.id, foreign)).rejects.toMatchObject({
      code: "bad_request",
      errors: { "dishes.1.id": "This dish is not on this menu" },
    });
    expect(readTranslations((await m.db.menuItem.findUniqueOrThrow({ where: { id: burger.id } })).translations).es?.name).toBe("Hamburguesa a la parrilla");

    // A manager of this restaurant may; the owner's save changes only the rows whose words changed.
    const manager = { id: customer.id, guestAccount: false, restaurantGrant: { restaurantId: restaurant.id } };
    expect(await m.translations.saveMenuTranslations(manager, restaurant.id, body)).toEqual({ language: "es", updated: 1 });
    expect(await m.translations.saveMenuTranslations(owner, restaurant.id, body)).toEqual({ language: "es", updated: 0 });
    const view = await m.translations.menuTranslations(owner, restaurant.id);
    expect(view.dishes.find((dish) => dish.id === burger.id)?.translations).toEqual({ es: { name: "Hamburguesa", description: "Con pan tostado." } });
    expect(inEnglish(menuTranslationsSchema.safeParse({ language: "de" }).error!.issues[0]!.message)).toMatch(/language must be one of: es, fr/);
  });
});
