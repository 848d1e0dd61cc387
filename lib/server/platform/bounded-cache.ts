import { LRUCache } from "lru-cache";

// What the server keeps in memory between requests, whatever visitors ask for, is bounded in
// entries and in bytes, the least recently used going first (lru-cache: `max`, `maxSize` with a
// size per entry). The stores, their caps and the total are in docs/deploying.md ("Memory").
//
// A kept value must be the settled value, never the promise a request created: a promise made
// inside a request carries that request's async context (Node's AsyncLocalStorage stores ride on
// every promise created under them), and through it Next.js's whole request (the response, its
// gzip stream, the render's state): 300 kept searches held some 120 MB of a 160 MB heap
// (docs/log/performance.md "Memory a visitor can multiply").

/** The bytes a value holds on V8's heap, roughly: objects and arrays by their slots, strings by their length. */
export function roughBytes(value: unknown): number {
  let bytes = 0;
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    switch (typeof item) {
      case "string":
        bytes += 16 + item.length;
        break;
      case "number":
      case "bigint":
        bytes += 16;
        break;
      case "object": {
        if (item === null || seen.has(item)) break;
        seen.add(item);
        if (item instanceof Date) bytes += 32;
        else if (ArrayBuffer.isView(item)) bytes += 64 + item.byteLength;
        else if (item instanceof Map || item instanceof Set) {
          bytes += 64;
          for (const entry of item as Iterable<unknown>) stack.push(entry);
        } else if (Array.isArray(item)) {
          bytes += 16 + 8 * item.length;
          for (const element of item) stack.push(element);
        } else {
          const values = Object.values(item);
          bytes += 24 + 8 * values.length;
          for (const field of values) stack.push(field);
        }
        break;
      }
      default:
        bytes += 8;
    }
  }
  return bytes;
}

export type BoundedCacheOptions<V> = {
  /** At most this many entries. */
  maxEntries: number;
  /** At most this many bytes in all (`sizeOf` each); an entry larger than this is not kept. */
  maxBytes: number;
  /** An entry's bytes (default roughBytes of the key and the value). */
  sizeOf?: (value: V, key: string) => number;
};

/** A map of at most `maxEntries` entries and `maxBytes` bytes, the least recently used evicted first. */
export function boundedCache<V extends object>({ maxEntries, maxBytes, sizeOf = (value, key) => roughBytes(value) + 16 + key.length }: BoundedCacheOptions<V>) {
  return new LRUCache<string, V>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key))) });
}
