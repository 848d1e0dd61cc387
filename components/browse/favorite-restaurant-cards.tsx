import type { RestaurantCardSource } from "./format";
import { RestaurantCard } from "./restaurant-card";

/** The favourites page's cards after its first page, loaded with the first "Show more". */
export function FavoriteRestaurantCards({ restaurants }: { restaurants: RestaurantCardSource[] }) {
  return restaurants.map((restaurant) => (
    <li key={restaurant.id}>
      <RestaurantCard restaurant={restaurant} />
    </li>
  ));
}
