"use client";
import { lazy, Suspense, useCallback, useRef } from "react";
import { useFocusNewItems } from "@/components/browse/focus-new";
import { ShowMore } from "@/components/browse/show-more";
import { usePagedList, type Page } from "@/components/browse/use-paged-list";
import { api } from "@/lib/client/api";
import type { SearchDishJson, SearchRestaurantJson, SearchResultJson } from "@/lib/contract/search/schemas";
import { searchPageQuery } from "./page-query";
import type { CardWords } from "@/components/browse/restaurant-card";
import type { CardMoney } from "@/components/browse/menu-item-card";

// Loaded right after the page (not in its first load), so the cards are there when a page lands.
const MoreResults = lazy(() => import("./more-results"));

type Item = SearchRestaurantJson | SearchDishJson;

type MoreResultsFeedProps = {
  kind: "restaurants" | "dishes";
  /** GET /api/search's query string for this search, without type and paging. */
  search: string;
  /** Where the next page starts (the server rendered the first). */
  offset: number;
  /** The ids the server's page shows, never repeated. */
  shown: number[];
  /** The grid's class, so the added cards continue the server's grid. */
  gridClass: string;
  /** The cards' words and "Show more ...", from the server. */
  words: { card: CardWords; more: string; noun: string; failed: string; loaded: string; loading: string };
  /** The dishes' prices' language, currencies and cards' words (a feed of restaurants has none). */
  money?: CardMoney;
};

/** "Show more" under a kind of /search results: the browse lists' pattern (usePagedList, ShowMore), fed by /api/search. */
export function MoreResultsFeed({ kind, search, offset, shown, gridClass, words, money }: MoreResultsFeedProps) {
  const fetchPage = useCallback(
    async (from: number): Promise<Page<Item>> => {
      const page = await api<SearchResultJson>(`/api/search?${searchPageQuery(search, kind, from)}`);
      const items: Item[] = kind === "restaurants" ? page.restaurants : page.dishes;
      const next = from + items.length;
      return { items: items.filter((item) => !shown.includes(item.id)), nextOffset: items.length && next < page.total[kind] ? next : null };
    },
    [kind, search, shown],
  );
  const { items, hasMore, loading, loadMore } = usePagedList<Item>({ items: [], nextOffset: offset }, fetchPage, words.failed);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useFocusNewItems(listRef, items.length);

  return (
    <>
      <ul ref={listRef} className={gridClass} hidden={!items.length}>
        <Suspense fallback={null}>
          <MoreResults items={items} words={words.card} money={money} />
        </Suspense>
      </ul>
      {hasMore && <ShowMore label={words.more} noun={words.noun} loading={loading} onLoad={loadMore} onClick={() => focusFrom(items.length)} words={words} />}
    </>
  );
}
