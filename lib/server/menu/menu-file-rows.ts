import "server-only";
import { CsvError, parse } from "csv-parse/sync";
import type { z } from "zod";
import { ALLERGENS, DIET_CODES, toMask } from "@/lib/shared/menu/allergens";
import { FOOD_TYPES } from "@/lib/shared/constants";
import { listCell, MENU_FILE_COLUMNS, MENU_FILE_MAX_ROWS, parseOptions, yesNo, type MenuFileColumn, type MenuFileRow } from "@/lib/shared/menu/menu-file";
import { DISH_FIELD_RULES } from "@/lib/contract/menu/rules";
import { sectionNameSchema } from "@/lib/contract/menu/section-rules";
import { optionGroupsInputSchema, type OptionGroupInput } from "@/lib/contract/menu/option-rules";
import { ApiError, fieldError } from "../platform/errors";
import { checkRowWords, TRANSLATED_FILE_COLUMNS, type RowWords, type TranslatedColumn } from "./menu-file-languages";
import { said } from "@/lib/shared/words/said";

// A menu file read into dishes (docs/architecture/menu-file.md): CSV (csv-parse, RFC 4180) or
// JSON with the same keys, each row checked cell by cell. Nothing here touches the database: a
// row's problems are reported as "Row 7, price: must be a number like 12.50", a row numbered as a
// spreadsheet shows it (the header is row 1, the first dish row 2; in JSON the first dish is row 2 too).

export type RowError = { row: number; column: MenuFileColumn | TranslatedColumn | "file"; message: string };

/** A row that passed its checks, in the database's terms. */
export type ImportDish = {
  row: number;
  section: string | null;
  position: number | null;
  featured: number | null;
  name: string;
  description: string;
  priceCents: number;
  foodType: string;
  allergens: number;
  mayContain: number;
  mayContainNote: string;
  dietLabels: number;
  allowsInstructions: boolean;
  optionGroups: OptionGroupInput[];
  photo: string | null;
  /** Its words in other languages, for the `name:es`-like columns the file has (menu-file-languages.ts). */
  words: RowWords;
};

/** The file's rows as text cells, or a 400 naming `file` (not CSV or JSON, no name column, over 500 rows). */
export function readMenuFile(text: string): MenuFileRow[] {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (!trimmed) throw fieldError("file", said("rules.handlers.fileEmpty"));
  const records = trimmed.startsWith("{") || trimmed.startsWith("[") ? jsonRecords(trimmed) : csvRecords(trimmed);
  if (records.length > MENU_FILE_MAX_ROWS) throw fieldError("file", said("rules.handlers.fileMax", { max: MENU_FILE_MAX_ROWS, count: records.length }));
  if (!records.length) throw fieldError("file", said("rules.handlers.fileNoDishes"));
  // A translated column is kept only when the file has it (a column it lacks leaves the menu's words).
  return records.map(
    (record) =>
      Object.fromEntries([
        ...MENU_FILE_COLUMNS.map((column) => [column, record[column] ?? ""]),
        ...TRANSLATED_FILE_COLUMNS.filter((column) => column in record).map((column) => [column, record[column] ?? ""]),
      ]) as MenuFileRow,
  );
}

function csvRecords(text: string): Record<string, string>[] {
  try {
    const records: Record<string, string>[] = parse(text, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      bom: true,
    });
    if (records.length && !("name" in records[0]!)) throw fieldError("file", said("rules.handlers.fileColumns", { list: MENU_FILE_COLUMNS.join(",") }));
    return records;
  } catch (error) {
    // Our own refusal (the header line) as it is; anything the parser threw is an unreadable file (400, never a 500).
    if (error instanceof ApiError) throw error;
    throw fieldError("file", said("rules.handlers.fileCsv", { reason: error instanceof CsvError || error instanceof Error ? error.message : String(error) }));
  }
}

function jsonRecords(text: string): Record<string, string>[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fieldError("file", said("rules.handlers.fileJson"));
  }
  const dishes = Array.isArray(value) ? value : (value as { dishes?: unknown }).dishes;
  if (!Array.isArray(dishes) || dishes.some((dish) => typeof dish !== "object" || dish === null || Array.isArray(dish)))
    throw fieldError("file", said("rules.handlers.fileJsonShape"));
  return dishes.map((dish: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(dish).map(([key, cell]) => [
        key,
        Array.isArray(cell) ? cell.join("|") : typeof cell === "boolean" ? (cell ? "yes" : "no") : cell === null ? "" : String(cell),
      ]),
    ),
  );
}

/** A cell the export defused against spreadsheet formulas ('=...) read back as written. */
const cellText = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell).trim();

/** Every row checked: its dish, or its errors. Names repeated in the file are errors on the later rows. */
export function checkRows(rows: MenuFileRow[]): { dishes: ImportDish[]; errors: RowError[] } {
  const dishes: ImportDish[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  rows.forEach((raw, index) => {
    const row = index + 2;
    const cell = (column: MenuFileColumn) => cellText(raw[column]);
    const anyCell = (column: string) => cellText((raw as Record<string, string | undefined>)[column] ?? "");
    const rowErrors: RowError[] = [];
    const fail = (column: MenuFileColumn, message: string) => rowErrors.push({ row, column, message });

    // The dish form's own rules (lib/contract/menu/rules.ts DISH_FIELD_RULES) decide each text
    // cell, its characters included; the value kept is the one they normalized.
    const rule = <T>(column: MenuFileColumn, schema: z.ZodType<T>, value: unknown): T | undefined => {
      const checked = schema.safeParse(value);
      if (checked.success) return checked.data;
      fail(column, checked.error.issues[0]!.message);
      return undefined;
    };
    const name = rule("name", DISH_FIELD_RULES.name, cell("name")) ?? "";
    if (name && seen.has(name.toLowerCase())) fail("name", `appears twice in the file (also row ${seen.get(name.toLowerCase())})`);
    else if (name) seen.set(name.toLowerCase(), row);

    const description = rule("description", DISH_FIELD_RULES.description, cell("description")) ?? "";

    const price = cell("price").replace(/^\$/, "");
    // The file writes dollars as text; the form's rule then judges the number (more than 0, at most $1,000).
    const priceText = /^\d+(\.\d{1,2})?$/.test(price);
    if (!priceText) fail("price", "must be a number like 12.50");
    const priceCents = (priceText && rule("price", DISH_FIELD_RULES.price, Number(price))) || 0;

    const foodType = cell("food_type").toLowerCase();
    if (!(FOOD_TYPES as readonly string[]).includes(foodType)) fail("food_type", `must be one of: ${FOOD_TYPES.join(", ")}`);

    const section = cell("section") ? (rule("section", sectionNameSchema, cell("section")) ?? "") : "";
    const position = whole(cell("position"));
    if (position === undefined) fail("position", "must be a whole number from 1, or empty");
    const featured = whole(cell("featured"));
    if (featured === undefined) fail("featured", "must be a whole number from 1 (its place among the featured dishes), or empty");

    const names = (column: MenuFileColumn, values: readonly string[]) => {
      const list = listCell(cell(column));
      const unknown = list.filter((item) => !values.includes(item));
      if (unknown.length) fail(column, `${unknown.join(", ")}: not one of ${values.join(", ")}`);
      return toMask(values, [...new Set(list.filter((item) => values.includes(item)))]);
    };
    const allergens = names("allergens", ALLERGENS);
    const mayContain = names("may_contain", ALLERGENS);
    const dietLabels = names("diet_labels", DIET_CODES);
    const mayContainNote = rule("may_contain_note", DISH_FIELD_RULES.mayContainNote, cell("may_contain_note")) ?? "";

    const allowsInstructions = yesNo(cell("allows_instructions"));
    if (allowsInstructions === null) fail("allows_instructions", "must be yes or no");

    const optionGroups = checkOptions(cell("options"), (message) => fail("options", message));

    const photo = cell("photo_url") ? (rule("photo_url", DISH_FIELD_RULES.foodImage, cell("photo_url")) ?? "") : "";
    const words = checkRowWords(raw, anyCell, optionGroups, (column, message) => rowErrors.push({ row, column, message }));

    if (rowErrors.length) return void errors.push(...rowErrors);
    dishes.push({
      row,
      section: section || null,
      position: position ?? null,
      featured: featured ?? null,
      name,
      description,
      priceCents,
      foodType,
      allergens,
      mayContain,
      mayContainNote,
      dietLabels,
      allowsInstructions: allowsInstructions ?? false,
      optionGroups,
      photo: photo || null,
      words,
    });
  });
  return { dishes, errors };
}

/** A whole number from 1, null when empty, undefined when neither. */
function whole(text: string): number | null | undefined {
  if (!text) return null;
  return /^\d{1,4}$/.test(text) && Number(text) >= 1 ? Number(text) : undefined;
}

/** The options cell read and checked by the dish form's own rules (lib/contract/menu/option-rules.ts). */
function checkOptions(text: string, fail: (message: string) => void): OptionGroupInput[] {
  const read = parseOptions(text);
  if ("error" in read) {
    fail(read.error);
    return [];
  }
  const checked = optionGroupsInputSchema.safeParse(read.groups.map((group) => ({ ...group, options: group.options.map((option) => ({ ...option, available: true })) })));
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0]!;
  const group = typeof issue.path[0] === "number" ? read.groups[issue.path[0]] : undefined;
  fail(group ? said("messages.namedProblem", { name: group.name, message: issue.message }) : issue.message);
  return [];
}
