"use client";
import { useRef, useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { api } from "@/lib/client/api";
import { ADD_TO_CART_CONFIRM_MS } from "@/lib/shared/constants";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import { useFocusNewItems } from "./focus-new";
import { FAVORITES_PAGE_SIZE } from "./format";
import { HeartButton } from "./heart-button";
import { MenuItemCard, type CardMoney } from "./menu-item-card";
import { ShowMore } from "./show-more";
import { useLikes } from "./use-likes";
import { usePagedList, type Page } from "./use-paged-list";
import grid from "./grid.module.css";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";

// Unliked cards leave the list, so the next page starts at the number of cards still shown.
async function fetchFavorites(_offset: number, loaded: MenuItemJson[]): Promise<Page<MenuItemJson>> {
  const items = await api<MenuItemJson[]>(`/api/favorites?limit=${FAVORITES_PAGE_SIZE + 1}&offset=${loaded.length}`);
  const more = items.length > FAVORITES_PAGE_SIZE;
  return { items: items.slice(0, FAVORITES_PAGE_SIZE), nextOffset: more ? loaded.length + FAVORITES_PAGE_SIZE : null };
}

/** The user's favourite dishes; un-hearting one removes its card (`words`: the catalogue's browse.lists). */
export function FavoritesFeed({ first, words, money }: { first: Page<MenuItemJson>; words: Words<"browse">["lists"]; money: CardMoney }) {
  const { items, setItems, hasMore, loading, loadMore } = usePagedList(first, fetchFavorites, words.dishesFailed);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useFocusNewItems(listRef, items.length);
  const [removed, setRemoved] = useState("");

  const remove = (item: MenuItemJson, index: number) => {
    setItems((list) => list.filter((other) => other.id !== item.id));
    setRemoved(fill(words.removed, { name: item.name }));
    // Focus would otherwise fall to the page: keep it on the neighbouring card.
    requestAnimationFrame(() => {
      const hearts = listRef.current?.querySelectorAll<HTMLElement>("button[aria-pressed]");
      (hearts?.[Math.min(index, hearts.length - 1)] ?? document.getElementById("main"))?.focus();
    });
  };

  return (
    <>
      <p role="status" className="sr-only">
        {removed}
      </p>
      {items.length ? (
        <ul ref={listRef} className={`${grid.grid} ${grid.items}`}>
          {items.map((item, index) => (
            <li key={item.id}>
              <MenuItemCard
                item={item}
                confirmMs={ADD_TO_CART_CONFIRM_MS.item}
                eager={index < 5}
                money={money}
                corner={<CardHeart item={item} onUnliked={() => remove(item, index)} labels={{ add: words.heartAdd, remove: words.heartRemove }} />}
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon="heart" title={words.noFavorites}>
          {words.noFavoritesText}
        </EmptyState>
      )}
      {hasMore && items.length > 0 && (
        <ShowMore label={words.moreFavorites} noun={words.favorites} loading={loading} onLoad={loadMore} onClick={() => focusFrom(items.length)} words={words} />
      )}
    </>
  );
}

function CardHeart({ item, onUnliked, labels }: { item: MenuItemJson; onUnliked: () => void; labels: { add: string; remove: string } }) {
  const { liked, pending, toggle } = useLikes(item);
  return (
    <HeartButton
      size="small"
      liked={liked}
      pending={pending}
      describedBy={`dish-${item.id}-name`}
      labels={labels}
      onToggle={async () => {
        if ((await toggle()) === false) onUnliked();
      }}
    />
  );
}
