import "server-only";

// A lifecycle step's transaction in this process has written an OrderEvent row: this process's
// hub reads it as soon as the transaction ends instead of at its next poll (SQLite), so the
// streams held here hear of a step taken here without the poll interval's wait. Steps taken in
// another process still arrive by the poll. A global, not a module variable: Next.js may load
// this module once per route bundle, and the hub lives in one of them (lib/server/order-events/index.ts).

const holder = globalThis as { __noshLocalEventWakers?: Set<() => void> };
const wakers = () => (holder.__noshLocalEventWakers ??= new Set());

/** Calls `wake` after each local write; returns the unsubscribe. */
export function onLocalEvent(wake: () => void): () => void {
  wakers().add(wake);
  return () => void wakers().delete(wake);
}

export function localEventWritten(): void {
  for (const wake of wakers()) wake();
}
