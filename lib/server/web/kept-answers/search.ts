import "server-only";
import { createHash } from "node:crypto";
import { SEARCH_RESULTS_PAGE } from "@/components/search/page-query";
import { readSearch } from "@/components/search/read-search";
import { searchUntil } from "@/lib/server/search";

// A kept /search page shows results from across the catalog, so any catalog write ("*") may change
// it; most do not (a dish renamed at a restaurant it does not list). Its mark carries a digest of
// the results it shows (`results=<digest>`): when "*" has moved, the search is run again (one
// query, shared by every check at that version through the catalog cache) and the page is still
// replayed if its results are the same. A page with no results also lists the popular cuisines
// (the whole catalog): it keeps "*" alone.

const digests = new WeakMap<object, string>();

/** The mark's name for the results' digest. */
export const RESULTS = "results";

/**
 * The digest of the results /search at `url` shows (its first page, as the page asks for it,
 * in English: the text matches every language alike) and the dishes among them (whose names
 * are translated: the mark keeps their scopes too); null when the page shows more than its
 * results (none found) or the URL is not one search.
 */
export async function searchResults(url: string): Promise<{ digest: string; dishIds: number[] } | null> {
  const params = new URL(url, "http://localhost").searchParams;
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    raw[key] = all.length > 1 ? all : all[0]!;
  }
  let query;
  try {
    query = readSearch(raw).query;
  } catch {
    return null;
  }
  const { result } = await searchUntil({ ...query, type: "all", limit: SEARCH_RESULTS_PAGE, offset: 0 });
  if (!result.restaurants.length && !result.dishes.length) return null;
  let digest = digests.get(result);
  // Values from the catalog cache are shared and never mutated: one digest per value.
  if (!digest) digests.set(result, (digest = createHash("sha256").update(JSON.stringify(result)).digest("base64url").slice(0, 22)));
  return { digest, dishIds: result.dishes.map((dish) => dish.id) };
}
