import { describe, expect, it } from "vitest";
import { boundedCache, roughBytes } from "./bounded-cache";

// The bound every store that visitors' input can multiply is kept under (docs/architecture/memory.md
// "Memory"): entries and bytes, the least recently used going first.

describe("boundedCache", () => {
  it("holds at most its entries, the least recently used going first", () => {
    const cache = boundedCache<{ n: number }>({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const key of ["a", "b", "c"]) cache.set(key, { n: 1 });
    expect(cache.get("a")).toEqual({ n: 1 }); // a used last: b is now the oldest
    cache.set("d", { n: 2 });
    expect([...cache.keys()].sort()).toEqual(["a", "c", "d"]);
    for (let i = 0; i < 1_000; i++) cache.set(`k${i}`, { n: i });
    expect(cache.size).toBe(3);
  });

  it("holds at most its bytes, and never an entry larger than all of them", () => {
    const cache = boundedCache<{ text: string }>({ maxEntries: 1_000, maxBytes: 10_000, sizeOf: (value) => value.text.length });
    cache.set("a", { text: "x".repeat(4_000) });
    cache.set("b", { text: "x".repeat(4_000) });
    cache.get("a"); // b is now the oldest
    cache.set("c", { text: "x".repeat(4_000) }); // 12,000 > 10,000: b goes
    expect([...cache.keys()].sort()).toEqual(["a", "c"]);
    expect(cache.calculatedSize).toBe(8_000);
    cache.set("huge", { text: "x".repeat(10_001) });
    expect(cache.has("huge")).toBe(false);
    for (let i = 0; i < 100; i++) cache.set(`k${i}`, { text: "y".repeat(1_000 + i) });
    expect(cache.calculatedSize).toBeLessThanOrEqual(10_000);
  });

  it("counts the key and the value's objects by default", () => {
    const cache = boundedCache<object>({ maxEntries: 1_000, maxBytes: 5_000 });
    const rows = Array.from({ length: 10 }, (_, id) => ({ id, name: `Restaurant ${id}`, createdAt: new Date(0) }));
    cache.set("rows", rows);
    expect(cache.calculatedSize).toBe(roughBytes(rows) + 16 + "rows".length);
    for (let i = 0; i < 50; i++) cache.set(`rows ${i}`, rows.slice());
    expect(cache.calculatedSize).toBeLessThanOrEqual(5_000);
    expect(cache.size).toBeLessThan(50);
  });
});

describe("roughBytes", () => {
  it("grows with strings, elements and fields, counts a shared object once and survives cycles", () => {
    expect(roughBytes("x".repeat(1_000))).toBeGreaterThan(1_000);
    expect(roughBytes(Array.from({ length: 100 }, () => 1))).toBeGreaterThan(roughBytes([1]) + 99 * 8);
    const row = { name: "x".repeat(500) };
    expect(roughBytes([row, row])).toBeLessThan(2 * roughBytes(row));
    const cyclic: { self?: unknown; text: string } = { text: "abc" };
    cyclic.self = cyclic;
    expect(roughBytes(cyclic)).toBeGreaterThan(0);
    expect(roughBytes(new Map([["k", "v".repeat(300)]]))).toBeGreaterThan(300);
  });
});
