import { describe, expect, it } from "vitest";
import { failedForADay, nextAttemptAt, RETRY_BASE_MS, RETRY_CAP_MS, retryDelayMs } from "./backoff";

describe("webhook retries", () => {
  it("double from 5 s with half the delay random, capped at an hour", () => {
    expect(retryDelayMs(1, 0)).toBe(RETRY_BASE_MS / 2);
    expect(retryDelayMs(1, 0.999)).toBeLessThanOrEqual(RETRY_BASE_MS);
    expect(retryDelayMs(2, 0)).toBe(RETRY_BASE_MS);
    expect(retryDelayMs(3, 0)).toBe(2 * RETRY_BASE_MS);
    expect(retryDelayMs(40, 0)).toBe(RETRY_CAP_MS / 2);
    expect(retryDelayMs(40, 0.999)).toBeLessThanOrEqual(RETRY_CAP_MS);
    const spread = new Set(Array.from({ length: 20 }, (_, i) => retryDelayMs(4, i / 20)));
    expect(spread.size).toBe(20);
  });

  it("keep trying for a day, then give up; an endpoint failing a day is done", () => {
    const made = new Date("2026-12-01T00:00:00Z");
    expect(nextAttemptAt(made, 1, made, 0)?.getTime()).toBe(made.getTime() + RETRY_BASE_MS / 2);
    const late = new Date(made.getTime() + 23.9 * 3600_000);
    expect(nextAttemptAt(made, 30, late, 0.9)).toBeNull();
    expect(nextAttemptAt(made, 30, new Date(made.getTime() + 3600_000), 0.9)).not.toBeNull();
    expect(failedForADay(null, late)).toBe(false);
    expect(failedForADay(made, late)).toBe(false);
    expect(failedForADay(made, new Date(made.getTime() + 24 * 3600_000))).toBe(true);
  });
});
