// Registers the service worker (/sw.js, docs/architecture/offline-app.md) in production builds
// only (`npm run dev` would serve a worker over code that changes under it), after the page has
// loaded, so it never competes with the first paint. `updateViaCache: "none"`: the browser asks
// the server for /sw.js and its imports at every update check, so a new build is seen at once.
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" }).catch(() => undefined);
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
