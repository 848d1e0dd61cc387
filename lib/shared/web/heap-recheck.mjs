// @ts-check
// While the worker refuses work for its heap (server/heap-guard.mjs for every request,
// lib/server/platform/heap-budget.ts for new streams; docs/architecture/memory.md, "The heap
// budget"), both read the heap at V8's full collections. But V8 starts none on a heap that has
// stopped growing, and refusing work stops it growing: after a burst, the garbage it left could
// keep the server refusing for minutes (measured: 75 MB of released garbage stayed on an idle
// heap for over 55 s). So a refusal asks for a full collection, at most one every RECHECK_MS,
// when the process has one to give (`npm start` runs node with --expose-gc); its result reaches
// both readers through their `gc` observers, and the client's retry finds the answer.

import { PerformanceObserver, constants } from "node:perf_hooks";
import v8 from "node:v8";

/**
 * Calls `listener` with the heap's used bytes as each of V8's full collections ends (a `gc`
 * PerformanceObserver: nothing is measured per request). Both readers of the budget watch with it.
 * @param {(usedBytes: number) => void} listener
 */
export function onFullCollection(listener) {
  const observer = new PerformanceObserver((list) => {
    const major = list.getEntries().some((entry) => /** @type {{ detail?: { kind?: number } }} */ (entry).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (major) listener(v8.getHeapStatistics().used_heap_size);
  });
  observer.observe({ entryTypes: ["gc"] });
}

/** At most one collection this often, only while work is being refused. */
export const RECHECK_MS = 2000;

let lastAt = -Infinity;

/** Runs a full collection unless one ran in the last RECHECK_MS or there is no `gc`; whether it ran. @param {number} [now] */
export function recheckHeap(now = Date.now()) {
  const gc = /** @type {{ gc?: () => void }} */ (/** @type {unknown} */ (globalThis)).gc;
  if (typeof gc !== "function" || now - lastAt < RECHECK_MS) return false;
  lastAt = now;
  gc();
  return true;
}
