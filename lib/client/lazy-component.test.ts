import { afterEach, describe, expect, it, vi } from "vitest";
import { RETRY_PAUSES_MS, retried } from "./lazy-component";

// The page's lazily loaded parts load once the server is back (e2e/reliability/order-events.spec.ts
// proves it in the browser, across a real restart).

afterEach(() => {
  vi.useRealTimers();
});

/** A chunk that fails `failures` times, then loads; `calls` counts the requests. */
function flakyChunk(failures: number) {
  const chunk = { calls: 0, load: () => (++chunk.calls > failures ? Promise.resolve("module") : Promise.reject(new Error("ChunkLoadError"))) };
  return chunk;
}

describe("retried", () => {
  it("asks again after each failure, each pause longer, until the chunk loads", async () => {
    vi.useFakeTimers();
    const chunk = flakyChunk(3);
    let loaded: string | undefined;
    void retried(chunk.load).then((module) => (loaded = module));
    await vi.advanceTimersByTimeAsync(0);
    expect(chunk.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(RETRY_PAUSES_MS[0]! - 1);
    expect(chunk.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(chunk.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(RETRY_PAUSES_MS[1]!);
    expect(chunk.calls).toBe(3);
    expect(loaded).toBeUndefined();
    await vi.advanceTimersByTimeAsync(RETRY_PAUSES_MS[2]!);
    expect(chunk.calls).toBe(4);
    expect(loaded).toBe("module");
  });

  it("keeps asking at the longest pause while the server stays away", async () => {
    vi.useFakeTimers();
    const chunk = flakyChunk(Infinity);
    void retried(chunk.load);
    await vi.advanceTimersByTimeAsync(RETRY_PAUSES_MS.reduce((sum, pause) => sum + pause, 0));
    expect(chunk.calls).toBe(RETRY_PAUSES_MS.length + 1);
    await vi.advanceTimersByTimeAsync(RETRY_PAUSES_MS.at(-1)! * 2);
    expect(chunk.calls).toBe(RETRY_PAUSES_MS.length + 3);
  });

  it("asks at once when the browser is back online, without waiting out the pause", async () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    vi.stubGlobal("addEventListener", target.addEventListener.bind(target));
    vi.stubGlobal("removeEventListener", target.removeEventListener.bind(target));
    try {
      const chunk = flakyChunk(1);
      let loaded: string | undefined;
      void retried(chunk.load).then((module) => (loaded = module));
      await vi.advanceTimersByTimeAsync(0);
      expect(chunk.calls).toBe(1);
      target.dispatchEvent(new Event("online"));
      await vi.advanceTimersByTimeAsync(0);
      expect(chunk.calls).toBe(2);
      expect(loaded).toBe("module");
      // The pause's timer was cleared: no third request.
      await vi.advanceTimersByTimeAsync(RETRY_PAUSES_MS.at(-1)!);
      expect(chunk.calls).toBe(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
