import { describe, expect, it } from "vitest";
import { COURIER_SPEED_KMH, MAX_COURIER_SPEED_KMH } from "../delivery/delivery";
import { demoPace } from "./demo-pace";

describe("demoPace", () => {
  it("at the default speed: a minute's wait, a step every 5 s at a bike's speed, two minutes at the pickup, the prep time as it is", () => {
    const pace = demoPace();
    expect(pace).toMatchObject({ idleMs: 60_000, kitchenEveryMs: 5_000, stepMs: 5_000, pickupWaitMs: 120_000 });
    expect((pace.stepKm / pace.stepMs) * 3_600_000).toBeCloseTo(COURIER_SPEED_KMH);
    const acceptedAt = new Date("2026-11-26T18:00:00Z");
    expect(pace.readyAt({ acceptedAt, estimatedReadyAt: new Date("2026-11-26T18:20:00Z") }).toISOString()).toBe("2026-11-26T18:20:00.000Z");
  });

  it("faster: the waits and the prep time shrink, but a courier reports at most once a second and never rides past the position check's plausible speed", () => {
    const pace = demoPace(300);
    expect(pace).toMatchObject({ idleMs: 200, kitchenEveryMs: 250, stepMs: 1_000, pickupWaitMs: 400 });
    const kmh = (pace.stepKm / pace.stepMs) * 3_600_000;
    expect(kmh).toBeLessThan(MAX_COURIER_SPEED_KMH);
    expect(kmh).toBeGreaterThan(COURIER_SPEED_KMH * 10);
    const acceptedAt = new Date("2026-11-26T18:00:00Z");
    expect(pace.readyAt({ acceptedAt, estimatedReadyAt: new Date("2026-11-26T18:20:00Z") }).toISOString()).toBe("2026-11-26T18:00:04.000Z");
    expect(() => demoPace(0)).toThrow(/at least 1/);
  });
});
