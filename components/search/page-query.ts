/** Results per page on /search, for restaurants and dishes alike (the server's first page and each "Show more"). */
export const SEARCH_RESULTS_PAGE = 12;

/** GET /api/search's query string for one kind's page of results from `offset`. */
export function searchPageQuery(search: string, type: "restaurants" | "dishes", offset: number): string {
  const query = new URLSearchParams(search);
  query.set("type", type);
  query.set("limit", String(SEARCH_RESULTS_PAGE));
  query.set("offset", String(offset));
  return query.toString();
}
