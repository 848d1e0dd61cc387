"use client";
import { lazy, Suspense } from "react";
import type { RestaurantSettings } from "./restaurant-settings";

// The settings forms under the restaurant's details load after the page's own code: the update
// route's first-load JavaScript stays within its limit (bench/first-load-js.mjs). The server still
// renders them into the page's HTML.
const Forms = lazy(() => import("./restaurant-settings").then((m) => ({ default: m.RestaurantSettingsForms })));

export function LazyRestaurantSettings(settings: RestaurantSettings) {
  return (
    <Suspense fallback={null}>
      <Forms {...settings} />
    </Suspense>
  );
}
