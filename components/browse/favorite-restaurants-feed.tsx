"use client";
import { useRef, useState, type ComponentType, type ReactNode } from "react";
import { api } from "@/lib/client/api";
import type { RestaurantJson } from "@/lib/server/restaurants/restaurants";
import { useFocusNewItems } from "./focus-new";
import { FAVORITE_RESTAURANTS_PAGE_SIZE, restaurantCardSource, type RestaurantCardSource } from "./format";
import { ShowMore } from "./show-more";
import { usePagedList } from "./use-paged-list";
import grid from "./grid.module.css";
import type { Words } from "@/lib/i18n/words";
import type { CardWords } from "./restaurant-card";

type Cards = ComponentType<{ restaurants: RestaurantCardSource[]; words: CardWords }>;

/**
 * The customer's favourite restaurants, newest first. The server renders the
 * first page's cards (`children`); the cards of later pages come with their code on the first
 * "Show more", so the page's first load carries no card code. `words`: the cards' and the list's, from the server.
 */
export function FavoriteRestaurantsFeed({
  children,
  firstIds,
  nextOffset,
  words,
}: {
  children: ReactNode;
  firstIds: number[];
  nextOffset: number | null;
  words: { card: CardWords; lists: Words<"browse">["lists"]; more: string; noun: string };
}) {
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
  const { items, hasMore, loading, loadMore } = usePagedList<RestaurantCardSource>({ items: [], nextOffset }, fetchPage, words.lists.favoritesFailed);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = firstIds.length + items.length;
  const focusFrom = useFocusNewItems(listRef, LaterCards ? shown : firstIds.length);
  return (
    <>
      <ul ref={listRef} className={grid.grid}>
        {children}
        {LaterCards && <LaterCards restaurants={items} words={words.card} />}
      </ul>
      {hasMore && <ShowMore label={words.more} noun={words.noun} loading={loading} onLoad={loadMore} onClick={() => focusFrom(shown)} words={words.lists} />}
    </>
  );
}
