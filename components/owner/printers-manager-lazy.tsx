"use client";
import { lazy, Suspense, type ComponentProps } from "react";
import type { PrintersManager } from "./printers-manager";

// The kitchen printers' section loads after the settings page's own code: the update route's
// first-load JavaScript stays within its ceiling (bench/first-load-js.mjs).
const Manager = lazy(() => import("./printers-manager").then((m) => ({ default: m.PrintersManager })));

export function LazyPrintersManager(props: ComponentProps<typeof PrintersManager>) {
  return (
    <Suspense fallback={null}>
      <Manager {...props} />
    </Suspense>
  );
}
