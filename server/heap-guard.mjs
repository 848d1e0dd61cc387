// @ts-check
// The host's last line of the worker's heap budget (docs/architecture/memory.md, "The heap
// budget"): past REQUEST_SHARE of the heap's limit, held after V8's last full collection, a new
// request for Next.js or the app's own routes is answered 503 with Retry-After before it is read
// (the contract's JSON error shape), so that a backlog of requests under way cannot take the heap
// to its cap. New streams are refused earlier, at the app's share (lib/server/platform/heap-budget.ts).
// Static files and kept answers are still served (they hold no request's state). Read once per
// full collection (a `gc` PerformanceObserver), never per request.
import v8 from "node:v8";
import { onFullCollection } from "../lib/shared/web/heap-recheck.mjs";

/** Above this share of the heap's limit held after a full collection (344 MB: 275 MB, 45 MB under V8's old-space cap), new requests are refused. */
export const REQUEST_SHARE = 0.8;

/** Whether a heap holding `liveBytes` after a full collection, of `limitBytes`, refuses new requests. @param {number} liveBytes @param {number} limitBytes */
export const heapFull = (liveBytes, limitBytes) => liveBytes > REQUEST_SHARE * limitBytes;

/** Starts watching full collections; returns whether the heap is full now. */
export function heapGuard() {
  const limitBytes = v8.getHeapStatistics().heap_size_limit;
  let full = false;
  onFullCollection((usedBytes) => (full = heapFull(usedBytes, limitBytes)));
  return () => full;
}
