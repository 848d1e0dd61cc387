// Runs in the browser before the app hydrates. Zod 4 probes whether it may compile parsers
// with `new Function`; the Content-Security-Policy (proxy.ts) forbids eval, so the probe only
// raised a violation report on every page. jitless skips the probe and the compiled path (the
// interpreted parsers give the same results). The server keeps the default.
// Imported dynamically so zod (5 KB gzip of core alone) stays out of every route's first-load
// JavaScript (`npm run test:size`): it resolves right after hydration, and the browser only
// parses with zod when a form is submitted or edited, well after that.
void import("zod/v4/core").then(({ config }) => config({ jitless: true }));
