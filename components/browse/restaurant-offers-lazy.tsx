"use client";
import { lazy, Suspense, type ComponentProps } from "react";
import type { RestaurantOffers } from "./restaurant-offers";

// A dish's offers load after the dish page's own code: the page stays within its first-load
// ceiling (bench/first-load-js.mjs). They are read in the browser anyway (restaurant-offers.tsx).
const Offers = lazy(() => import("./restaurant-offers").then((m) => ({ default: m.RestaurantOffers })));

export function LazyRestaurantOffers(props: ComponentProps<typeof RestaurantOffers>) {
  return (
    <Suspense fallback={null}>
      <Offers {...props} />
    </Suspense>
  );
}
