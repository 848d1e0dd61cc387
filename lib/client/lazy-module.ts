"use client";
import { useEffect, useSyncExternalStore } from "react";
import { configureZod } from "./zod-config";

// Code a page does not need to show itself (the zod schemas behind the forms' checks: about
// 35 KB gzip) loads after the page is up, through import(), so it stays out of the page's
// first-load JavaScript (budget: 150 KB per route, 132 KB of which is Next and React; docs/log/performance.md).
//
//   const rules = lazySchemas(() => import("@/lib/contract/restaurants/rules"));  // or lazyModule(...)
//   rules.load()            // a promise of the module, started once (again after a failure)
//   useLazyModule(rules)    // in a component: the module once loaded (loading starts after the
//                           // first render), else null; the component re-renders when it lands

export type LazyModule<T> = {
  load: () => Promise<T>;
  /** The module if it has loaded, else null. */
  current: () => T | null;
  subscribe: (listener: () => void) => () => void;
};

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  return {
    load: () =>
      (pending ??= importer().then(
        (module) => {
          loaded = module;
          listeners.forEach((listener) => listener());
          return module;
        },
        (error: unknown) => {
          pending = null; // a failed chunk request (offline) is retried on the next need
          throw error;
        },
      )),
    current: () => loaded,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The module once loaded, else null; starts loading it after the component's first render. */
export function useLazyModule<T>(module: LazyModule<T>): T | null {
  const value = useSyncExternalStore(module.subscribe, module.current, () => null);
  useEffect(() => {
    // A failure leaves the module null (the form keeps its submit disabled); it is retried
    // on the next mount or the next load().
    module.load().catch(() => undefined);
  }, [module]);
  return value;
}

/** A lazily loaded module that builds zod schemas: loaded once zod is loaded and configured (zod-config.ts). */
export function lazySchemas<T>(importer: () => Promise<T>): LazyModule<T> {
  return lazyModule(() => configureZod().then(importer));
}
