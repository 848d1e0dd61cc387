// @ts-check
// What the host (server/, around Next.js) and the app (inside it) share: the header names each
// writes and the other reads, the anti-forgery cookie's name, the process event that starts a
// shutdown, which pages are replayed to everyone, and the two registries the host puts on
// globalThis for the app to fill in or use (docs/architecture/host.md "The contract").
//
// Plain JavaScript with JSDoc types, because both sides import it at run time: node runs the
// host's .mjs files as they are (Node 20 strips no TypeScript types, and the host has no build
// step), and Next.js bundles this file into the app like any other. `npm run typecheck` checks
// it strictly from both sides (tsconfig.json and server/tsconfig.json). It imports nothing, so
// the host loads no module of the app's, and lib/shared's rule (imports only lib/shared) holds.

/**
 * Every request's socket address, written by the host over anything the client sent
 * (server/client-address.mjs); lib/server/web/http.ts clientAddress() reads it when TRUST_PROXY is off.
 */
export const CLIENT_ADDRESS_HEADER = "x-nosh-client-address";

/** The anti-forgery cookie's name (lib/shared/csrf.ts, the API contract's). */
export const XSRF_COOKIE = "XSRF-TOKEN";

/** The mark of a shared answer, set by its handler (lib/server/web/shared-responses.ts) and removed by the host before the answer goes out. */
export const SHARED_HEADER = "x-nosh-shared";

/** The ticket of a live order event stream's hand-off (lib/server/order-events/stream.ts), removed by the host. */
export const HANDOFF_HEADER = "x-nosh-stream-handoff";

/**
 * The process event the host emits when it starts stopping: open event streams end at once
 * (lib/server/order-events/index.ts) instead of holding the graceful shutdown open.
 */
export const SHUTDOWN_EVENT = "nosh:shutdown";

/**
 * Pages rendered the same for every visitor but for the session, replayed by the host: landing,
 * home, a restaurant, a dish; app/(shop)/(catalog)/ holds exactly these (catalog-pages.test.ts).
 */
export const CATALOG_PAGES = /^\/(?:home|restaurants\/\d+|menu-items\/\d+)?(?:\?|$)/;

// ---------------------------------------------------------------------------------------------
// Shared answers (docs/architecture/catalog-and-caching.md "Shared answers").

/**
 * Whether a kept answer may be replayed to a request. `stale`: never again (the entry is
 * dropped); `next`: not to this request (Next.js answers it); `fresh`: replay it, setting
 * `cookies`. `hole`: for a personal page's replay, what replaces the `>` of its `<body` tag given
 * the answer's nonce (lib/shared/session-hole.ts); `redirect`: answer with a redirect there
 * instead of the page.
 * @typedef {{ verdict: "stale" } | { verdict: "next" } | { verdict: "fresh", cookies: string[], hole?: (nonce: string) => string, redirect?: string }} ReplayCheck
 */

/**
 * A page request's place: its key, whether it carries a session cookie, and the cookie header its
 * anonymous render is asked with.
 * @typedef {{ key: string, personal: boolean, anonymousCookie: string }} PagePlace
 */

/**
 * The host's store of shared answers, as the app sees it: the host creates it with every field
 * null, the app fills them in when it loads (lib/server/web/shared-responses.ts). A mark is opaque to
 * the host: the app writes it and the app checks it.
 * @typedef {{
 *   check: ((mark: string, url: string, cookie: string | undefined, personal: boolean) => Promise<ReplayCheck>) | null,
 *   pageKey: ((url: string, cookie: string | undefined) => PagePlace | null) | null,
 *   pageMark: ((url: string) => Promise<string>) | null,
 * }} SharedResponsesRegistry
 */

// ---------------------------------------------------------------------------------------------
// The live order event streams' hand-off (docs/architecture/live-order-events.md).

/**
 * The part of Node's response a handed-off stream writes through (the host's own methods: the
 * wrappers Next.js installed consider the response finished). `writableNeedDrain`: a write
 * returned false and "drain" has not come yet.
 * @typedef {{
 *   write(chunk: Uint8Array): boolean,
 *   end(): void,
 *   once(event: "close" | "drain", listener: () => void): unknown,
 *   readonly writableLength: number,
 *   readonly writableNeedDrain: boolean,
 *   flushHeaders(): void,
 * }} HandedOffResponse
 */

/**
 * The hand-off the host offers: `offer` registers `start` under a new ticket (sent in
 * HANDOFF_HEADER) and returns it; `abandon` runs if the ticket is never taken.
 * @typedef {{ offer(start: (response: HandedOffResponse) => void, abandon: () => void): string }} StreamHandoff
 */

// ---------------------------------------------------------------------------------------------
// Routes the host serves itself (docs/architecture/host.md "Routes served by the host").

/**
 * The headers next.config.mjs gives every answer; a route the host serves without Next.js sets them itself.
 * @type {ReadonlyArray<{ key: string, value: string }>}
 */
export const EVERY_ANSWER_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  // Our own pages may ask for the position (never a frame of another site): the courier app
  // reports the courier's (docs/architecture/couriers.md), and the address form's "Use my
  // location", on every shop page's top bar and the landing page, reads the customer's once.
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(self)" },
];

/**
 * A route's answer written straight to Node's request and response, without Next.js's router: the
 * app's (lib/server/web/host-route.ts) applies route()'s checks and writes the whole answer.
 * @typedef {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => Promise<void>} HostRoute
 */

/**
 * The host's table of such routes, by "METHOD /path" (no query, no trailing slash), empty until
 * the app fills it at start-up (instrumentation.ts); a request it does not name goes to Next.js.
 * @typedef {Map<string, HostRoute>} HostRoutes
 */

// ---------------------------------------------------------------------------------------------
// The registries, on globalThis: the host and the app's bundle are different module graphs in one
// process, so a module-level variable would not be seen by both. Absent when there is no host
// (Vitest): then nothing is shared and a stream is a ReadableStream.

/** @typedef {{ __noshSharedResponses?: SharedResponsesRegistry, __noshStreamHandoff?: StreamHandoff, __noshHostRoutes?: HostRoutes }} Registries */
const registries = /** @type {Registries} */ (globalThis);

/** The host's: creates the store's registry for the app to fill in. */
export function installSharedResponses() {
  /** @type {SharedResponsesRegistry} */
  const registry = { check: null, pageKey: null, pageMark: null };
  registries.__noshSharedResponses = registry;
  return registry;
}

/** The store's registry, or undefined without the host. */
export const sharedResponsesRegistry = () => registries.__noshSharedResponses;

/** The host's: offers the hand-off. @param {StreamHandoff} handoff */
export function installStreamHandoff(handoff) {
  registries.__noshStreamHandoff = handoff;
}

/** The hand-off, or undefined without the host. */
export const streamHandoff = () => registries.__noshStreamHandoff;

/** The host's: creates the table of routes it serves itself, for the app to fill in. */
export function installHostRoutes() {
  /** @type {HostRoutes} */
  const routes = new Map();
  registries.__noshHostRoutes = routes;
  return routes;
}

/** The table of routes the host serves itself, or undefined without the host. */
export const hostRoutes = () => registries.__noshHostRoutes;

/** The key of a request in that table: "POST /api/x" for POST /api/x/?a=1. @param {string | undefined} method @param {string} url */
export function hostRouteKey(method, url) {
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  return `${method} ${path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path}`;
}
