import type { RestaurantCardSource } from "./format";
import { RestaurantCard, type CardWords } from "./restaurant-card";

/** The favourites page's cards after its first page, loaded with the first "Show more". */
export function FavoriteRestaurantCards({ restaurants, words }: { restaurants: RestaurantCardSource[]; words: CardWords }) {
  return restaurants.map((restaurant) => (
    <li key={restaurant.id}>
      <RestaurantCard restaurant={restaurant} words={words} />
    </li>
  ));
}
