import { describe, expect, it } from "vitest";
import { blockStartAt, bookingOpensAt, bookingTier, dropDeadline, freePlace, hourStarts, isBlockStart, placesAt } from "./zone-blocks";

// The scheduled hours' rules (lib/shared/delivery/zone-blocks.ts): blocks in the market's zone, the tiers
// that book earlier by their record, the drop deadline, the places of a block.

const LA = "America/Los_Angeles";
/** Tuesday Dec 1, 2026, 10:20 in Los Angeles (PST, UTC-8). */
const NOW = new Date("2026-12-01T18:20:00Z");
const needs = Array.from({ length: 24 }, (_, hour) => (hour === 19 ? 3 : 0));

describe("blocks", () => {
  it("are the market's hours: 19:00 in Los Angeles is 03:00 UTC the next day", () => {
    const tonight = new Date("2026-12-02T03:00:00Z");
    expect(isBlockStart(tonight, needs, NOW, LA)).toBe(true);
    expect(placesAt(needs, tonight, LA)).toBe(3);
    // 18:00 needs nobody, 19:30 is no hour's start, and a week and a day on is beyond the week.
    expect(isBlockStart(new Date("2026-12-02T02:00:00Z"), needs, NOW, LA)).toBe(false);
    expect(isBlockStart(new Date("2026-12-02T03:30:00Z"), needs, NOW, LA)).toBe(false);
    expect(isBlockStart(new Date("2026-12-09T03:00:00Z"), needs, NOW, LA)).toBe(false);
  });

  it("list the hour running now and a week of hours after it, each with its local hour", () => {
    const hours = hourStarts(NOW, LA);
    expect(hours[0]).toEqual({ startsAt: new Date("2026-12-01T18:00:00Z"), hour: 10 });
    expect(hours).toHaveLength(7 * 24 + 1);
    expect(blockStartAt(NOW, LA)).toEqual(new Date("2026-12-01T18:00:00Z"));
  });

  it("skip the hour a DST change leaves out, and list a repeated one once", () => {
    const spring = hourStarts(new Date("2027-03-13T12:00:00Z"), LA);
    expect(spring.filter((h) => h.hour === 2)).toHaveLength(6);
    const fall = hourStarts(new Date("2027-11-06T12:00:00Z"), LA);
    expect(new Set(fall.map((h) => h.startsAt.getTime())).size).toBe(fall.length);
  });

  it("give the lowest free place, none when every place is held", () => {
    expect(freePlace(3, [])).toBe(1);
    expect(freePlace(3, [1, 3])).toBe(2);
    expect(freePlace(3, [1, 2, 3])).toBeNull();
    expect(freePlace(0, [])).toBeNull();
  });
});

describe("priority by record", () => {
  it("puts couriers in a tier by the share of accepted jobs they delivered", () => {
    expect(bookingTier({ accepted: 40, delivered: 39 })).toBe("top");
    expect(bookingTier({ accepted: 40, delivered: 36 })).toBe("good");
    expect(bookingTier({ accepted: 4, delivered: 4 })).toBe("new");
    expect(bookingTier({ accepted: 40, delivered: 20 })).toBe("new");
  });

  it("opens a block 7 days ahead to the top tier, 6 to good, 5 to new", () => {
    const startsAt = new Date("2026-12-08T03:00:00Z");
    expect(bookingOpensAt(startsAt, "top")).toEqual(new Date("2026-12-01T03:00:00Z"));
    expect(bookingOpensAt(startsAt, "good")).toEqual(new Date("2026-12-02T03:00:00Z"));
    expect(bookingOpensAt(startsAt, "new")).toEqual(new Date("2026-12-03T03:00:00Z"));
  });

  it("lets a booking be dropped until 12 hours before the block", () => {
    expect(dropDeadline(new Date("2026-12-02T03:00:00Z"))).toEqual(new Date("2026-12-01T15:00:00Z"));
  });
});
