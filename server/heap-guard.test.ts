import { describe, expect, it } from "vitest";
import { heapFull, REQUEST_SHARE } from "./heap-guard.mjs";
import { STREAM_SHARE } from "../lib/server/platform/heap-budget";

// The host's heap budget (server/heap-guard.mjs): past its share of the heap's limit, held after
// a full collection, new requests are refused; streams are refused first, at a lower share.

const MB = 1024 * 1024;
const limit = 344 * MB; // `npm start`'s heap: 320 MB of old space and the young generation

describe("the host's heap budget", () => {
  it("lets requests in below its share and refuses them above", () => {
    expect(heapFull(150 * MB, limit)).toBe(false);
    expect(heapFull(REQUEST_SHARE * limit, limit)).toBe(false);
    expect(heapFull(REQUEST_SHARE * limit + 1, limit)).toBe(true);
    expect(heapFull(300 * MB, limit)).toBe(true);
  });
  it("refuses new streams first, and everything before V8's old-space cap", () => {
    expect(STREAM_SHARE).toBeLessThan(REQUEST_SHARE);
    expect(REQUEST_SHARE * limit).toBeLessThan(320 * MB - 16 * MB);
  });
});
