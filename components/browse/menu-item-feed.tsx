"use client";
import { useRef } from "react";
import { api } from "@/lib/client/api";
import { ADD_TO_CART_CONFIRM_MS } from "@/lib/shared/constants";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import { useFocusNewItems } from "./focus-new";
import { MENU_PAGE_SIZE } from "./format";
import { MenuItemCard, type CardMoney } from "./menu-item-card";
import { ShowMore } from "./show-more";
import { usePagedList, type Page } from "./use-paged-list";
import grid from "./grid.module.css";
import type { Words } from "@/lib/i18n/words";

/** One page of all dishes: asks for one extra to learn whether another page follows. */
async function fetchMenuPage(offset: number): Promise<Page<MenuItemJson>> {
  const items = await api<MenuItemJson[]>(`/api/menu-items?limit=${MENU_PAGE_SIZE + 1}&offset=${offset}`);
  return { items: items.slice(0, MENU_PAGE_SIZE), nextOffset: items.length > MENU_PAGE_SIZE ? offset + MENU_PAGE_SIZE : null };
}

/** All dishes: the server's first page, then "Show more dishes" (`words`: the catalogue's browse.lists). */
export function MenuItemFeed({ first, words, money }: { first: Page<MenuItemJson>; words: Words<"browse">["lists"]; money: CardMoney }) {
  const { items, hasMore, loading, loadMore } = usePagedList(first, fetchMenuPage, words.dishesFailed);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useFocusNewItems(listRef, items.length);

  return (
    <>
      <ul ref={listRef} className={`${grid.grid} ${grid.items}`}>
        {items.map((item, index) => (
          <li key={item.id}>
            <MenuItemCard item={item} confirmMs={ADD_TO_CART_CONFIRM_MS.item} eager={index < 5} money={money} />
          </li>
        ))}
      </ul>
      {hasMore && <ShowMore label={words.moreDishes} noun={words.dishes} loading={loading} onLoad={loadMore} onClick={() => focusFrom(items.length)} words={words} />}
    </>
  );
}
