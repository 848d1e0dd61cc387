import "server-only";
import v8 from "node:v8";
import { onFullCollection } from "@/lib/shared/web/heap-recheck.mjs";

// The worker's heap budget (docs/architecture/memory.md, "The heap budget"): what the heap holds
// after V8's last full collection, plus what the streams opened since then hold, against the
// heap's limit (`npm start`: --max-old-space-size=320 and the young generation, 344 MB). Past
// STREAM_SHARE of the limit a new live stream (the one kind of work a visitor keeps open, and
// what 1,600 of them at once filled) is refused with 503 and Retry-After
// (lib/server/live/index.ts); the clients' EventSource retries. What is already open keeps
// running, and the collector frees what finished requests held.

/** Above this share of the heap's limit, no new stream is opened (344 MB: 258 MB, 62 MB under V8's old-space cap). */
export const STREAM_SHARE = 0.75;
/** What one open stream holds on the heap, rounded up (measured: about 10 KB; docs/log/2026-11-27.md). */
export const STREAM_BYTES = 16 * 1024;

/** A reading: bytes held after the last full collection (0 before the first), streams opened since, the heap's limit. */
export type HeapReading = { liveBytes: number; streamsSince: number; limitBytes: number };

/** Whether one more stream fits the budget at `reading`. */
export const streamFits = (reading: HeapReading) => reading.liveBytes + (reading.streamsSince + 1) * STREAM_BYTES <= STREAM_SHARE * reading.limitBytes;

const reading: HeapReading = { liveBytes: 0, streamsSince: 0, limitBytes: v8.getHeapStatistics().heap_size_limit };
let watching = false;

/**
 * The latest reading. The first call starts watching V8's full collections (mark-compact: a
 * few a minute at rest, more near the limit), the heap read once as each ends: nothing is
 * measured per request.
 */
export function heapReading(): Readonly<HeapReading> {
  if (!watching) {
    watching = true;
    onFullCollection(fullCollection);
  }
  return reading;
}

/** A full collection has left `liveBytes` on the heap (the streams opened before it are in them). */
export function fullCollection(liveBytes: number): void {
  reading.liveBytes = liveBytes;
  reading.streamsSince = 0;
}

/** Counts a stream opened since the last reading (its bytes are not in it yet). */
export function streamOpened(): void {
  reading.streamsSince++;
}
