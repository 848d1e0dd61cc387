"use client";
import { useRef } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { api } from "@/lib/client/api";
import type { RestaurantJson } from "@/lib/server/restaurants/restaurants";
import { useFocusNewItems } from "./focus-new";
import { FAVORITE_RESTAURANTS_PAGE_SIZE, restaurantCardSource, type RestaurantCardSource } from "./format";
import { RestaurantCard } from "./restaurant-card";
import { ShowMore } from "./show-more";
import { usePagedList, type Page } from "./use-paged-list";
import grid from "./grid.module.css";

const FAILED = "Could not load your favorite restaurants. Please try again.";

async function fetchPage(offset: number): Promise<Page<RestaurantCardSource>> {
  const rows = await api<RestaurantJson[]>(`/api/favorites/restaurants?limit=${FAVORITE_RESTAURANTS_PAGE_SIZE + 1}&offset=${offset}`);
  const more = rows.length > FAVORITE_RESTAURANTS_PAGE_SIZE;
  return { items: rows.slice(0, FAVORITE_RESTAURANTS_PAGE_SIZE).map(restaurantCardSource), nextOffset: more ? offset + FAVORITE_RESTAURANTS_PAGE_SIZE : null };
}

/** The customer's favourite restaurants, newest first (issue 62 item 5). */
export function FavoriteRestaurantsFeed({ first }: { first: Page<RestaurantCardSource> }) {
  const { items, hasMore, loading, loadMore } = usePagedList(first, (offset) => fetchPage(offset), FAILED);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useFocusNewItems(listRef, items.length);
  return (
    <>
      {items.length ? (
        <ul ref={listRef} className={grid.grid}>
          {items.map((restaurant, index) => (
            <li key={restaurant.id}>
              <RestaurantCard restaurant={restaurant} eager={index < 3} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon="heart" title="No favorite restaurants yet!">
          Tap the heart on a restaurant to save it here.
        </EmptyState>
      )}
      {hasMore && items.length > 0 && (
        <ShowMore label="Show more restaurants" noun="restaurants" loading={loading} onLoad={loadMore} onClick={() => focusFrom(items.length)} />
      )}
    </>
  );
}
