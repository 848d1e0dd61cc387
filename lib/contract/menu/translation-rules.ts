import { z } from "zod";
import { MENU_LANGUAGES, type MenuLanguage } from "@/lib/shared/menu/menu-translations";
import { idNumber } from "../common/id-rules";
import { freeText } from "../common/field-rules";
import { OPTION_LIMITS } from "@/lib/shared/menu/options";
import { said, word } from "@/lib/shared/words/said";

// A menu's words in other languages as an owner sends them (docs/architecture/languages.md "Menus
// in several languages"): optional `translations` on the dish, option and section bodies, and
// PUT /api/manage/{id}/translations, the editor's one language of the whole menu. A word sent as
// "" is removed (the original shows again); a language or field left out stays as it was.

export const TRANSLATION_SAID = {
  language: said("rules.common.oneOfColon", { field: "language", list: MENU_LANGUAGES.join(", ") }),
  long: (label: string, max: number) => said("rules.common.atMost", { field: label, count: max }),
  object: said("rules.menuTranslations.shape"),
} as const;
const M = TRANSLATION_SAID;

/** A dish's and a section's name: at most 60 characters, as their own forms (menu-item.ts, menu-section.ts). */
const NAME_MAX = 60;

export const translatedWord = (label: string, max: number, multiline = false) => freeText(label, { multiline }).pipe(z.string().max(max, M.long(label, max)));

/** The dish form's limits: a name 60 characters, a description 500. */
const dishFields = z.strictObject({ name: translatedWord(word("name"), NAME_MAX).optional(), description: translatedWord(word("description"), 500, true).optional() });
const nameField = (max: number) => z.strictObject({ name: translatedWord(word("name"), max).optional() });

function byLanguage<T extends z.ZodType>(fields: T) {
  return z.strictObject(Object.fromEntries(MENU_LANGUAGES.map((code) => [code, fields.optional()])) as Record<MenuLanguage, z.ZodOptional<T>>, {
    error: (issue) => (issue.code === "unrecognized_keys" ? M.language : M.object),
  });
}

/** A dish's translations: each language's name and description. */
export const dishTranslationsSchema = byLanguage(dishFields);
/** An option group's or option's translations (its name). */
export const optionTranslationsSchema = byLanguage(nameField(OPTION_LIMITS.nameLength));
/** A section's translations (its name). */
export const sectionTranslationsSchema = byLanguage(nameField(NAME_MAX));

const language = z.enum(MENU_LANGUAGES, { error: M.language });
const list = <T extends z.ZodType>(item: T) => z.array(item).max(500);

/**
 * PUT /api/manage/{id}/translations: one language's words for any of the menu's sections, dishes,
 * option groups and options (each by id; one not on this menu is a 400 naming it). What is left out stays.
 */
export const menuTranslationsSchema = z.object({
  language,
  sections: list(z.object({ id: idNumber("id"), name: translatedWord(word("name"), NAME_MAX) }))
    .optional()
    .default([]),
  dishes: list(
    z.object({
      id: idNumber("id"),
      name: translatedWord(word("name"), NAME_MAX).optional(),
      description: translatedWord(word("description"), 500, true).optional(),
      optionGroups: list(z.object({ id: idNumber("id"), name: translatedWord(word("name"), OPTION_LIMITS.nameLength) }))
        .optional()
        .default([]),
      options: list(z.object({ id: idNumber("id"), name: translatedWord(word("name"), OPTION_LIMITS.nameLength) }))
        .optional()
        .default([]),
    }),
  )
    .optional()
    .default([]),
});
export type MenuTranslationsInput = z.output<typeof menuTranslationsSchema>;
