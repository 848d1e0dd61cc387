"use client";
import { lazy, Suspense } from "react";
import type { Words } from "@/lib/i18n/words";

// The import and export panel loads after the menu page's own code (as the sections editor,
// sections/menu-sections-lazy.tsx): the route's first-load JavaScript stays within its ceiling
// (bench/first-load-js.mjs). The server still renders it into the page's HTML.
const Panel = lazy(() => import("./menu-file-panel").then((m) => ({ default: m.MenuFilePanel })));

export function LazyMenuFilePanel(props: { restaurantId: number; words: Words<"menus">["file"] }) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
