"use client";
import { lazy, Suspense } from "react";
import type { KitchenControlsWords, KitchenState } from "./kitchen-controls";

// The kitchen's controls (pause, busy, auto-accept) load after the board's own code: the board
// route's first-load JavaScript stays within its budget (bench/first-load-js.mjs). The server still
// renders them into the page's HTML.
const Controls = lazy(() => import("./kitchen-controls").then((m) => ({ default: m.KitchenControls })));

export function LazyKitchenControls({ initial, words, locale }: { initial: KitchenState } & KitchenControlsWords) {
  return (
    <Suspense fallback={null}>
      <Controls initial={initial} words={words} locale={locale} />
    </Suspense>
  );
}
