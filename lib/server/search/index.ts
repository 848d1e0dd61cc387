import "server-only";
import type { SearchResultJson } from "@/lib/contract/search/schemas";
import { searchWords } from "@/lib/shared/menu/search-text";
import type { SearchQuery } from "@/lib/contract/search/rules";
import { catalogCached } from "../platform/catalog-cache";
import { config } from "../platform/config";
import { Gate } from "../platform/gate";
import { openRestaurantIds } from "../restaurants/open-now";
import { correctWords } from "./correct";
import { run } from "./results";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale";

// GET /api/search (docs/architecture/search.md#search). Answers are kept in the catalog cache
// (../platform/catalog-cache.ts, space "search") under the catalog's version, which the database moves
// with every write to a restaurant, dish, option or like, whoever writes: a dish added or
// renamed by any process or instance is found on the next request, and a repeated search (the
// search box's popular prefixes) costs one primary-key read. A search the cache cannot answer
// takes a turn of `searches` (SEARCH_CONCURRENCY running, SEARCH_QUEUE waiting, then 503) and is
// at most five short queries: the cuisine facets (which also give the restaurants' total), a
// page of restaurant ids, a page of dish ids with their total, and the rows of both pages; a
// text that matches nothing adds the typo correction (correct.ts) and runs again with the
// corrected words.
//
// The parts: the text matched by match.ts (FTS5 / pg_trgm, and every list's `q`); in queries/
// the other filters (filters.ts) and the sorts (ranking.ts), put together by statements.ts and
// run by rows.ts, each row shape with its decoder; results.ts makes the pages' JSON;
// correct.ts finds "Did you mean".

/** The turns of searches the cache cannot answer (exported for the limit's test). */
export const searches = new Gate(() => ({ running: config().searchConcurrency, queued: config().searchQueue }));

/** GET /api/search: see lib/contract/search/rules.ts for the query and lib/contract/search/schemas.ts for the answer. */
export async function search(query: SearchQuery, locale: Locale = DEFAULT_LOCALE): Promise<SearchResultJson> {
  return (await searchUntil(query, locale)).result;
}

/**
 * search()'s answer, and the instant (ms) a restaurant in it opens or closes (null: none does).
 * Dishes are named in `locale` where their owner gave it (the text matches every language alike).
 */
export function searchUntil(query: SearchQuery, locale: Locale = DEFAULT_LOCALE): Promise<{ result: SearchResultJson; until: number | null }> {
  // The same words ("Chicken", " chicken ") are the same search; each language its own answer.
  const key = `search:${locale === DEFAULT_LOCALE ? "" : `${locale}:`}${JSON.stringify({ ...query, q: searchWords(query.q).join(" ") })}`;
  // Kept until the catalog changes or, since restaurants carry openNow, one of them opens or closes.
  return catalogCached(key, () => searches.run(() => searchNow(query, locale)), { space: "search", freshUntil: (value) => value.until });
}

/** The answer, and the instant (ms) it stops being true by the clock alone (null: never). */
async function searchNow(query: SearchQuery, locale: Locale): Promise<{ result: SearchResultJson; until: number | null }> {
  const open = query.open ? await openRestaurantIds() : null;
  const result = await searchWithCorrection(query, open?.ids ?? null, locale);
  const changes = [open?.until ?? null, ...result.restaurants.map((r) => (r.nextChange ? Date.parse(r.nextChange) : null))];
  const until = changes.reduce<number | null>((earliest, at) => (at !== null && (earliest === null || at < earliest) ? at : earliest), null);
  return { result, until };
}

async function searchWithCorrection(query: SearchQuery, openIds: number[] | null, locale: Locale): Promise<SearchResultJson> {
  const words = searchWords(query.q);
  const result = await run(query, words, openIds, locale);
  const found = result.total.restaurants + result.total.dishes + Object.keys(result.facets.cuisine).length;
  if (found || !words.length) return { ...result, suggestion: null };
  const corrected = await correctWords(words);
  if (!corrected) return { ...result, suggestion: null };
  return { ...(await run(query, corrected, openIds, locale)), suggestion: corrected.join(" ") };
}
