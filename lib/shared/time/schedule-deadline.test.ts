import { describe, expect, it } from "vitest";
import { nextInstantAt, wallTime } from "./schedule";

// A group order's deadline: a time of day in the restaurant's zone, the next one to come.
const TZ = "America/Los_Angeles";
const at = (iso: string) => new Date(iso);

describe("nextInstantAt", () => {
  it("is today's time when it is still ahead, tomorrow's once it has passed", () => {
    const now = at("2026-11-22T20:00:00Z"); // 12:00 PM in Los Angeles
    expect(nextInstantAt("18:30", now, TZ)?.toISOString()).toBe("2026-11-23T02:30:00.000Z");
    expect(nextInstantAt("11:00", now, TZ)?.toISOString()).toBe("2026-11-23T19:00:00.000Z");
    expect(nextInstantAt("12:00", now, TZ)?.toISOString()).toBe("2026-11-23T20:00:00.000Z"); // now is not ahead
  });
  it("keeps the wall-clock time across the daylight-saving changes (March and November)", () => {
    expect(nextInstantAt("09:00", at("2026-03-08T20:00:00Z"), TZ)?.toISOString()).toBe("2026-03-09T16:00:00.000Z"); // PDT from Mar 8
    expect(nextInstantAt("09:00", at("2026-11-01T20:00:00Z"), TZ)?.toISOString()).toBe("2026-11-02T17:00:00.000Z"); // PST from Nov 1
  });
  it("follows the zone it is given", () => {
    expect(nextInstantAt("18:30", at("2026-11-22T12:00:00Z"), "Europe/Paris")?.toISOString()).toBe("2026-11-22T17:30:00.000Z");
  });
  it("refuses a malformed time", () => {
    for (const bad of ["", "24:00", "7:30", "18:60", "noon"]) expect(nextInstantAt(bad, at("2026-11-22T20:00:00Z"), TZ)).toBeNull();
  });
});

describe("wallTime", () => {
  it("is the zone's clock as a time field holds it", () => {
    expect(wallTime(at("2026-11-23T02:30:00Z"), TZ)).toBe("18:30");
    expect(wallTime(at("2026-11-23T08:05:00Z"), TZ)).toBe("00:05");
  });
});
