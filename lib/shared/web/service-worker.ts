// What the service worker's scripts (public/offline-worker.js, public/sw-push.js;
// docs/architecture/offline-app.md) know of the app's paths, written here rather than copied into
// them. The scripts are classic worker scripts (importScripts), which import nothing: GET /sw.js
// (app/sw.js/route.ts) sets these as `self.NOSH_PATHS` before importing them, and their
// `// @ts-check` JSDoc reads the type below (tsconfig.worker.json).

export const SERVICE_WORKER_PATHS = {
  /** Signing out on this browser: GET /api/auth/logout, POST /api/auth/logout-everywhere, or deleting the account (POST /api/users/{id}/delete). */
  signOut: /^\/api\/(auth\/(logout|logout-everywhere)|users\/\d+\/delete)\/?$/,
  /** A restaurant's page, `/restaurants/{id}` (its id captured). */
  restaurantPage: /^\/restaurants\/(\d+)\/?$/,
  /** A restaurant's page is this and its id. */
  restaurants: "/restaurants/",
  /** The catalog's reads a saved menu is made from: GET /api/restaurants/{id} and GET /api/menu-items?restaurantId={id}. */
  restaurantApi: "/api/restaurants/",
  menuItemsApi: "/api/menu-items",
  /** The customer's orders, where a notification without a page of ours opens. */
  orders: "/orders",
  /** The installable app's icon (app/manifest.ts), a notification's icon too. */
  appIcon: "/icons/icon-192.png",
} as const;

/** What /sw.js sets on the worker's global scope before its scripts run. */
export type ServiceWorkerGlobals = { NOSH_VERSION: string; NOSH_PATHS: typeof SERVICE_WORKER_PATHS };

/** The statements that set them, for the top of /sw.js (and the worker's tests): a RegExp as its literal, the rest as JSON. */
export function serviceWorkerGlobals(version: string): string {
  const paths = Object.entries(SERVICE_WORKER_PATHS).map(
    ([name, value]) => `${JSON.stringify(name)}: ${value instanceof RegExp ? String(value) : JSON.stringify(value)}`,
  );
  return [`self.NOSH_VERSION = ${JSON.stringify(version)};`, `self.NOSH_PATHS = { ${paths.join(", ")} };`].join("\n");
}
