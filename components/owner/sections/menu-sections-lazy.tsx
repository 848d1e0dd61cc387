"use client";
import { lazy, Suspense } from "react";
import type { Dish } from "./ordered-dishes";
import type { MenuArrangementJson } from "@/lib/contract/menu/section-schemas";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";

// The sections editor loads after the menu page's own code (as kitchen-controls-lazy.tsx): the
// route's first-load JavaScript stays within its ceiling (bench/first-load-js.mjs). The server
// still renders it into the page's HTML.
const Editor = lazy(() => import("./menu-sections").then((m) => ({ default: m.MenuSections })));

export function LazyMenuSections(props: { restaurantId: number; dishes: Dish[]; initial: MenuArrangementJson; words: Words<"menus">["sections"]; locale: Locale }) {
  return (
    <Suspense fallback={null}>
      <Editor {...props} />
    </Suspense>
  );
}
