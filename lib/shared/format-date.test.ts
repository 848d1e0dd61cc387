import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatShortDateTime, formatTimeOrDay, formatWeekday } from "./format-date";

// 2026-11-24T02:00:00Z is 6:00 PM on Nov 23 in Los Angeles, 9:00 PM in New York and
// already Nov 24 in UTC and Tokyo: the case the kitchen's page got wrong.
const sixPmPacific = "2026-11-24T02:00:00.000Z";

describe("the app's one date formatter", () => {
  it("prints the marketplace's wall-clock time by default", () => {
    expect(formatShortDateTime(sixPmPacific)).toBe("Nov 23, 6:00 PM");
    expect(formatDateTime(sixPmPacific)).toBe("Nov 23, 2026, 6:00 PM");
    expect(formatDate(sixPmPacific)).toBe("Nov 23, 2026");
    expect(formatDate(new Date(sixPmPacific))).toBe("Nov 23, 2026");
    expect(formatWeekday(sixPmPacific)).toBe("Mon, Nov 23");
  });

  it("takes another zone when one is given", () => {
    expect(formatShortDateTime(sixPmPacific, "America/New_York")).toBe("Nov 23, 9:00 PM");
    expect(formatDate(sixPmPacific, "Asia/Tokyo")).toBe("Nov 24, 2026");
  });

  it("names the day of a deadline that is not on the reader's today, in the zone given", () => {
    // 6:00 PM on Nov 23 in Los Angeles: the same day at 9 AM there, the next day's deadline a day before.
    expect(formatTimeOrDay(sixPmPacific, "America/Los_Angeles", "2026-11-23T17:00:00.000Z")).toBe("6:00 PM");
    expect(formatTimeOrDay(sixPmPacific, "America/Los_Angeles", "2026-11-23T01:00:00.000Z")).toBe("Nov 23, 6:00 PM");
    // Already Nov 24 in Tokyo, where the same "now" is still Nov 23.
    expect(formatTimeOrDay(sixPmPacific, "Asia/Tokyo", "2026-11-23T12:00:00.000Z")).toBe("Nov 24, 11:00 AM");
    expect(formatTimeOrDay(sixPmPacific, "Asia/Tokyo", new Date("2026-11-23T16:00:00.000Z"))).toBe("11:00 AM");
  });
});
