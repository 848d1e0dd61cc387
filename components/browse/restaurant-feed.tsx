"use client";
import { useCallback, useRef } from "react";
import { api } from "@/lib/client/api";
import { PAGE_SIZE, type RestaurantSort } from "@/lib/shared/constants";
import type { RestaurantJson } from "@/lib/server/restaurants/restaurants";
import { useFocusNewItems } from "./focus-new";
import { restaurantCardSource, type RestaurantCardSource } from "./format";
import { RestaurantCard, type CardWords } from "./restaurant-card";
import { ShowMore } from "./show-more";
import { usePagedList, type Page } from "./use-paged-list";
import grid from "./grid.module.css";

type RestaurantPage = { restaurants: RestaurantJson[]; hasMore: boolean; nextOffset: number | null };

type RestaurantFeedProps = {
  /** The server's first page, each restaurant trimmed to what its card shows (restaurantCardSource). */
  first: Page<RestaurantCardSource>;
  cuisine?: string;
  sort?: RestaurantSort;
  /** Only the restaurants open now (?open=true), page after page. */
  open?: boolean;
  /** The grid is the top of the page (no home rows above it): its first photos load first. */
  priority?: boolean;
  /** The market's fee line (cardFeeText, from the server): the later pages' cards print it (true of every restaurant: a free delivery is over an amount). */
  marketFee?: string;
  /** The cards' words and "Show more restaurants", from the server. */
  words: { card: CardWords; more: string; noun: string; failed: string; loaded: string; loading: string };
};

/**
 * The restaurant grid: the server's first screen of it, the rest of the first page as the
 * visitor scrolls near its end (ShowMore's fillOnView), then "Show more restaurants" with the
 * same filter and order. Pages stay PAGE_SIZE.default long from offset 0: the load after a first
 * screen of n asks for the page's remaining PAGE_SIZE.default - n.
 */
export function RestaurantFeed({ first, cuisine, sort, open = false, priority = true, marketFee, words }: RestaurantFeedProps) {
  const fetchPage = useCallback(
    async (offset: number) => {
      const limit = offset < PAGE_SIZE.default ? PAGE_SIZE.default - offset : PAGE_SIZE.default;
      const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
      if (cuisine) query.set("cuisine", cuisine);
      if (sort) query.set("sort", sort);
      if (open) query.set("open", "true");
      const page = await api<RestaurantPage>(`/api/restaurants/?${query}`);
      return { items: page.restaurants.map((r) => restaurantCardSource({ ...r, fee: marketFee })), nextOffset: page.hasMore ? page.nextOffset : null };
    },
    [cuisine, sort, open, marketFee],
  );
  const { items, hasMore, loading, loadMore } = usePagedList(first, fetchPage, words.failed);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useFocusNewItems(listRef, items.length);

  return (
    <>
      <ul ref={listRef} className={grid.grid}>
        {items.map((restaurant, index) => (
          <li key={restaurant.id}>
            {/* The first photo is the page's largest paint on a phone (Lighthouse mobile): preloaded at
                high priority; the rest of the first row (desktop) eager, the others lazy. */}
            <RestaurantCard restaurant={restaurant} eager={priority && index < 4} preload={priority && index === 0} words={words.card} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <ShowMore
          label={words.more}
          noun={words.noun}
          loading={loading}
          onLoad={loadMore}
          onClick={() => focusFrom(items.length)}
          fillOnView={first.items.length < PAGE_SIZE.default}
          words={words}
        />
      )}
    </>
  );
}
