"use client";
import type { RestaurantCardSource } from "./format";
import { RestaurantCard, type CardWords } from "./restaurant-card";

// A row card's rendered width (restaurant-row.module.css): most of a phone, a quarter of the page wider.
const ROW_CARD_SIZES = "(min-width: 1100px) 280px, (min-width: 768px) 260px, 75vw";

/**
 * A home row's cards (restaurant-row.tsx), rendered from each restaurant's card fields
 * (restaurantCardSource): a client component, like the grid's (restaurant-feed.tsx), so the page's
 * RSC payload carries about 1 KB of props a card rather than its 3 KB element tree; the HTML is
 * the same. RestaurantCard is already in /home's JavaScript (the grid's), so nothing is added to
 * it but these lines (docs/log/performance.md, "Phones again, second pass").
 */
export function RestaurantTrack({
  restaurants,
  priority,
  className,
  words,
}: {
  restaurants: RestaurantCardSource[];
  priority: boolean;
  className: string;
  words: CardWords;
}) {
  return (
    <ul className={className}>
      {restaurants.map((restaurant, index) => (
        <li key={restaurant.id}>
          <RestaurantCard restaurant={restaurant} sizes={ROW_CARD_SIZES} eager={priority && index < 2} preload={priority && index === 0} words={words} />
        </li>
      ))}
    </ul>
  );
}
