import { afterIdle } from "./after-idle";

// Registers the service worker (/sw.js, docs/architecture/offline-app.md) in production builds
// only (`npm run dev` would serve a worker over code that changes under it), once the page has
// loaded and the browser is idle (lib/client/after-idle.ts), so it never competes with the first
// paint or the hydration after it: a kept page's scripts run after its load event
// (server/paint-first.mjs), where registering at once put the worker's start in hydration's
// first seconds. `updateViaCache: "none"`: the browser asks the server for /sw.js and its
// imports at every update check, so a new build is seen at once.
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
  afterIdle(() => void navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" }).catch(() => undefined));
}
