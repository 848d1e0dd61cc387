import "server-only";
import { EVENTS_ELSEWHERE } from "@/lib/shared/web/host-contract.mjs";

// A lifecycle step's transaction in this process has written an OrderEvent row: this process's
// hub reads it as soon as the transaction ends instead of at its next poll (SQLite), so the
// streams held here hear of a step taken here without the poll interval's wait. So do they of a
// step the job process took (its commit relayed by the host as EVENTS_ELSEWHERE,
// lib/shared/web/host-contract.mjs); steps taken by another instance still arrive by the poll. A
// global, not a module variable: Next.js may load this module once per route bundle, and the hub
// lives in one of them (lib/server/live/index.ts).

const holder = globalThis as { __noshLocalEventWakers?: Set<() => void> };
const wakers = () => (holder.__noshLocalEventWakers ??= new Set());

/** Calls `wake` after each local write and each one the job process relays; returns the unsubscribe. */
export function onLocalEvent(wake: () => void): () => void {
  wakers().add(wake);
  process.on(EVENTS_ELSEWHERE, wake);
  return () => {
    wakers().delete(wake);
    process.off(EVENTS_ELSEWHERE, wake);
  };
}

export function localEventWritten(): void {
  for (const wake of wakers()) wake();
}
