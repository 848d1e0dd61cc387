import { searchQuerySchema, type SearchQuery } from "@/lib/contract/search/rules";
import { SEARCH_PARAMS, type SearchParam, type SearchState } from "./search-href";

type RawParams = Record<string, string | string[] | undefined>;

/** Lists the API takes comma-separated; a plain GET form (no JavaScript) repeats them instead. */
const LISTS: readonly SearchParam[] = ["cuisine", "priceLevel", "diet", "allergenFree"];

/**
 * /search's URL read with the API's own rules (lib/contract/search/rules.ts). A page never answers
 * 400: a value the API would refuse is left out, and its message (a said message, lib/shared/words/said.ts) is returned for the page to write.
 */
export function readSearch(raw: RawParams): { query: SearchQuery; state: SearchState; problems: string[] } {
  const state: SearchState = {};
  for (const key of SEARCH_PARAMS) {
    const value = raw[key];
    const text = Array.isArray(value) ? (LISTS.includes(key) ? value.join(",") : value[0]) : value;
    if (text?.trim()) state[key] = text.trim();
  }
  const problems: string[] = [];
  for (;;) {
    const parsed = searchQuerySchema.safeParse(state);
    if (parsed.success) return { query: parsed.data, state, problems };
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    problems.push(...parsed.error.issues.map((issue) => issue.message));
    for (const key of bad) delete state[key as SearchParam];
    if (![...bad].some((key) => (SEARCH_PARAMS as readonly string[]).includes(key))) throw parsed.error;
  }
}
