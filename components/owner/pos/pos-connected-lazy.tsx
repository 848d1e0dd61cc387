"use client";
import { lazy, Suspense, type ComponentProps } from "react";
import type { PosConnected } from "./pos-connected";

// The connection's last step loads after the page's own code: the page's first-load JavaScript
// stays within the budget (bench/first-load-js.mjs).
const Connected = lazy(() => import("./pos-connected").then((m) => ({ default: m.PosConnected })));

export function LazyPosConnected(props: ComponentProps<typeof PosConnected>) {
  return (
    <Suspense fallback={null}>
      <Connected {...props} />
    </Suspense>
  );
}
