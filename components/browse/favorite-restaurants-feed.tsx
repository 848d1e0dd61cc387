"use client";
import { useRef, useState, type ComponentType, type ReactNode } from "react";
import { api } from "@/lib/client/api";
import type { RestaurantJson } from "@/lib/server/restaurants/restaurants";
import { useFocusNewItems } from "./focus-new";
import { FAVORITE_RESTAURANTS_PAGE_SIZE, restaurantCardSource, type RestaurantCardSource } from "./format";
import { ShowMore } from "./show-more";
import { usePagedList } from "./use-paged-list";
import grid from "./grid.module.css";

const FAILED = "Could not load your favorite restaurants. Please try again.";

type Cards = ComponentType<{ restaurants: RestaurantCardSource[] }>;

/**
 * The customer's favourite restaurants, newest first. The server renders the
 * first page's cards (`children`); the cards of later pages come with their code on the first
 * "Show more", so the page's first load carries no card code.
 */
export function FavoriteRestaurantsFeed({ children, firstIds, nextOffset }: { children: ReactNode; firstIds: number[]; nextOffset: number | null }) {
  const [LaterCards, setLaterCards] = useState<Cards | null>(null);
  const fetchPage = async (offset: number) => {
    const [rows, cards] = await Promise.all([
      api<RestaurantJson[]>(`/api/favorites/restaurants?limit=${FAVORITE_RESTAURANTS_PAGE_SIZE + 1}&offset=${offset}`),
      import("./favorite-restaurant-cards"),
    ]);
    setLaterCards(() => cards.FavoriteRestaurantCards);
    const more = rows.length > FAVORITE_RESTAURANTS_PAGE_SIZE;
    const items = rows
      .slice(0, FAVORITE_RESTAURANTS_PAGE_SIZE)
      .map(restaurantCardSource)
      .filter((item) => !firstIds.includes(item.id));
    return { items, nextOffset: more ? offset + FAVORITE_RESTAURANTS_PAGE_SIZE : null };
  };
  const { items, hasMore, loading, loadMore } = usePagedList<RestaurantCardSource>({ items: [], nextOffset }, fetchPage, FAILED);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = firstIds.length + items.length;
  const focusFrom = useFocusNewItems(listRef, LaterCards ? shown : firstIds.length);
  return (
    <>
      <ul ref={listRef} className={grid.grid}>
        {children}
        {LaterCards && <LaterCards restaurants={items} />}
      </ul>
      {hasMore && <ShowMore label="Show more restaurants" noun="restaurants" loading={loading} onLoad={loadMore} onClick={() => focusFrom(shown)} />}
    </>
  );
}
