// The browser's zod configuration. Zod 4 probes whether it may compile parsers with
// `new Function` when a schema is built; the Content-Security-Policy (proxy.ts) forbids eval,
// so the probe raised a violation report. jitless skips the probe and the compiled path (the
// interpreted parsers give the same results); the server keeps the default. Zod itself (26 KB
// gzip of core alone, 50-95 ms of evaluation on Lighthouse's phone) loads through import() the
// first time a form's schemas are needed (lazySchemas in lazy-module.ts), not on every page:
// started from instrumentation-client.ts on every page load, it ran in the scripts' first
// seconds whether or not the page had a form (docs/log/performance.md, "Phones again").
let configured: Promise<void> | null = null;

/** Loads zod's core and sets it jitless, once; the forms' schema modules load after it. */
export function configureZod(): Promise<void> {
  configured ??= import("zod/v4/core").then(({ config }) => {
    config({ jitless: true });
  });
  // A failed chunk request (offline) is tried again on the next need.
  configured.catch(() => (configured = null));
  return configured;
}
