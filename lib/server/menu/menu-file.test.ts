import { describe, expect, it } from "vitest";
import { csvLine } from "@/lib/shared/money/csv";
import { MENU_FILE_COLUMNS, PLACEHOLDER_DISH_PHOTO, formatOptions, parseOptions, type MenuFileRow } from "@/lib/shared/menu/menu-file";
import { setUpTestDatabase } from "../platform/testing/db";
import { english } from "@/lib/contract/testing/in-english";

// Menu import and export (docs/architecture/menu-file.md) against the real database: an export
// re-imported gives the same menu; a file with bad rows previews exactly their errors and writes
// nothing; applied, every dish lands in its section and place in one transaction.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  exporter: await import("./menu-file-export"),
  importer: await import("./menu-file-import"),
  fixtures: await import("../platform/testing/fixtures"),
};

/** An owner's restaurant with an empty menu (the fixture's dish removed). */
async function emptyShop(prefix = "owner") {
  const shop = await m.fixtures.shop(prefix);
  await m.db.menuItem.delete({ where: { id: shop.dish.id } });
  return shop;
}

const SECTIONS = ["Bowls", "Lunch specials", "Sides", "Drinks"];
const TYPES = ["entree", "entree", "appetizer", "beverage"];

/** Dish `i` of a generated menu: 4 sections, every tenth featured, some with options, allergens and labels. */
function dishRow(i: number): MenuFileRow {
  const s = i % 4;
  return {
    section: SECTIONS[s]!,
    position: String(Math.floor(i / 4) + 1),
    featured: i % 10 === 0 ? String(i / 10 + 1) : "",
    name: `Dish ${String(i).padStart(3, "0")}`,
    description: i === 5 ? '=Spicy, with "chili" oil\nand herbs' : `House dish number ${i}`,
    price: ((500 + i * 25) / 100).toFixed(2),
    food_type: TYPES[s]!,
    allergens: i % 3 === 0 ? "peanuts|milk" : "",
    may_contain: i % 7 === 0 ? "sesame" : "",
    may_contain_note: i % 7 === 0 ? "Made where sesame is used." : "",
    diet_labels: i % 2 === 0 ? "vegetarian|spicy" : "",
    allows_instructions: i % 2 ? "yes" : "no",
    options: i % 5 === 0 ? "Size [1]: Small, Large +2.50; Extras [0-2]: Cheese +1.00, Bacon\\, crispy +1.50, Egg" : "",
    photo_url: "/images/food/thai-green-curry.webp",
  };
}
const csvOf = (rows: MenuFileRow[]) => csvLine(MENU_FILE_COLUMNS) + rows.map((row) => csvLine(MENU_FILE_COLUMNS.map((c) => row[c]))).join("");
const exported = async (owner: { id: number; guestAccount: boolean }, restaurantId: number) => {
  let text = "";
  for await (const chunk of m.exporter.menuCsv(await m.exporter.menuFileRows(owner, restaurantId))) text += chunk;
  return text;
};
/** The menu as the restaurant page orders it: section names in order, each with its dish names in order; the featured names. */
async function menuShape(restaurantId: number) {
  const sections = await m.db.menuSection.findMany({
    where: { restaurantId },
    orderBy: { position: "asc" },
    include: { menuItems: { orderBy: [{ sectionPosition: "asc" }, { id: "asc" }], select: { name: true } } },
  });
  const featured = await m.db.menuItem.findMany({
    where: { restaurantId, featuredPosition: { not: null } },
    orderBy: { featuredPosition: "asc" },
    select: { name: true },
  });
  return { sections: sections.map((s) => [s.name, s.menuItems.map((d) => d.name)]), featured: featured.map((d) => d.name) };
}

describe("menu file", () => {
  it("writes options in the compact form and reads them back, escapes included", () => {
    const groups = [
      {
        name: "Size",
        minChoices: 1,
        maxChoices: 1,
        options: [
          { name: "Small", priceDelta: 0 },
          { name: "Large", priceDelta: 2.5 },
        ],
      },
      {
        name: "Sauce: house",
        minChoices: 0,
        maxChoices: 2,
        options: [
          { name: "Salt, pepper", priceDelta: 0.5 },
          { name: "[Hot]; really", priceDelta: 0 },
        ],
      },
    ];
    const text = formatOptions(groups);
    expect(text).toBe("Size [1]: Small, Large +2.50; Sauce\\: house [0-2]: Salt\\, pepper +0.50, \\[Hot\\]\\; really");
    expect(parseOptions(text)).toEqual({ groups });
    expect(parseOptions("Size: Small")).toHaveProperty("error");
  });

  it("a 120-dish CSV with 3 bad rows previews exactly those errors and writes nothing; applied, 117 dishes in their sections and order; fixed, 120", async () => {
    const { owner, restaurant } = await emptyShop();
    const rows = Array.from({ length: 120 }, (_, i) => dishRow(i));
    const bad = rows.map((row) => ({ ...row }));
    bad[5]!.price = "12,50"; // row 7
    bad[40]!.food_type = "soup"; // row 42
    bad[99]!.allergens = "peanuts|nuts"; // row 101
    const preview = await m.importer.previewMenuImport(owner, restaurant.id, csvOf(bad));
    expect(english(preview.errors)).toEqual([
      { row: 7, column: "price", message: "must be a number like 12.50" },
      { row: 42, column: "food_type", message: "must be one of: appetizer, entree, dessert, beverage" },
      { row: 101, column: "allergens", message: expect.stringContaining("nuts: not one of celery") },
    ]);
    expect(preview).toMatchObject({ rows: 120, sectionsCreated: SECTIONS, updated: [] });
    expect(preview.created).toHaveLength(117);
    // Nothing was written by the preview; applied, the 117 good rows land in their sections and order, the 3 bad ones listed.
    expect(await m.db.menuItem.count({ where: { restaurantId: restaurant.id } })).toBe(0);
    expect(await m.db.menuSection.count({ where: { restaurantId: restaurant.id } })).toBe(0);
    const partial = await m.importer.applyMenuImport(owner, restaurant.id, csvOf(bad));
    expect(partial.errors.map((error) => error.row)).toEqual([7, 42, 101]);
    expect(partial.created).toHaveLength(117);
    const good = rows.filter((_, i) => ![5, 40, 99].includes(i));
    expect((await menuShape(restaurant.id)).sections).toEqual(
      SECTIONS.map((name, s) => [name, good.filter((row) => rows.indexOf(row) % 4 === s).map((row) => row.name)]),
    );
    // A file with no good row writes nothing: a 400 naming each row and column.
    await expect(m.importer.applyMenuImport(owner, restaurant.id, csvOf([bad[5]!, bad[40]!]))).rejects.toMatchObject({
      status: 400,
      errors: { "rows.2.price": "must be a number like 12.50", "rows.3.food_type": expect.any(String) },
    });
    expect(await m.db.menuItem.count({ where: { restaurantId: restaurant.id } })).toBe(117);

    // Fixed, the whole file: the 3 created, the 117 updated in place.
    const applied = await m.importer.applyMenuImport(owner, restaurant.id, csvOf(rows));
    expect(applied).toMatchObject({ errors: [], needsPhoto: [] });
    expect(applied.created.map((dish) => dish.row)).toEqual([7, 42, 101]);
    expect(applied.updated).toHaveLength(117);
    const shape = await menuShape(restaurant.id);
    expect(shape.sections).toEqual(SECTIONS.map((name, s) => [name, rows.filter((_, i) => i % 4 === s).map((row) => row.name)]));
    expect(shape.featured).toEqual(rows.filter((_, i) => i % 10 === 0).map((row) => row.name));
    const five = await m.db.menuItem.findFirstOrThrow({
      where: { restaurantId: restaurant.id, name: "Dish 005" },
      include: { optionGroups: { include: { options: true } } },
    });
    expect(five).toMatchObject({ priceCents: 625, description: '=Spicy, with "chili" oil\nand herbs', allowsInstructions: true });
    expect(five.optionGroups.find((g) => g.name === "Extras")?.options.map((o) => [o.name, o.priceDeltaCents])).toEqual(expect.arrayContaining([["Bacon, crispy", 150]]));
  });

  it("a cell with a NUL, a bell or a right-to-left override is a row error naming its column, by the dish form's own rules; nothing of it is stored", async () => {
    const { owner, restaurant } = await emptyShop("chars");
    const good = dishRow(1);
    const bad: [keyof MenuFileRow, string, string][] = [
      ["name", "Pad\u0000thai", "Name contains characters that are not allowed"],
      ["description", "Rice noodles\u0007 with tamarind", "Description contains characters that are not allowed"],
      ["section", "Sp\u202Eecials", "name contains characters that are not allowed"],
      ["may_contain_note", "Made near\u0000 nuts", "mayContainNote contains characters that are not allowed"],
      ["photo_url", "https://example.com/p\u0000.webp", "Image contains characters that are not allowed"],
      ["options", "Size [1]: Sm\u202Eall, Large +1.00", "Size: Option name contains characters that are not allowed"],
      ["name", "Tom\u202Eyum", "Name contains characters that are not allowed"],
    ];
    const rows = bad.map(([column, value], i) => ({ ...dishRow(i + 10), [column]: value }));
    // JSON carries every character as it is (\u0000 included); the CSV reader hands cells over the same way.
    const json = JSON.stringify({ dishes: [...rows, good] });
    const preview = await m.importer.previewMenuImport(owner, restaurant.id, json);
    expect(english(preview.errors)).toEqual(bad.map(([column, , message], i) => ({ row: i + 2, column, message })));
    expect(preview.created.map((dish) => dish.name)).toEqual([good.name]);
    // The file without its good row: a 400 naming each row's column, and nothing written (on PostgreSQL too, where a NUL would have been a 500).
    await expect(m.importer.applyMenuImport(owner, restaurant.id, JSON.stringify(rows))).rejects.toMatchObject({
      status: 400,
      errors: Object.fromEntries(bad.map(([column, , message], i) => [`rows.${i + 2}.${column}`, message])),
    });
    await expect(m.importer.applyMenuImport(owner, restaurant.id, csvOf(rows))).rejects.toMatchObject({ status: 400 });
    expect(await m.db.menuItem.count({ where: { restaurantId: restaurant.id } })).toBe(0);
    expect(await m.db.menuSection.count({ where: { restaurantId: restaurant.id } })).toBe(0);
    // With the good row, only it is written.
    const applied = await m.importer.applyMenuImport(owner, restaurant.id, json);
    expect(applied.created.map((dish) => dish.name)).toEqual([good.name]);
    const stored = await m.db.menuItem.findMany({
      where: { restaurantId: restaurant.id },
      select: { name: true, description: true, mayContainNote: true, foodImage: true },
    });
    expect(JSON.stringify(stored)).not.toMatch(/[\u0000\u0007\u202E]/);
    expect((await m.db.menuSection.findMany({ where: { restaurantId: restaurant.id } })).map((section) => section.name)).toEqual([good.section]);
  });

  it("an export re-imported gives the same menu: in place (dishes and option rows kept) and in another restaurant", async () => {
    const { owner, restaurant } = await emptyShop();
    await m.importer.applyMenuImport(owner, restaurant.id, csvOf(Array.from({ length: 30 }, (_, i) => dishRow(i))));
    // A dish in no section, added by hand, travels too.
    await m.db.menuItem.create({
      data: {
        restaurantId: restaurant.id,
        name: "Lemonade",
        description: "Fresh lemons.",
        priceCents: 300,
        foodImage: "/images/food/beverage-mojito-mocktail.webp",
        foodType: "beverage",
      },
    });
    const first = await exported(owner, restaurant.id);
    const before = await m.db.menuItem.findMany({
      where: { restaurantId: restaurant.id },
      // In id order (PostgreSQL returns rows an UPDATE rewrote in another order).
      include: { optionGroups: { include: { options: { orderBy: { id: "asc" } } }, orderBy: { id: "asc" } } },
      orderBy: { id: "asc" },
    });

    const again = await m.importer.applyMenuImport(owner, restaurant.id, first);
    expect(again).toMatchObject({ errors: [], created: [], sectionsCreated: [], needsPhoto: [] });
    expect(again.updated).toHaveLength(31);
    expect(await exported(owner, restaurant.id)).toBe(first);
    const after = await m.db.menuItem.findMany({
      where: { restaurantId: restaurant.id },
      // In id order (PostgreSQL returns rows an UPDATE rewrote in another order).
      include: { optionGroups: { include: { options: { orderBy: { id: "asc" } } }, orderBy: { id: "asc" } } },
      orderBy: { id: "asc" },
    });
    const ids = (rows: typeof before) => rows.map((d) => [d.id, d.optionGroups.map((g) => [g.id, g.options.map((o) => o.id)])]);
    expect(ids(after)).toEqual(ids(before));

    const other = await emptyShop("other");
    const copied = await m.importer.applyMenuImport(other.owner, other.restaurant.id, first);
    expect(copied.created).toHaveLength(31);
    expect(await exported(other.owner, other.restaurant.id)).toBe(first);
    expect(await menuShape(other.restaurant.id)).toEqual(await menuShape(restaurant.id));
  });

  it("never fetches a photo URL: a new dish gets the placeholder, a dish keeps its own; another owner's menu is a 404; a bad file is a 400 naming `file`", async () => {
    const { owner, restaurant } = await emptyShop();
    const kept = await m.db.menuItem.create({
      data: { restaurantId: restaurant.id, name: "Pho", description: "Beef noodle soup.", priceCents: 1_200, foodImage: "/uploads/abc.webp", foodType: "entree" },
    });
    const rows = [
      { ...dishRow(1), name: "pho", photo_url: "https://example.com/pho.jpg" },
      { ...dishRow(2), photo_url: "https://example.com/new.jpg" },
    ];
    const preview = await m.importer.previewMenuImport(owner, restaurant.id, JSON.stringify({ dishes: rows }));
    expect(preview).toMatchObject({ updated: [{ row: 2, name: "pho" }], created: [{ row: 3 }], needsPhoto: [{ row: 2 }, { row: 3 }] });
    await m.importer.applyMenuImport(owner, restaurant.id, JSON.stringify({ dishes: rows }));
    expect((await m.db.menuItem.findUniqueOrThrow({ where: { id: kept.id } })).foodImage).toBe("/uploads/abc.webp");
    expect((await m.db.menuItem.findFirstOrThrow({ where: { restaurantId: restaurant.id, name: "Dish 002" } })).foodImage).toBe(PLACEHOLDER_DISH_PHOTO);

    const stranger = await emptyShop("stranger");
    await expect(m.importer.previewMenuImport(stranger.owner, restaurant.id, csvOf(rows))).rejects.toMatchObject({ status: 404 });
    await expect(m.exporter.menuFileRows(stranger.owner, restaurant.id)).rejects.toMatchObject({ status: 404 });
    const tooMany = csvOf(Array.from({ length: 501 }, (_, i) => dishRow(i)));
    await expect(m.importer.previewMenuImport(owner, restaurant.id, tooMany)).rejects.toMatchObject({
      status: 400,
      errors: { file: expect.stringContaining("at most 500") },
    });
    for (const junk of ['"unclosed', 'name,price\r\nx"y,"1"z\r\n', '\u0089PNG\r\n\u001a\n\0\0"IHDR']) {
      await expect(m.importer.previewMenuImport(owner, restaurant.id, junk), junk).rejects.toMatchObject({ status: 400, errors: { file: expect.any(String) } });
    }
  });

  it("matches a section by name in any case and spacing, creating each new one once; lists to upload only the rows naming a photo not on the site", async () => {
    const { owner, restaurant } = await emptyShop();
    await m.db.menuSection.create({ data: { restaurantId: restaurant.id, name: "Desserts", position: 0 } });
    const kept = await m.db.menuItem.create({
      data: { restaurantId: restaurant.id, name: "Flan", description: "Caramel custard.", priceCents: 600, foodImage: "/uploads/flan.webp", foodType: "dessert" },
    });
    const rows: MenuFileRow[] = [
      { ...dishRow(0), name: "Flan", section: "desserts ", food_type: "dessert", photo_url: "" },
      { ...dishRow(1), name: "Tiramisu", section: "DESSERTS", food_type: "dessert", photo_url: "" },
      { ...dishRow(2), name: "Churros", section: "Sweet  treats", food_type: "dessert", photo_url: "https://example.com/churros.jpg" },
      { ...dishRow(3), name: "Brownie", section: "sweet treats", food_type: "dessert", photo_url: "/images/food/thai-green-curry.webp" },
      { ...dishRow(4), name: "Cookie", section: "Sweet treats", food_type: "dessert", photo_url: "" },
    ];
    const preview = await m.importer.previewMenuImport(owner, restaurant.id, csvOf(rows));
    expect(preview).toMatchObject({ rows: 5, sectionsCreated: ["Sweet treats"], needsPhoto: [{ row: 4, name: "Churros" }] });
    await m.importer.applyMenuImport(owner, restaurant.id, csvOf(rows));
    expect((await menuShape(restaurant.id)).sections).toEqual([
      ["Desserts", ["Flan", "Tiramisu"]],
      ["Sweet treats", ["Churros", "Brownie", "Cookie"]],
    ]);
    // A row without a photo keeps the dish's own; a new one without a photo gets the placeholder, not a to-do.
    expect((await m.db.menuItem.findUniqueOrThrow({ where: { id: kept.id } })).foodImage).toBe("/uploads/flan.webp");
    expect((await m.db.menuItem.findFirstOrThrow({ where: { restaurantId: restaurant.id, name: "Cookie" } })).foodImage).toBe(PLACEHOLDER_DISH_PHOTO);
  });
});
