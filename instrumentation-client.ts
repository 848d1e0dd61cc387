import { config } from "zod/v4/core";

// Runs in the browser before the app hydrates. Zod 4 probes whether it may compile parsers
// with `new Function`; the Content-Security-Policy (proxy.ts) forbids eval, so the probe only
// raised a violation report on every page. jitless skips the probe and the compiled path (the
// interpreted parsers give the same results). The server keeps the default.
config({ jitless: true });
