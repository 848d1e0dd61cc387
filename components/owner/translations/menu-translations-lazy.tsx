"use client";
import { lazy, Suspense, type ComponentProps } from "react";
import type { MenuTranslationsForm } from "./menu-translations-form";

// The translations form loads after the page's own code (as menu-sections-lazy.tsx): the route's
// first-load JavaScript stays within its ceiling (bench/first-load-js.mjs). The server still
// renders it into the page's HTML.
const Form = lazy(() => import("./menu-translations-form").then((m) => ({ default: m.MenuTranslationsForm })));

export function LazyMenuTranslationsForm(props: ComponentProps<typeof MenuTranslationsForm>) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}
