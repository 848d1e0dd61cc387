"use client";
import { lazy, Suspense, type ComponentProps } from "react";
import type { ProblemDecisions } from "./problem-decisions";

// The board's problem reports to decide load after the board's own code: the board route's
// first-load JavaScript stays within its limit (bench/first-load-js.mjs). The server still renders
// them into the page's HTML.
const Decisions = lazy(() => import("./problem-decisions").then((m) => ({ default: m.ProblemDecisions })));

export function LazyProblemDecisions(props: ComponentProps<typeof ProblemDecisions>) {
  return (
    <Suspense fallback={null}>
      <Decisions {...props} />
    </Suspense>
  );
}
