"use client";
import { lazy, Suspense } from "react";
import { RestaurantHeartButton, type HeartProps } from "./restaurant-heart-button";

// The heart's code (the favourites list, the call through useApiAction) arrives after the page's
// (the server renders it): the pages with cards are at their first-load JavaScript ceiling.
const RestaurantHeart = lazy(() => import("./restaurant-heart").then((m) => ({ default: m.RestaurantHeart })));

/** components/browse/restaurant-heart.tsx, loaded lazily; until then the heart unpressed and busy. */
export function LazyRestaurantHeart(props: HeartProps) {
  const { name, size, words } = props;
  return (
    <Suspense fallback={<RestaurantHeartButton name={name} size={size} words={words} liked={false} pending onToggle={() => undefined} />}>
      <RestaurantHeart {...props} />
    </Suspense>
  );
}
