// A menu in several languages (docs/architecture/languages.md "Menus in several languages"): a
// dish's, section's, option group's and option's own words in each language besides the original
// (the owner's, shown to English readers and wherever a language has none), kept as JSON text on
// the row itself ({"es": {"name": "Pollo asado", "description": "..."}}): every read that reads the
// row reads them with it. A reader sees their language's word where the owner gave one, the
// original otherwise, field by field.

/**
 * The languages a menu may be given in besides its original: lib/i18n/locale.ts LOCALES but English,
 * until markets name their own (menu-translations.test.ts holds them equal). Written out rather than
 * imported: forms load this module, and locale.ts brings the Accept-Language parser.
 */
export const MENU_LANGUAGES = ["es", "fr"] as const;
export type MenuLanguage = (typeof MENU_LANGUAGES)[number];
export const isMenuLanguage = (value: unknown): value is MenuLanguage => (MENU_LANGUAGES as readonly unknown[]).includes(value);

/** The fields a translation may give: a dish has both, a section, group or option its name. */
export type TranslatedFields = { name?: string; description?: string };
export type Translations = Partial<Record<MenuLanguage, TranslatedFields>>;

const FIELDS = ["name", "description"] as const;

/** A row's translations read leniently: unknown languages, fields and blank words are left out; unreadable text is none. */
export function readTranslations(text: string | null | undefined): Translations {
  if (!text || text === "{}") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (!value || typeof value !== "object") return {};
  const read: Translations = {};
  for (const language of MENU_LANGUAGES) {
    const fields = (value as Record<string, unknown>)[language];
    if (!fields || typeof fields !== "object") continue;
    const kept: TranslatedFields = {};
    for (const field of FIELDS) {
      const word = (fields as Record<string, unknown>)[field];
      if (typeof word === "string" && word.trim()) kept[field] = word;
    }
    if (Object.keys(kept).length) read[language] = kept;
  }
  return read;
}

/** Translations as stored: languages and fields in one order, blank words left out ("{}" for none). */
export function writeTranslations(translations: Translations): string {
  const ordered: Translations = {};
  for (const language of MENU_LANGUAGES) {
    const fields = translations[language];
    const kept: TranslatedFields = {};
    for (const field of FIELDS) if (fields?.[field]?.trim()) kept[field] = fields[field]!.trim();
    if (Object.keys(kept).length) ordered[language] = kept;
  }
  return JSON.stringify(ordered);
}

/**
 * `current` with the languages of `changes` replaced field by field: a field sent as "" is removed
 * (the original shows again), a field left out stays as it was.
 */
export function mergeTranslations(current: Translations, changes: Translations): Translations {
  const merged: Translations = { ...current };
  for (const language of MENU_LANGUAGES) {
    const change = changes[language];
    if (!change) continue;
    merged[language] = { ...merged[language], ...change };
  }
  return merged;
}

/** The row's `field` as a reader of `locale` sees it: their language's word when given, else the original. */
export function inLanguage<T extends { translations?: string | null }>(row: T, locale: string, field: "name" | "description", original: string): string {
  if (!row.translations || row.translations === "{}" || !isMenuLanguage(locale)) return original;
  return readTranslations(row.translations)[locale]?.[field] ?? original;
}
