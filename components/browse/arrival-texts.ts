import type { ArrivalQuoteJson } from "@/lib/contract/restaurants/schemas";

/**
 * The cards' quotes (GET /api/restaurants/arrivals) for `ids` to `place` (a query: `address=`), by
 * restaurant: the standard range's text. Loaded through import() by use-arrival-texts.ts, after the page
 * is up: /home's first-load JavaScript is at its limit.
 */
export async function fetchArrivalTexts(ids: string, place: string, signal: AbortSignal): Promise<ReadonlyMap<number, string>> {
  const response = await fetch(`/api/restaurants/arrivals?ids=${ids}&${place}`, { signal });
  const body: { quotes: ArrivalQuoteJson[] } = response.ok ? await response.json() : { quotes: [] };
  return new Map(body.quotes.filter((q) => q.addressKnown).map((q) => [q.restaurantId, q.standard.text]));
}
