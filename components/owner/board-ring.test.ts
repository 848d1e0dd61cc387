import { describe, expect, it } from "vitest";
import { RING_REPEAT_MS, ringsAgain, SHIFT_MUTE_MS } from "./board-types";

// The board's ring for an order not yet accepted (board-tools.tsx): it repeats every RING_REPEAT_MS
// while one waits, with the sound on, until the sound is muted for the shift.
describe("the board rings again while an order waits to be accepted", () => {
  const now = 1_000_000_000;
  const waiting = { soundOn: true, waiting: 1, mutedUntil: null, lastRingAt: now - RING_REPEAT_MS, now };
  it("rings again once the repeat has passed, not before", () => {
    expect(ringsAgain(waiting)).toBe(true);
    expect(ringsAgain({ ...waiting, lastRingAt: now - RING_REPEAT_MS + 1 })).toBe(false);
  });
  it("stops once no order waits, with the sound off, and while muted for the shift", () => {
    expect(ringsAgain({ ...waiting, waiting: 0 })).toBe(false);
    expect(ringsAgain({ ...waiting, soundOn: false })).toBe(false);
    expect(ringsAgain({ ...waiting, mutedUntil: now + SHIFT_MUTE_MS })).toBe(false);
    expect(ringsAgain({ ...waiting, mutedUntil: now - 1 })).toBe(true);
  });
});
