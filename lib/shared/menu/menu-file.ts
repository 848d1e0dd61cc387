// A menu as a file (docs/architecture/menu-file.md): the CSV's columns, the
// JSON's keys (the same names), and the compact form of a dish's options in one cell. Pure and
// client-safe: the export writes with it, the import reads with it.

/** The columns, in the CSV's order; the JSON's dish objects use the same keys. */
export const MENU_FILE_COLUMNS = [
  "section",
  "position",
  "featured",
  "name",
  "description",
  "price",
  "food_type",
  "allergens",
  "may_contain",
  "may_contain_note",
  "diet_labels",
  "allows_instructions",
  "options",
  "photo_url",
] as const;
export type MenuFileColumn = (typeof MENU_FILE_COLUMNS)[number];

/**
 * One dish of a file, every cell as text (the JSON's values are read as the CSV's cells); a
 * translated column (`name:es`, menu-file-languages.ts) only when the file has it.
 */
export type MenuFileRow = Record<MenuFileColumn, string> & Partial<Record<`${MenuFileColumn}:${string}`, string>>;

/** At most this many dishes a file. */
export const MENU_FILE_MAX_ROWS = 500;
/** At most this many bytes a file (500 long rows fit in well under it). */
export const MENU_FILE_MAX_BYTES = 2 * 1024 * 1024;

/** A list cell's separator (allergens, labels): `peanuts|milk`. */
export const LIST_SEPARATOR = "|";

/** A dish's option group with dollars, as the export writes and the import reads it. */
export type FileOptionGroup = { name: string; minChoices: number; maxChoices: number; options: { name: string; priceDelta: number }[] };

const SPECIAL = /[\\;:,[\]]/g;
const escape = (text: string) => text.replace(SPECIAL, (c) => `\\${c}`);

/**
 * The compact form: groups separated by `;`, each `Name [min-max]: Option +1.50, Option` (`[n]`
 * when min = max; `+0` left out). A `\` before `; : , [ ] \` makes it part of a name.
 */
export function formatOptions(groups: readonly FileOptionGroup[]): string {
  return groups
    .map((group) => {
      const range = group.minChoices === group.maxChoices ? `${group.minChoices}` : `${group.minChoices}-${group.maxChoices}`;
      const options = group.options.map((option) => (option.priceDelta ? `${escape(option.name)} +${option.priceDelta.toFixed(2)}` : escape(option.name)));
      return `${escape(group.name)} [${range}]: ${options.join(", ")}`;
    })
    .join("; ");
}

/** Splits on an unescaped `separator`, leaving escapes in place. */
export function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) {
      current += c + text[i + 1];
      i++;
    } else if (c === separator) {
      parts.push(current);
      current = "";
    } else current += c;
  }
  parts.push(current);
  return parts;
}
export const unescape = (text: string) => text.replace(/\\(.)/g, "$1").trim();

export const OPTIONS_FORM = "like Size [1]: Small, Large +2.50; Extras [0-3]: Cheese +1.00";

/** The compact form read back, or the reason it cannot be (the dish's own rules are checked after). */
export function parseOptions(cell: string): { groups: FileOptionGroup[] } | { error: string } {
  if (!cell.trim()) return { groups: [] };
  const groups: FileOptionGroup[] = [];
  for (const part of splitUnescaped(cell, ";")) {
    if (!part.trim()) continue;
    const [head, list, ...rest] = splitUnescaped(part, ":");
    const heading = /^(.*?)\s*\[\s*(\d+)\s*(?:-\s*(\d+)\s*)?\]\s*$/s.exec(head ?? "");
    if (!heading || list === undefined || rest.length) return { error: `must be groups ${OPTIONS_FORM}` };
    const minChoices = Number(heading[2]);
    const maxChoices = heading[3] === undefined ? minChoices : Number(heading[3]);
    const options: FileOptionGroup["options"] = [];
    for (const item of splitUnescaped(list, ",")) {
      const option = /^(.*?)(?:\s+\+\s*(\d+(?:\.\d+)?))?\s*$/s.exec(item.trim());
      if (!option || !unescape(option[1]!)) return { error: `an option has no name: ${OPTIONS_FORM}` };
      options.push({ name: unescape(option[1]!), priceDelta: option[2] === undefined ? 0 : Number(option[2]) });
    }
    groups.push({ name: unescape(heading[1]!), minChoices, maxChoices, options });
  }
  return { groups };
}

/** A list cell's names: separated by `|` (or commas), trimmed, empty ones dropped. */
export const listCell = (cell: string) =>
  cell
    .split(/[|,]/)
    .map((name) => name.trim())
    .filter(Boolean);

/** "yes"/"true"/"1" (any case) is true; empty, "no", "false" and "0" false; anything else null. */
export function yesNo(cell: string): boolean | null {
  const text = cell.trim().toLowerCase();
  if (["yes", "true", "1", "y"].includes(text)) return true;
  if (["", "no", "false", "0", "n"].includes(text)) return false;
  return null;
}

/** What a dish created by an import shows until its owner uploads a photo (photos by URL are never fetched). */
export const PLACEHOLDER_DISH_PHOTO = "/images/placeholder/dish.webp";

/** A dish's or a section's name as matched: any case, any spacing ("Desserts", " desserts", "Sweet  treats" = "sweet treats"). */
export const nameKey = (name: string) => name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
