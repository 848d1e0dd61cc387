"use client";
import { lazy, Suspense, type ComponentProps } from "react";
import type { PosPanel } from "./pos-panel";

// The point of sale's section loads after the settings page's own code: the update route's
// first-load JavaScript stays within its ceiling (bench/first-load-js.mjs).
const Panel = lazy(() => import("./pos-panel").then((m) => ({ default: m.PosPanel })));

export function LazyPosPanel(props: ComponentProps<typeof PosPanel>) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
