import { describe, expect, it } from "vitest";
import { aimedArrival, offerDue } from "./dispatch-timing.mjs";

// The rule that times an offer (lib/shared/delivery/dispatch-timing.mjs): the courier is sent to walk in
// with the food, at most DISPATCH_EARLY_MINUTES before it; the board counts from the same arrival.

const NOW = Date.UTC(2026, 11, 17, 20, 0);
const MIN = 60_000;

describe("offers aimed at the food", () => {
  it("waits while the soonest courier would stand at the counter more than the early minutes", () => {
    // Food in 20 minutes, a courier 4 minutes away: they would wait 16 minutes. Not yet.
    expect(offerDue(NOW + 20 * MIN, NOW + 4 * MIN, 2)).toBe(false);
    // Food in 6 minutes: they would wait 2. Now.
    expect(offerDue(NOW + 6 * MIN, NOW + 4 * MIN, 2)).toBe(true);
    // The food is ready (or late): at once, whoever is nearest.
    expect(offerDue(NOW, NOW + 1 * MIN, 2)).toBe(true);
    expect(offerDue(NOW - 5 * MIN, NOW, 0)).toBe(true);
    // Nobody may take it yet: nothing to hold (the matching finds nobody).
    expect(offerDue(NOW + 30 * MIN, Infinity, 2)).toBe(true);
    // 90 minutes early (the longest prep): every job at once.
    expect(offerDue(NOW + 90 * MIN, NOW, 90)).toBe(true);
  });

  it("aims the courier at the food's ready time, never in the past", () => {
    expect(aimedArrival(NOW + 12 * MIN, NOW)).toBe(NOW + 12 * MIN);
    expect(aimedArrival(NOW - 3 * MIN, NOW)).toBe(NOW);
  });
});
