// Work a page does not need for its first screen (the service worker's registration, the bell's
// event stream, the live orders banner) waits until the browser is idle after the load event,
// or `timeoutMs` at the latest: on a kept page the scripts run after the first paint
// (server/paint-first.mjs) and hydrate in slices; anything started with them lands in the same
// seconds, where Lighthouse's total blocking time counts it on a phone (docs/log/performance.md,
// "Phones again"). Returns a cancel function.
export function afterIdle(run: () => void, timeoutMs = 3000): () => void {
  let live = true;
  const go = () => live && run();
  const start = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(go, { timeout: timeoutMs }) : setTimeout(go));
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
  return () => {
    live = false;
    removeEventListener("load", start);
  };
}
