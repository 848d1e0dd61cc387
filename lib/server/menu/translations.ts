import "server-only";
import type { MenuTranslationsInput } from "@/lib/contract/menu/translation-rules";
import { mergeTranslations, readTranslations, writeTranslations, type MenuLanguage, type Translations } from "@/lib/shared/menu/menu-translations";
import { db, type Tx } from "../platform/db";
import { fieldError } from "../platform/errors";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { lockOwnedMenu } from "./sections";
import { said } from "@/lib/shared/words/said";

// The owner's translations of a whole menu (docs/architecture/languages.md "Menus in several
// languages"): the editor's read (every section, dish, option group and option with its original
// words and its translations) and PUT /api/manage/{id}/translations, one language's words for any
// of them in one transaction under the menu's lock. A row changes only when its words do, so the
// kept pages of dishes left alone stay kept.

const menuOf = (client: Tx, restaurantId: number) =>
  Promise.all([
    client.menuSection.findMany({
      where: { restaurantId },
      select: { id: true, name: true, translations: true },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    }),
    client.menuItem.findMany({
      where: { restaurantId },
      select: {
        id: true,
        name: true,
        description: true,
        translations: true,
        optionGroups: {
          orderBy: { position: "asc" },
          select: { id: true, name: true, translations: true, options: { orderBy: { position: "asc" }, select: { id: true, name: true, translations: true } } },
        },
      },
      orderBy: [{ sectionId: "asc" }, { sectionPosition: "asc" }, { id: "asc" }],
    }),
  ]);

/** The menu as its translation editor shows it: each row's original words and its translations, read. */
export async function menuTranslations(actor: Actor, restaurantId: number) {
  await getOwnedRestaurant(actor, restaurantId);
  const [sections, dishes] = await menuOf(db, restaurantId);
  const read = <T extends { translations: string }>({ translations, ...row }: T) => ({ ...row, translations: readTranslations(translations) });
  return {
    sections: sections.map(read),
    dishes: dishes.map((dish) => ({ ...read(dish), optionGroups: dish.optionGroups.map((group) => ({ ...read(group), options: group.options.map(read) })) })),
  };
}
export type MenuTranslationsView = Awaited<ReturnType<typeof menuTranslations>>;

/** One language's words saved; ids not on this menu are refused by field (nothing is written). Returns how many rows changed. */
export async function saveMenuTranslations(actor: Actor, restaurantId: number, input: MenuTranslationsInput): Promise<{ language: MenuLanguage; updated: number }> {
  const { language } = input;
  return db.$transaction(async (tx) => {
    await lockOwnedMenu(tx, actor, restaurantId);
    const [sections, dishes] = await menuOf(tx, restaurantId);
    const sectionRows = new Map(sections.map((row) => [row.id, row]));
    const dishRows = new Map(dishes.map((row) => [row.id, row]));
    const groupRows = new Map(dishes.flatMap((dish) => dish.optionGroups.map((group) => [group.id, { ...group, dishId: dish.id }] as const)));
    const optionRows = new Map(
      dishes.flatMap((dish) => dish.optionGroups.flatMap((group) => group.options.map((option) => [option.id, { ...option, dishId: dish.id }] as const))),
    );
    // Every id first: one that is not on this menu refuses the whole request.
    input.sections.forEach((section, i) => {
      if (!sectionRows.has(section.id)) throw fieldError(`sections.${i}.id`, said("rules.handlers.sectionNotOnMenu"));
    });
    input.dishes.forEach((dish, i) => {
      if (!dishRows.has(dish.id)) throw fieldError(`dishes.${i}.id`, said("rules.handlers.dishNotOnMenu"));
      dish.optionGroups.forEach((group, g) => {
        if (groupRows.get(group.id)?.dishId !== dish.id) throw fieldError(`dishes.${i}.optionGroups.${g}.id`, said("rules.handlers.groupNotOnDish"));
      });
      dish.options.forEach((option, o) => {
        if (optionRows.get(option.id)?.dishId !== dish.id) throw fieldError(`dishes.${i}.options.${o}.id`, said("rules.handlers.optionNotOnDish"));
      });
    });
    let updated = 0;
    /** The row's translations with this language's words merged in, or null when nothing changes. */
    const merged = (current: string, words: { name?: string; description?: string }) => {
      const next = writeTranslations(mergeTranslations(readTranslations(current), { [language]: words } as Translations));
      return next === writeTranslations(readTranslations(current)) ? null : next;
    };
    for (const section of input.sections) {
      const next = merged(sectionRows.get(section.id)!.translations, { name: section.name });
      if (next !== null) updated += (await tx.menuSection.updateMany({ where: { id: section.id }, data: { translations: next } })).count;
    }
    for (const dish of input.dishes) {
      const words = { ...(dish.name === undefined ? {} : { name: dish.name }), ...(dish.description === undefined ? {} : { description: dish.description }) };
      const next = merged(dishRows.get(dish.id)!.translations, words);
      if (next !== null) updated += (await tx.menuItem.updateMany({ where: { id: dish.id }, data: { translations: next } })).count;
      for (const group of dish.optionGroups) {
        const nextGroup = merged(groupRows.get(group.id)!.translations, { name: group.name });
        if (nextGroup !== null) updated += (await tx.optionGroup.updateMany({ where: { id: group.id }, data: { translations: nextGroup } })).count;
      }
      for (const option of dish.options) {
        const nextOption = merged(optionRows.get(option.id)!.translations, { name: option.name });
        if (nextOption !== null) updated += (await tx.menuOption.updateMany({ where: { id: option.id }, data: { translations: nextOption } })).count;
      }
    }
    return { language, updated };
  });
}
