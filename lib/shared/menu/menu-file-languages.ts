import type { MenuFileColumn } from "./menu-file";
import { MENU_LANGUAGES, type MenuLanguage } from "./menu-translations";

// A menu file's columns in other languages (docs/architecture/languages.md "Menus in several
// languages"): `name:es`, `description:es`, `section:es` and `options:es` for each of
// MENU_LANGUAGES. Apart from menu-file.ts, which the restaurant page's own code loads (nameKey).

/** The columns that may come again in another language as `<column>:<language>`. */
export const TRANSLATED_COLUMNS = ["name", "description", "section", "options"] as const satisfies readonly MenuFileColumn[];
export type TranslatedColumn = `${(typeof TRANSLATED_COLUMNS)[number]}:${MenuLanguage}`;
/** Every translated column, language by language (the export's order after the original columns). */
export const TRANSLATED_FILE_COLUMNS = MENU_LANGUAGES.flatMap((language) => TRANSLATED_COLUMNS.map((column) => `${column}:${language}` as TranslatedColumn));
