import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { BUSINESS_HOURS_MAX, businessHoursText, weeklyHoursLines } from "./hours-text";
import { ALL_DAY, everyDay, WEEKDAYS, type WeeklyHours } from "./opening-hours";
import es from "@/lib/i18n/es.json";

// The weekly schedule in words: what customers read on the restaurant page and the API's
// businessHours, both from the one schedule.

const lunchAndDinner = everyDay({ open: "11:00", close: "14:30" }, { open: "17:00", close: "22:00" });

describe("weeklyHoursLines", () => {
  it("puts consecutive days with the same hours together", () => {
    expect(weeklyHoursLines({ ...lunchAndDinner, sat: [{ open: "10:00", close: "23:00" }], sun: [{ open: "10:00", close: "23:00" }] })).toEqual([
      "Mon-Fri 11:00 AM - 2:30 PM, 5:00 PM - 10:00 PM",
      "Sat-Sun 10:00 AM - 11:00 PM",
    ]);
    expect(weeklyHoursLines({ ...everyDay({ open: "17:00", close: "23:00" }), mon: [] })).toEqual(["Mon Closed", "Tue-Sun 5:00 PM - 11:00 PM"]);
    expect(weeklyHoursLines(ALL_DAY)).toEqual(["Mon-Sun Open 24 hours"]);
  });

  it("writes the reader's language with its words: its day names and a 24-hour clock", () => {
    const spanish = { words: es.restaurant.days, locale: "es" } as const;
    expect(weeklyHoursLines({ ...lunchAndDinner, mon: [] }, spanish)).toEqual(["lun Cerrado", "mar-dom 11:00 - 14:30, 17:00 - 22:00"]);
    expect(weeklyHoursLines(ALL_DAY, spanish)).toEqual(["lun-dom Abierto 24 horas"]);
  });
});

const closedWeek = ENGLISH.lines.hours.closedWeek;

describe("businessHoursText", () => {
  it("is the lines in one text, the way the demo's free text read", () => {
    expect(businessHoursText(everyDay({ open: "11:00", close: "22:00" }), closedWeek)).toBe("Mon-Sun 11:00 AM - 10:00 PM");
    expect(businessHoursText({ ...everyDay({ open: "17:00", close: "23:00" }), mon: [] }, closedWeek)).toBe("Mon Closed; Tue-Sun 5:00 PM - 11:00 PM");
  });

  it("always holds a time with ':' (the spec's rule), around the clock and closed all week too", () => {
    expect(businessHoursText(ALL_DAY, closedWeek)).toBe("Mon-Sun Open 24 hours (12:00 AM - 12:00 AM)");
    expect(businessHoursText(everyDay(), closedWeek)).toBe("Closed: no opening hours");
    for (const hours of [ALL_DAY, everyDay(), lunchAndDinner, { ...ALL_DAY, sun: [] }]) expect(businessHoursText(hours, closedWeek)).toContain(":");
  });

  it("fits the length a request may send back, for the longest schedule", () => {
    // Seven different days, each with two intervals of the longest clock texts.
    const longest = Object.fromEntries(
      WEEKDAYS.map((day, i) => [
        day,
        [
          { open: `0${i}:15`, close: "11:45" },
          { open: "12:15", close: `2${i % 4}:45` },
        ],
      ]),
    ) as WeeklyHours;
    const text = businessHoursText(longest, closedWeek);
    expect(text.split("; ")).toHaveLength(7);
    expect(text.length).toBeLessThanOrEqual(BUSINESS_HOURS_MAX);
  });
});
