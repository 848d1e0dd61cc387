import { describe, expect, it } from "vitest";
import { nextExpiryStreak, offersPaused } from "./offer-streak.mjs";

describe("the expiry streak", () => {
  it("pauses a courier's offers after three let run out in a row, until they say they are here", () => {
    let streak = 0;
    for (const answer of ["expired", "expired", "accepted", "expired", "expired"] as const) streak = nextExpiryStreak(streak, answer);
    expect(streak).toBe(2);
    expect(offersPaused(streak)).toBe(false);
    streak = nextExpiryStreak(streak, "expired");
    expect(offersPaused(streak)).toBe(true);
    expect(offersPaused(nextExpiryStreak(streak, "here"))).toBe(false);
    expect(nextExpiryStreak(2, "declined")).toBe(0);
  });
});
