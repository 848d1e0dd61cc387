"use client";
import { lazy, Suspense, type ComponentProps } from "react";
import type { PromotionsManager } from "./promotions-manager";

// The promotions' form and list load after the page's own code (as the section window's gate): the
// owner's and the operator's pages stay within their first-load ceilings (bench/first-load-js.mjs).
// The server still renders them into the page's HTML.
const Manager = lazy(() => import("./promotions-manager").then((m) => ({ default: m.PromotionsManager })));

export function LazyPromotionsManager(props: ComponentProps<typeof PromotionsManager>) {
  return (
    <Suspense fallback={null}>
      <Manager {...props} />
    </Suspense>
  );
}
