"use client";
import { ADD_TO_CART_CONFIRM_MS } from "@/lib/shared/constants";
import type { SearchDishJson, SearchRestaurantJson } from "@/lib/contract/search/schemas";
import { MenuItemCard, type CardMoney } from "@/components/browse/menu-item-card";
import { RestaurantCard, type CardWords } from "@/components/browse/restaurant-card";

/**
 * The cards of the pages "Show more" adds on /search (more-results-feed.tsx). A module of its
 * own, loaded after the page: the first page's cards are rendered by the server, so the card
 * components stay out of /search's first-load JavaScript.
 */
export default function MoreResults({ items, words, money }: { items: (SearchRestaurantJson | SearchDishJson)[]; words: CardWords; money?: CardMoney }) {
  return items.map((item) => (
    <li key={item.id}>
      {"food_image" in item ? (
        money && <MenuItemCard item={item} confirmMs={ADD_TO_CART_CONFIRM_MS.item} money={money} />
      ) : (
        <RestaurantCard restaurant={item} words={words} />
      )}
    </li>
  ));
}
