import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { innerTrigrams } from "@/lib/shared/menu/search-text";
import { config } from "../config";
import { db } from "../db";
import { row, rowOf } from "../row";
import { containsLiteral, escapeLike } from "./text-filter";

// Text matching for every search (GET /api/search, and `q` on /api/restaurants and
// /api/menu-items), on the database's own indexes (docs/architecture/search.md#search):
//
// - SQLite: the FTS5 trigram tables "RestaurantSearch" and "MenuItemSearch" (migration
//   20261124090000_search), each word a quoted FTS5 string, so what the customer typed is
//   always text, never query syntax (`"` is doubled; `*`, `-`, NEAR, `:` are literal inside).
// - PostgreSQL: LIKE '%word%' over "nosh_fold"(columns), answered by the pg_trgm GIN indexes of
//   the same expressions; `\`, `%` and `_` are escaped (text-filter.ts).
//
// Both: every word must occur (AND), anywhere in the columns, ignoring case and accents; a word
// is a substring ("rami" finds "Tiramisu"), so prefixes work too ("bur"). A trigram index needs 3
// characters: a query whose words are all shorter (the combobox's first 2 keystrokes) matches
// names that begin with it instead, through the B-tree name indexes (`shortQuery: "prefix"`,
// /api/search), or anywhere in the text with LIKE, a scan (`"substring"`: the older lists, whose
// page of an owner's menu or of active restaurants bounds it, keep matching "%" or "_" as they
// did); a short word next to longer ones is checked with LIKE on the rows the longer words found.

export type Target = "restaurant" | "dish";

const TABLES = {
  restaurant: { alias: Prisma.raw("r"), fts: "RestaurantSearch", columns: ["name", "cuisineType", "description"] },
  // "translatedText": the owner's translations of the name and description (migration
  // 20261215020000_menu_languages: SQLite's generated column, PostgreSQL's "nosh_translated_text").
  dish: { alias: Prisma.raw("m"), fts: "MenuItemSearch", columns: ["name", "description", "translatedText"] },
} as const;

export const onPostgres = () => config().databaseProvider === "postgresql";

/** An FTS5 string: the text between double quotes, a quote doubled. Never syntax. */
export const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** `{a b} : (expr)`, or `expr` when the columns are all of the table's. */
function ftsColumns(target: Target, columns: readonly string[], expr: string): string {
  return columns.length === TABLES[target].columns.length ? expr : `{${columns.join(" ")}} : (${expr})`;
}

function column(target: Target, name: string): Prisma.Sql {
  // PostgreSQL has no column of it: its index is over the function of the JSON (the migration's expression).
  if (name === "translatedText" && onPostgres()) return Prisma.sql`"nosh_translated_text"(${TABLES[target].alias}."translations")`;
  return Prisma.sql`${TABLES[target].alias}.${Prisma.raw(`"${name}"`)}`;
}

/** PostgreSQL: the folded text of these columns, written exactly as the migration's indexes are. */
function foldedColumns(target: Target, columns: readonly string[]): Prisma.Sql {
  return Prisma.sql`"nosh_fold"(${Prisma.join(
    columns.map((name) => column(target, name)),
    ` || ' ' || `,
  )})`;
}

/** A word occurs in one of the columns (substring, literal): LIKE for short words and PostgreSQL. */
function likeWord(target: Target, columns: readonly string[], word: string): Prisma.Sql {
  const pattern = `%${escapeLike(word)}%`;
  if (onPostgres()) return Prisma.sql`${foldedColumns(target, columns)} LIKE "nosh_fold"(${pattern}) ESCAPE '\\'`;
  return Prisma.sql`(${Prisma.join(
    columns.map((name) => containsLiteral(column(target, name), word)),
    " OR ",
  )})`;
}

/**
 * The first string after every string that begins with `prefix` (for a B-tree range), or null
 * when there is none (a prefix of nothing but U+10FFFF, the last code point: no upper bound).
 */
export function prefixEnd(prefix: string): string | null {
  const chars = [...prefix];
  while (chars.length) {
    const last = chars.pop()!.codePointAt(0)!;
    // After U+D7FF comes U+E000: the surrogates are not characters.
    if (last < 0x10ffff) return chars.join("") + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
  }
  return null;
}

/** The name begins with `prefix` as typed, lower case or capitalized: two ranges of the name index. */
function namePrefix(target: Target, prefix: string): Prisma.Sql {
  const name = column(target, "name");
  const forms = [...new Set([prefix, prefix.charAt(0).toUpperCase() + prefix.slice(1)])];
  return Prisma.sql`(${Prisma.join(
    forms.map((form) => {
      const end = prefixEnd(form);
      return end === null ? Prisma.sql`(${name} >= ${form})` : Prisma.sql`(${name} >= ${form} AND ${name} < ${end})`;
    }),
    " OR ",
  )})`;
}

/**
 * The condition "every word occurs in these columns" on the target's alias (`r` or `m`), or
 * null when there are no words. `words` come from searchWords() (folded).
 */
export function textMatch(
  target: Target,
  words: string[],
  columns: readonly string[] = TABLES[target].columns,
  { shortQuery = "prefix" }: { shortQuery?: "prefix" | "substring" } = {},
): Prisma.Sql | null {
  if (!words.length) return null;
  const long = words.filter((word) => [...word].length >= 3);
  const short = words.filter((word) => [...word].length < 3);
  if (!long.length) {
    return shortQuery === "prefix"
      ? namePrefix(target, words.join(" "))
      : Prisma.join(
          short.map((word) => likeWord(target, columns, word)),
          " AND ",
        );
  }
  const { alias, fts } = TABLES[target];
  const indexed = onPostgres()
    ? Prisma.join(
        long.map((word) => likeWord(target, columns, word)),
        " AND ",
      )
    : Prisma.sql`${alias}."id" IN (SELECT "rowid" FROM ${Prisma.raw(`"${fts}"`)} WHERE ${Prisma.raw(`"${fts}"`)} MATCH ${ftsColumns(
        target,
        columns,
        long.map(ftsString).join(" "),
      )})`;
  return short.length
    ? Prisma.sql`(${indexed} AND ${Prisma.join(
        short.map((word) => likeWord(target, columns, word)),
        " AND ",
      )})`
    : Prisma.sql`(${indexed})`;
}

/**
 * How many rows match, read from the text index alone (no other filter): on SQLite a count of
 * the FTS5 table (0.4 ms for 7,500 matches at scale 10, where reaching every row by id takes
 * ten times that); null when a short word or a prefix needs the rows themselves.
 */
export function countMatches(target: Target, words: string[]): Prisma.Sql | null {
  if (!words.length || words.some((word) => [...word].length < 3)) return null;
  if (onPostgres())
    return Prisma.sql`SELECT COUNT(*) AS "total" FROM ${Prisma.raw(target === "restaurant" ? `"Restaurant"` : `"MenuItem"`)} AS ${TABLES[target].alias} WHERE ${textMatch(target, words)}`;
  const fts = Prisma.raw(`"${TABLES[target].fts}"`);
  return Prisma.sql`SELECT COUNT(*) AS "total" FROM ${fts} WHERE ${fts} MATCH ${words.map(ftsString).join(" ")}`;
}

/** An ORDER BY term, 0 when every word is in the name, 1 otherwise (names rank above descriptions), with its comma; empty without words. */
export function nameRank(target: Target, words: string[]): Prisma.Sql {
  const inName = textMatch(target, words, ["name"]);
  return inName ? Prisma.sql`CASE WHEN ${inName} THEN 0 ELSE 1 END,` : Prisma.empty;
}

/**
 * Names that share trigrams with `word` (3+ characters), the most similar first, found by the
 * trigram index: the candidates a typo's correction is chosen from (correct.ts). SQLite: any of
 * the word's trigrams in the name, ranked by FTS5's bm25 (more and rarer shared trigrams first);
 * PostgreSQL: pg_trgm's word similarity (the <% operator, threshold 0.4) on the name index.
 */
const nameRow = rowOf({ name: row.text });

export async function similarNames(target: Target, word: string, limit: number): Promise<string[]> {
  const statement = similarNamesSql(target, word, limit);
  if (!statement) return [];
  if (onPostgres()) {
    const [, rows] = await db.$transaction([db.$queryRaw`SELECT set_config('pg_trgm.word_similarity_threshold', '0.4', true)`, db.$queryRaw<unknown[]>(statement)]);
    return rows.map((found) => nameRow(found).name);
  }
  return (await db.$queryRaw<unknown[]>(statement)).map((found) => nameRow(found).name);
}

/** similarNames' statement (null for a word without a trigram), exported for the query-plan test. */
export function similarNamesSql(target: Target, word: string, limit: number): Prisma.Sql | null {
  if (onPostgres()) {
    const table = Prisma.raw(target === "restaurant" ? `"Restaurant"` : `"MenuItem"`);
    return Prisma.sql`SELECT "name" FROM ${table}
      WHERE ${word} <% "nosh_fold"("name")
      ORDER BY word_similarity(${word}, "nosh_fold"("name")) DESC, "id" ASC
      LIMIT ${limit}`;
  }
  const trigrams = innerTrigrams(word);
  if (!trigrams.length) return null;
  const fts = Prisma.raw(`"${TABLES[target].fts}"`);
  return Prisma.sql`SELECT "name" FROM ${fts} WHERE ${fts} MATCH ${`{name} : (${trigrams.map(ftsString).join(" OR ")})`}
    ORDER BY "rank" LIMIT ${limit}`;
}
