// @ts-check
// The routes the host serves itself, without Next.js's router (docs/architecture/host.md "Routes
// served by the host"), one of the three registries the host puts on globalThis for the app
// (docs/architecture/host.md "The contract"): the host and the app's bundles are two module
// graphs in one process, so a module-level variable would not be seen by both. Absent without
// the host (Vitest).
//
// - Installed, empty, by the host: server/worker.mjs, before the app starts.
// - Filled by the app at start-up: lib/server/web/host-routes.ts offerHostRoutes(), called by
//   instrumentation.ts (each route is a lib/server/web/host-route.ts hostRoute(): route()'s checks).
// - Read by the host: server/pipeline.mjs answers a request the table names (hostRouteKey) and
//   hands every other one to Next.js.
//
// Plain JavaScript with JSDoc types, like lib/shared/web/host-contract.mjs; it imports nothing.

/**
 * A route's answer written straight to Node's request and response, without Next.js's router: the
 * app's (lib/server/web/host-route.ts) applies route()'s checks and writes the whole answer.
 * @typedef {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => Promise<void>} HostRoute
 */

/**
 * The host's table of such routes, by "METHOD /path" (no query, no trailing slash), empty until
 * the app fills it at start-up; a request it does not name goes to Next.js.
 * @typedef {Map<string, HostRoute>} HostRoutes
 */

const holder = /** @type {{ __noshHostRoutes?: HostRoutes }} */ (globalThis);

/** The host's (server/worker.mjs): creates the table for the app to fill in. */
export function installHostRoutes() {
  /** @type {HostRoutes} */
  const routes = new Map();
  holder.__noshHostRoutes = routes;
  return routes;
}

/** The app's (lib/server/web/host-routes.ts): the table to fill in, or undefined without the host. */
export const hostRoutes = () => holder.__noshHostRoutes;

/** The key of a request in that table: "POST /api/x" for POST /api/x/?a=1. @param {string | undefined} method @param {string} url */
export function hostRouteKey(method, url) {
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  return `${method} ${path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path}`;
}
