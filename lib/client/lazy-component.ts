"use client";
import { lazy } from "react";

// React.lazy keeps a failed import for good: a part of a page whose chunk was requested while the
// server was away (a restart, a deploy, a phone between networks) threw at its Suspense boundary,
// and with it the whole page turned into Next's "This page couldn't load" until a reload (an
// order's page whose next step arrived as its server stopped). `lazyComponent` is React.lazy
// whose import is tried again after a growing pause, and at once when the browser is back online:
// the boundary's fallback stands in until the chunk loads. The bundler requests a failed chunk
// afresh on the next import (lazy-module.ts relies on the same).

export const RETRY_PAUSES_MS = [1_000, 2_000, 4_000, 8_000, 15_000];

/** `load()` again until it succeeds. */
export function retried<T>(load: () => Promise<T>): Promise<T> {
  return new Promise((resolve) => {
    let failures = 0;
    const attempt = () => {
      load().then(resolve, () => {
        const again = () => {
          clearTimeout(timer);
          globalThis.removeEventListener?.("online", again);
          attempt();
        };
        const timer = setTimeout(again, RETRY_PAUSES_MS[Math.min(failures++, RETRY_PAUSES_MS.length - 1)]);
        globalThis.addEventListener?.("online", again);
      });
    };
    attempt();
  });
}

/** React.lazy, its import retried after a failure. */
export const lazyComponent: typeof lazy = (load) => lazy(() => retried(load));
