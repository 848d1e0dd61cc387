import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatShortDateTime, formatWeekday } from "./format-date";

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
});
