// The browser's zod configuration. Zod 4 probes whether it may compile parsers with
// `new Function` when a schema is built; the Content-Security-Policy (proxy.ts) forbids eval,
// so the probe raised a violation report. jitless skips the probe and the compiled path (the
// interpreted parsers give the same results); the server keeps the default. Started by
// instrumentation-client.ts before the app hydrates; zod itself (5 KB gzip of core alone) loads
// through import() so it stays out of every route's first-load JavaScript, and the forms'
// schemas, loaded later (lazySchemas in lazy-module.ts), wait for it.
export const zodConfigured: Promise<void> = import("zod/v4/core").then(({ config }) => {
  config({ jitless: true });
});
