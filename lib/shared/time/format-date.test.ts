import { describe, expect, it } from "vitest";
import { formatClockTime, formatDate, formatDateTime, formatShortDateTime, formatTime, formatTimeOrDay, formatWeekday, formatWeekdayTime } from "./format-date";

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

  it("writes the reader's language when one is given, English (en-US) by default", () => {
    expect(formatShortDateTime(sixPmPacific, undefined, "es")).toBe("23 nov, 18:00");
    expect(formatDateTime(sixPmPacific, undefined, "es")).toBe("23 nov 2026, 18:00");
    expect(formatDate(sixPmPacific, undefined, "es")).toBe("23 nov 2026");
    expect(formatWeekday(sixPmPacific, undefined, "es")).toBe("lun, 23 nov");
    expect(formatTime(sixPmPacific, undefined, "es")).toBe("18:00");
    expect(formatWeekdayTime(sixPmPacific, undefined, "es")).toBe("lun, 18:00");
    expect(formatTimeOrDay(sixPmPacific, "America/Los_Angeles", "2026-11-23T01:00:00.000Z", "es")).toBe("23 nov, 18:00");
    expect(formatTime(sixPmPacific, undefined, "en")).toBe("6:00 PM");
    expect(formatClockTime("14:30")).toBe("2:30 PM");
    expect(formatClockTime("24:00")).toBe("12:00 AM");
    expect(formatClockTime("14:30", "es")).toBe("14:30");
    expect(formatClockTime("24:00", "es")).toBe(
      new Intl.DateTimeFormat("es", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(new Date("2026-01-01T00:00:00Z")),
    );
  });
});
