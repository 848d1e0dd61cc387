"use client";
import { lazy, Suspense, type ComponentProps } from "react";
import type { SectionWindowGate } from "./section-window-gate";

// The window's gate loads after the restaurant page's own code (as the owner's kitchen controls):
// the page's first-load JavaScript stays within its ceiling (bench/first-load-js.mjs). The server
// still renders it into the page's HTML.
const Gate = lazy(() => import("./section-window-gate").then((m) => ({ default: m.SectionWindowGate })));

export function LazySectionWindowGate(props: ComponentProps<typeof SectionWindowGate>) {
  return (
    <Suspense fallback={props.children}>
      <Gate {...props} />
    </Suspense>
  );
}
