import { describe, expect, it } from "vitest";
import {
  addDays,
  ALL_DAY,
  atMinute,
  everyDay,
  openSpans,
  wallClock,
  isOpenAt,
  nextOpening,
  openStatus,
  openStatusLabel,
  parseOpeningHours,
  todaysClosingTime,
  type OpeningHours,
  type WeeklyHours,
} from "./opening-hours";

const LA = "America/Los_Angeles";
const at = (iso: string) => new Date(iso);
const opening = (hours: WeeklyHours, more: Partial<OpeningHours> = {}): OpeningHours => ({ timeZone: LA, hours, closures: [], ...more });
// Lunch and dinner, closed on Mondays, late on Fridays (past midnight).
const bistro = opening({
  ...everyDay({ open: "11:00", close: "14:30" }, { open: "17:00", close: "22:00" }),
  mon: [],
  fri: [
    { open: "11:00", close: "14:30" },
    { open: "17:00", close: "02:00" },
  ],
});

describe("isOpenAt, nextOpening and the status line", () => {
  // [instant (UTC), what the Los Angeles clock shows, open, next opening, label]
  const cases: [string, string, boolean, string | null, string][] = [
    ["2026-11-21T19:00:00Z", "Sat 11:00", true, "2026-11-22T01:00:00.000Z", "Open until 2:30 PM"],
    ["2026-11-21T22:10:00Z", "Sat 14:10", true, "2026-11-22T01:00:00.000Z", "Closes in 20 min"],
    ["2026-11-21T22:30:00Z", "Sat 14:30", false, "2026-11-22T01:00:00.000Z", "Closed - opens 5:00 PM"],
    ["2026-11-22T06:00:00Z", "Sat 22:00", false, "2026-11-22T19:00:00.000Z", "Closed - opens Sun 11:00 AM"],
    ["2026-11-23T07:00:00Z", "Sun 23:00", false, "2026-11-24T19:00:00.000Z", "Closed - opens Tue 11:00 AM"], // Monday closed
    ["2026-11-28T07:30:00Z", "Fri 23:30", true, "2026-11-28T19:00:00.000Z", "Open until 2:00 AM"],
    ["2026-11-28T09:59:00Z", "Sat 01:59", true, "2026-11-28T19:00:00.000Z", "Closes in 1 min"], // Friday's night, after midnight
    ["2026-11-28T10:00:00Z", "Sat 02:00", false, "2026-11-28T19:00:00.000Z", "Closed - opens 11:00 AM"],
  ];
  it.each(cases)("%s (%s)", (iso, _local, open, next, label) => {
    expect(isOpenAt(bistro, at(iso))).toBe(open);
    expect(nextOpening(bistro, at(iso))?.toISOString() ?? null).toBe(next);
    expect(openStatusLabel(bistro, at(iso))).toBe(label);
  });

  it("closures drop the intervals opening on their dates, and a Friday night still runs into a closed Saturday", () => {
    const closed = { ...bistro, closures: [{ from: "2026-11-28", to: "2026-11-29" }] };
    expect(isOpenAt(closed, at("2026-11-28T09:00:00Z"))).toBe(true); // Sat 01:00, Friday's interval
    expect(isOpenAt(closed, at("2026-11-28T20:00:00Z"))).toBe(false); // Sat 12:00
    expect(openStatusLabel(closed, at("2026-11-28T20:00:00Z"))).toBe("Closed - opens Tue 11:00 AM");
  });

  it("merges 24-hour days into one span: open around the clock has no next change", () => {
    expect(openStatus(opening(ALL_DAY), at("2026-11-21T11:00:00Z"))).toEqual({ openNow: true, nextChange: null });
    expect(openStatusLabel(opening(ALL_DAY), at("2026-11-21T11:00:00Z"))).toBe("Open 24 hours");
    const nights = opening({ ...everyDay({ open: "18:00", close: "24:00" }), sun: [{ open: "00:00", close: "02:00" }] });
    expect(openStatus(nights, at("2026-11-22T07:00:00Z"))).toEqual({ openNow: true, nextChange: at("2026-11-22T10:00:00Z") }); // Sat 23:00 until Sun 02:00
  });

  it("is closed with no next change when the week has no hours", () => {
    expect(openStatus(opening(everyDay()), at("2026-11-21T19:00:00Z"))).toEqual({ openNow: false, nextChange: null });
    expect(openStatusLabel(opening(everyDay()), at("2026-11-21T19:00:00Z"))).toBe("Closed");
  });
});

describe("daylight saving time in Los Angeles", () => {
  const nights = opening(everyDay({ open: "22:00", close: "06:00" }));
  const days = opening(everyDay({ open: "09:00", close: "17:00" }));
  const cases: [string, OpeningHours, string, boolean, string | null][] = [
    // March 8, 2026: 2:00 PST becomes 3:00 PDT; the night interval is an hour shorter.
    ["Sat Mar 7 23:00 PST", nights, "2026-03-08T07:00:00Z", true, "2026-03-08T13:00:00.000Z"],
    ["Sun Mar 8 05:59 PDT", nights, "2026-03-08T12:59:00Z", true, "2026-03-08T13:00:00.000Z"],
    ["Sun Mar 8 09:00 PDT", days, "2026-03-08T16:00:00Z", true, "2026-03-09T00:00:00.000Z"],
    ["Sat Mar 7 09:00 PST", days, "2026-03-07T17:00:00Z", true, "2026-03-08T01:00:00.000Z"],
    // November 1, 2026: 2:00 PDT becomes 1:00 PST; the night interval is an hour longer.
    ["Sat Oct 31 23:00 PDT", nights, "2026-11-01T06:00:00Z", true, "2026-11-01T14:00:00.000Z"],
    ["Sun Nov 1 09:00 PST", days, "2026-11-01T17:00:00Z", true, "2026-11-02T01:00:00.000Z"],
    ["Sun Nov 1 08:59 PST", days, "2026-11-01T16:59:00Z", false, "2026-11-01T17:00:00.000Z"],
  ];
  it.each(cases)("%s", (_local, hours, iso, open, change) => {
    const status = openStatus(hours, at(iso));
    expect(status.openNow).toBe(open);
    expect(status.nextChange?.toISOString() ?? null).toBe(change);
  });
});

describe("other zones", () => {
  it("London: 11:00 is 11:00 UTC in winter and 10:00 UTC in summer", () => {
    const london = opening(everyDay({ open: "11:00", close: "22:00" }), { timeZone: "Europe/London" });
    expect(isOpenAt(london, at("2026-01-10T11:00:00Z"))).toBe(true);
    expect(isOpenAt(london, at("2026-01-10T10:30:00Z"))).toBe(false);
    expect(isOpenAt(london, at("2026-07-10T10:30:00Z"))).toBe(true);
    expect(openStatusLabel(london, at("2026-07-10T08:00:00Z"))).toBe("Closed - opens 11:00 AM");
  });

  it("Tokyo: the weekday is Tokyo's", () => {
    const tokyo = opening({ ...everyDay({ open: "11:00", close: "21:00" }), sun: [] }, { timeZone: "Asia/Tokyo" });
    // Saturday 18:00 UTC is Sunday 03:00 in Tokyo: closed all Sunday, opens Monday.
    expect(openStatusLabel(tokyo, at("2026-11-21T18:00:00Z"))).toBe("Closed - opens Mon 11:00 AM");
    expect(isOpenAt(tokyo, at("2026-11-21T03:00:00Z"))).toBe(true); // Sat 12:00 in Tokyo
  });
});

describe("stored hours", () => {
  it("reads the JSON columns, and falls back to 11:00 to closingTime when they are unreadable", () => {
    const stored = parseOpeningHours({ timeZone: "Asia/Tokyo", hours: JSON.stringify(bistro.hours), closures: '[{"from":"2026-12-24","to":"2026-12-26"}]' });
    expect(stored).toEqual({ timeZone: "Asia/Tokyo", hours: bistro.hours, closures: [{ from: "2026-12-24", to: "2026-12-26" }] });
    expect(parseOpeningHours({ timeZone: "Nowhere/City", hours: "", closures: "", closingTime: "21:00" })).toEqual(opening(everyDay({ open: "11:00", close: "21:00" })));
  });

  it("derives closingTime from today's schedule", () => {
    expect(todaysClosingTime(bistro, at("2026-11-21T19:00:00Z"))).toBe("22:00");
    expect(todaysClosingTime(bistro, at("2026-11-23T19:00:00Z"))).toBeNull(); // Monday
    expect(todaysClosingTime(opening(ALL_DAY), at("2026-11-23T19:00:00Z"))).toBeNull(); // around the clock: the JSON says the default 22:00
    expect(todaysClosingTime(opening(everyDay({ open: "17:00", close: "24:00" })), at("2026-11-23T19:00:00Z"))).toBe("00:00"); // until midnight
  });
});

describe("open spans from each day's midnight match the zone's clock", () => {
  // The reference: each interval's ends read on the zone's clock (atMinute), as openSpans did
  // before it added minutes to a steady day's midnight (dayClock). Unmerged, in order.
  const perInterval = (hours: WeeklyHours, timeZone: string, now: Date) => {
    const today = wallClock(now, timeZone);
    const WEEK = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
    const spans: { start: number; end: number }[] = [];
    for (let offset = -1; offset <= 8; offset++) {
      const date = addDays(today, offset);
      const weekday = WEEK[(new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7]!;
      for (const { open, close } of hours[weekday]) {
        const [o, c] = [open, close].map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3)));
        const start = atMinute(date, o!, timeZone).getTime();
        const end = (c! > o! ? atMinute(date, c!, timeZone) : atMinute(addDays(date, 1), c!, timeZone)).getTime();
        if (end > start) spans.push({ start, end });
      }
    }
    return spans.sort((a, b) => a.start - b.start);
  };
  const hours = everyDay({ open: "00:00", close: "01:30" }, { open: "17:00", close: "02:30" });
  it.each([
    ["America/Los_Angeles", "2026-03-05T20:00:00Z"],
    ["America/Los_Angeles", "2026-10-29T20:00:00Z"],
    ["America/Santiago", "2026-04-02T15:00:00Z"],
    ["America/Santiago", "2026-09-03T15:00:00Z"],
    ["Australia/Lord_Howe", "2026-04-02T01:00:00Z"],
  ])("in %s, around %s", (timeZone, iso) => {
    const now = new Date(iso);
    const merged = perInterval(hours, timeZone, now).reduce<{ start: number; end: number }[]>((spans, span) => {
      const last = spans.at(-1);
      if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
      else spans.push({ ...span });
      return spans;
    }, []);
    expect(openSpans({ timeZone, hours, closures: [] }, now).spans).toEqual(merged);
  });
});
