import "server-only";
import type { z } from "zod";
import { MENU_LANGUAGES, mergeTranslations, readTranslations, type MenuLanguage, type Translations } from "@/lib/shared/menu/menu-translations";
import { splitUnescaped, unescape, type MenuFileRow } from "@/lib/shared/menu/menu-file";
import { OPTION_LIMITS } from "@/lib/shared/menu/options";
import { DISH_FIELD_RULES } from "@/lib/contract/menu/rules";
import { sectionNameSchema } from "@/lib/contract/menu/section-rules";
import { translatedWord } from "@/lib/contract/menu/translation-rules";
import type { OptionGroupInput } from "@/lib/contract/menu/option-rules";
import { TRANSLATED_COLUMNS, type TranslatedColumn } from "@/lib/shared/menu/menu-file-languages";

export { TRANSLATED_FILE_COLUMNS, type TranslatedColumn } from "@/lib/shared/menu/menu-file-languages";

// A menu file's words in other languages (docs/architecture/languages.md "Menus in several
// languages"): the columns `name:es`, `description:es`, `section:es` and `options:es` (any of
// MENU_LANGUAGES), each checked by its original column's rule. A column the file has sets that
// language's word ("" removes it); a column it lacks leaves the menu's as it is.

/** A row's words in other languages, for the columns the file has. */
export type RowWords = {
  dish: Translations;
  /** The section's name per language (blank cells left out: a section is named on many rows). */
  section: Translations;
  /** Per language the groups' and options' names, in the dish's order ("" removes one). */
  options: Partial<Record<MenuLanguage, { groups: string[]; options: string[][] }>>;
};

/**
 * The names of a translated options cell: groups separated by `;`, each `Name: Option, Option`, a
 * `[min-max]` and `+price` allowed and ignored (the original cell's decide). Null when a name is missing.
 */
export function parseOptionNames(cell: string): { group: string; options: string[] }[] | null {
  const groups: { group: string; options: string[] }[] = [];
  for (const part of splitUnescaped(cell, ";")) {
    if (!part.trim()) continue;
    const [head, list, ...rest] = splitUnescaped(part, ":");
    if (list === undefined || rest.length) return null;
    const group = unescape((head ?? "").replace(/\s*\[[^\]]*\]\s*$/, ""));
    const options = splitUnescaped(list, ",").map((item) => unescape(item.replace(/\s+\+\s*\d+(?:\.\d+)?\s*$/, "")));
    if (!group || options.some((name) => !name)) return null;
    groups.push({ group, options });
  }
  return groups;
}

const optionName = translatedWord("Option name", OPTION_LIMITS.nameLength);

/** A row's translated cells checked; each problem is `fail(column, message)`. `cell` reads a cell as the row's others are read. */
export function checkRowWords(
  raw: MenuFileRow,
  cell: (column: string) => string,
  groups: readonly OptionGroupInput[],
  fail: (column: TranslatedColumn, message: string) => void,
): RowWords {
  const words: RowWords = { dish: {}, section: {}, options: {} };
  const rule = <T>(column: TranslatedColumn, schema: z.ZodType<T>, value: string): T | undefined => {
    const checked = schema.safeParse(value);
    if (checked.success) return checked.data;
    fail(column, checked.error.issues[0]!.message);
    return undefined;
  };
  for (const language of MENU_LANGUAGES) {
    const has = (column: (typeof TRANSLATED_COLUMNS)[number]) => raw[`${column}:${language}`] !== undefined;
    const dish: { name?: string; description?: string } = {};
    for (const field of ["name", "description"] as const) {
      if (!has(field)) continue;
      const text = cell(`${field}:${language}`);
      const value = text ? rule(`${field}:${language}`, DISH_FIELD_RULES[field], text) : "";
      if (value !== undefined) dish[field] = value as string;
    }
    if (Object.keys(dish).length) words.dish[language] = dish;
    const section = has("section") ? cell(`section:${language}`) : "";
    if (section) {
      const name = rule(`section:${language}`, sectionNameSchema, section);
      if (name) words.section[language] = { name };
    }
    if (has("options")) {
      const text = cell(`options:${language}`);
      const named = parseOptionNames(text);
      const column = `options:${language}` as const;
      // An empty cell removes this language's option names; a full one names every group and option in order.
      if (!text) words.options[language] = { groups: groups.map(() => ""), options: groups.map((group) => group.options.map(() => "")) };
      else if (!named) fail(column, "must be groups like Tamaño: Pequeño, Grande; Extras: Queso");
      else if (named.length !== groups.length || named.some((group, g) => group.options.length !== groups[g]!.options.length))
        fail(column, "must name the same groups and options as the options column, in the same order");
      else {
        const checked = named.map((group) => ({ group: rule(column, optionName, group.group), options: group.options.map((name) => rule(column, optionName, name)) }));
        if (checked.every((group) => group.group !== undefined && group.options.every((name) => name !== undefined)))
          words.options[language] = { groups: checked.map((group) => group.group!), options: checked.map((group) => group.options as string[]) };
      }
    }
  }
  return words;
}

type CurrentGroup = { id: number; translations: string; options: { id: number; translations: string }[] };

/** The dish's groups with the file's option names merged into the translations of the rows they keep (`current`: the dish's groups now). */
export function withOptionWords(groups: OptionGroupInput[], words: RowWords["options"], current: readonly CurrentGroup[]): OptionGroupInput[] {
  const languages = MENU_LANGUAGES.filter((language) => words[language]);
  if (!languages.length) return groups;
  const merge = (translations: string | undefined, name: (language: MenuLanguage) => string) =>
    mergeTranslations(readTranslations(translations), Object.fromEntries(languages.map((language) => [language, { name: name(language) }])) as Translations);
  return groups.map((group, g) => {
    const row = group.id === undefined ? undefined : current.find((candidate) => candidate.id === group.id);
    return {
      ...group,
      translations: merge(row?.translations, (language) => words[language]!.groups[g]!),
      options: group.options.map((option, o) => {
        const kept = option.id === undefined ? undefined : row?.options.find((candidate) => candidate.id === option.id);
        return { ...option, translations: merge(kept?.translations, (language) => words[language]!.options[g]![o]!) };
      }),
    };
  });
}
