// /search's URL: every filter lives in the query string, so a result can be shared and the
// back button walks through the filters. The defaults (no filter, best match) stay out of it.

export const SEARCH_PARAMS = ["q", "open", "cuisine", "minRating", "priceLevel", "maxDeliveryMinutes", "maxDishPrice", "diet", "allergenFree", "sort"] as const;
export type SearchParam = (typeof SEARCH_PARAMS)[number];
export type SearchState = Partial<Record<SearchParam, string>>;

/** /search with these filters, in a fixed order; empty values and sort=best are left out. */
export function searchHref(state: SearchState): string {
  const query = new URLSearchParams();
  for (const key of SEARCH_PARAMS) {
    const value = state[key]?.trim();
    if (value && !(key === "sort" && value === "best")) query.set(key, value);
  }
  const text = query.toString();
  return text ? `/search?${text}` : "/search";
}
