"use client";
import { lazy, Suspense } from "react";
import { RestaurantHeartButton, type HeartProps } from "./restaurant-heart-button";

// The heart's code (the favourites list, the call through useApiAction) arrives after the page's
// (the server renders it): the pages with cards are at their first-load JavaScript ceiling. Its
// chunk is asked for as soon as this module runs in the browser, beside the page's hydration, so
// the server's heart is live by the time a visitor reaches for it.
const load = () => import("./restaurant-heart");
if (typeof window !== "undefined") void load();
const RestaurantHeart = lazy(() => load().then((m) => ({ default: m.RestaurantHeart })));

/** components/browse/restaurant-heart.tsx, loaded lazily; until then the heart unpressed, busy, and waiting for its code (disabled). */
export function LazyRestaurantHeart(props: HeartProps) {
  const { name, size, words } = props;
  return (
    <Suspense fallback={<RestaurantHeartButton name={name} size={size} words={words} liked={false} pending disabled onToggle={() => undefined} />}>
      <RestaurantHeart {...props} />
    </Suspense>
  );
}
