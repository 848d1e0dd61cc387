"use client";
import { lazy, Suspense } from "react";
import type { PrinterStatusProps } from "./printer-status";

// The board's printers load after the board's own code: the board route's first-load JavaScript
// stays within its ceiling (bench/first-load-js.mjs).
const Status = lazy(() => import("./printer-status").then((m) => ({ default: m.PrinterStatus })));

export function LazyPrinterStatus(props: PrinterStatusProps) {
  return (
    <Suspense fallback={null}>
      <Status {...props} />
    </Suspense>
  );
}
