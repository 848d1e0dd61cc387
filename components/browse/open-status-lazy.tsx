"use client";
import { lazy, Suspense } from "react";
import type { OpenStatusSource } from "./open-status";

// The status line's code arrives after the page's (the server renders it): the pages with cards
// are at their first-load JavaScript budget (bench/first-load-js.mjs).
const OpenStatus = lazy(() => import("./open-status").then((m) => ({ default: m.OpenStatus })));

/** components/browse/open-status.tsx, loaded lazily; until then the JSON's "Open now" or "Closed" (its openWords). */
export function LazyOpenStatus({ restaurant }: { restaurant: OpenStatusSource }) {
  return (
    <Suspense
      fallback={
        <span>
          {restaurant.pausedUntil
            ? (restaurant.pausedText ?? restaurant.openWords.closed)
            : restaurant.openNow
              ? restaurant.openWords.openNow
              : restaurant.openWords.closed}
        </span>
      }
    >
      <OpenStatus restaurant={restaurant} />
    </Suspense>
  );
}
