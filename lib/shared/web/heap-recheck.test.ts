import { afterEach, describe, expect, it } from "vitest";
import { RECHECK_MS, recheckHeap } from "./heap-recheck.mjs";

// A refusal for the heap asks for a full collection, at most one every RECHECK_MS, and only
// where node exposes `gc` (npm start's --expose-gc).

const holder = globalThis as { gc?: () => void };
const before = holder.gc;
afterEach(() => {
  holder.gc = before;
});

describe("recheckHeap", () => {
  it("collects at most once every RECHECK_MS, and never without gc", () => {
    holder.gc = undefined;
    expect(recheckHeap(1_000_000)).toBe(false);
    let collections = 0;
    holder.gc = () => void collections++;
    expect(recheckHeap(1_000_000)).toBe(true);
    expect(recheckHeap(1_000_000 + RECHECK_MS - 1)).toBe(false);
    expect(recheckHeap(1_000_000 + RECHECK_MS)).toBe(true);
    expect(collections).toBe(2);
  });
});
