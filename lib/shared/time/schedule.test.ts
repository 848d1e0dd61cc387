import { describe, expect, it } from "vitest";
import { addDays, ALL_DAY, atMinute, everyDay, wallClock, type OpeningHours, type WeeklyHours } from "./opening-hours";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { closedNowMessage, isBookableSlot, marketDate, scheduleSlots, slotToPreselect } from "./schedule";

const TZ = "America/Los_Angeles";
// 2026-11-21 is a Saturday; Los Angeles is UTC-8 in November.
const at = (iso: string) => new Date(iso);
const opening = (hours: WeeklyHours, more: Partial<OpeningHours> = {}): OpeningHours => ({ timeZone: TZ, hours, closures: [], ...more });
const evenings = opening(everyDay({ open: "17:00", close: "20:00" }));
const EN_SLOTS = { words: ENGLISH.lines.slots, locale: "en" as const };
const labels = (day: { slots: { label: string }[] }) => day.slots.map((s) => s.label);

describe("scheduled delivery slots follow the restaurant's hours", () => {
  it("offers 7 days of 30-minute slots wholly inside the open hours", () => {
    const days = scheduleSlots(at("2026-11-21T18:00:00Z"), evenings, EN_SLOTS); // 10:00 local
    expect(days).toHaveLength(7);
    expect(days[0]!.label).toBe("Today");
    expect(days[1]!.label).toBe("Tomorrow");
    expect(days[2]!.label).toBe("Mon, Nov 23");
    expect(labels(days[0]!)).toEqual(["5:00 PM", "5:30 PM", "6:00 PM", "6:30 PM", "7:00 PM", "7:30 PM"]);
    expect(days[0]!.slots[0]!.value).toBe("2026-11-22T01:00:00.000Z");
    expect(days[6]!.date).toBe("2026-11-27");
  });

  it("starts today at the next full hour", () => {
    const days = scheduleSlots(at("2026-11-22T01:10:00Z"), opening(everyDay({ open: "11:00", close: "22:00" })), EN_SLOTS); // 17:10 local
    expect(days[0]!.slots[0]!.label).toBe("6:00 PM");
    expect(days[0]!.slots.at(-1)!.label).toBe("9:30 PM");
    expect(days[1]!.slots[0]!.label).toBe("11:00 AM");
  });

  it("drops today when nothing is left before closing", () => {
    const days = scheduleSlots(at("2026-11-22T03:30:00Z"), evenings, EN_SLOTS); // 19:30 local
    expect(days[0]!.label).toBe("Tomorrow");
    expect(days).toHaveLength(6);
  });

  it("splits lunch and dinner, skips closed weekdays and closures", () => {
    const hours = { ...everyDay({ open: "11:00", close: "14:30" }, { open: "17:00", close: "18:00" }), mon: [] };
    const days = scheduleSlots(at("2026-11-21T18:00:00Z"), opening(hours, { closures: [{ from: "2026-11-25", to: "2026-11-26" }] }), EN_SLOTS);
    expect(days.map((d) => d.date)).toEqual(["2026-11-21", "2026-11-22", "2026-11-24", "2026-11-27"]);
    expect(labels(days[0]!)).toEqual(["11:00 AM", "11:30 AM", "12:00 PM", "12:30 PM", "1:00 PM", "1:30 PM", "2:00 PM", "5:00 PM", "5:30 PM"]);
  });

  it("puts the slots after midnight of an interval across midnight on the next day", () => {
    const days = scheduleSlots(at("2026-11-21T18:00:00Z"), opening({ ...everyDay(), sat: [{ open: "22:00", close: "01:00" }] }), EN_SLOTS);
    expect(days.map((d) => [d.date, labels(d)])).toEqual([
      ["2026-11-21", ["10:00 PM", "10:30 PM", "11:00 PM", "11:30 PM"]],
      ["2026-11-22", ["12:00 AM", "12:30 AM"]],
    ]);
  });

  it("validates a submitted slot: on the grid, inside the hours, within 7 days", () => {
    const now = at("2026-11-21T18:00:00Z");
    expect(isBookableSlot(at("2026-11-22T01:00:00Z"), now, evenings)).toBe(true);
    expect(isBookableSlot(at("2026-11-22T01:15:00Z"), now, evenings)).toBe(false); // off the grid
    expect(isBookableSlot(at("2026-11-22T04:00:00Z"), now, evenings)).toBe(false); // 20:00, closing
    expect(isBookableSlot(at("2026-11-21T20:00:00Z"), now, evenings)).toBe(false); // noon, closed
    expect(isBookableSlot(at("2026-11-29T01:00:00Z"), now, evenings)).toBe(false); // day 8
    expect(isBookableSlot(at("2026-11-21T17:00:00Z"), now, evenings)).toBe(false); // the past
  });

  it("keeps wall-clock times across the November daylight-saving change", () => {
    const days = scheduleSlots(at("2026-10-30T18:00:00Z"), evenings, EN_SLOTS); // DST ends Nov 1
    const nov2 = days.find((d) => d.date === "2026-11-02")!;
    expect(nov2.slots[0]).toEqual({ value: "2026-11-03T01:00:00.000Z", label: "5:00 PM" });
    const oct31 = days.find((d) => d.date === "2026-10-31")!;
    expect(oct31.slots[0]!.value).toBe("2026-11-01T00:00:00.000Z");
  });

  it("offers no slot at a wall-clock time the March change skips", () => {
    const night = opening(everyDay({ open: "01:00", close: "04:00" }));
    const days = scheduleSlots(at("2026-03-07T20:00:00Z"), night, EN_SLOTS); // Sat Mar 7, noon local; DST starts Sun 2:00
    const mar8 = days.find((d) => d.date === "2026-03-08")!;
    expect(labels(mar8)).toEqual(["1:00 AM", "1:30 AM", "3:00 AM", "3:30 AM"]);
    expect(mar8.slots[2]!.value).toBe("2026-03-08T10:00:00.000Z"); // 3:00 PDT
  });

  it("computes slots in the restaurant's own zone", () => {
    const tokyo = opening(everyDay({ open: "11:00", close: "12:00" }), { timeZone: "Asia/Tokyo" });
    const days = scheduleSlots(at("2026-11-21T18:00:00Z"), tokyo, EN_SLOTS); // Sun Nov 22, 03:00 in Tokyo
    expect(days[0]).toEqual({
      date: "2026-11-22",
      label: "Today",
      slots: [
        { value: "2026-11-22T02:00:00.000Z", label: "11:00 AM" },
        { value: "2026-11-22T02:30:00.000Z", label: "11:30 AM" },
      ],
    });
  });

  it("names the first slot in the refusal of an order for now", () => {
    expect(closedNowMessage("Cafe", at("2026-11-21T18:00:00Z"), evenings, EN_SLOTS)).toBe("Cafe is closed right now. You can schedule an order for today at 5:00 PM.");
    expect(closedNowMessage("Cafe", at("2026-11-22T05:00:00Z"), evenings, EN_SLOTS)).toBe("Cafe is closed right now. You can schedule an order for tomorrow at 5:00 PM.");
    const weekends = opening({ ...everyDay(), sat: [{ open: "10:00", close: "12:00" }] });
    expect(closedNowMessage("Cafe", at("2026-11-22T18:00:00Z"), weekends, EN_SLOTS)).toBe("Cafe is closed right now. You can schedule an order for Sat 10:00 AM.");
    expect(closedNowMessage("Cafe", at("2026-11-21T18:00:00Z"), opening(everyDay()), EN_SLOTS)).toBe(
      "Cafe is closed right now and has no delivery times in the next 7 days.",
    );
  });
});

describe("marketDate", () => {
  it("is the marketplace's calendar date, not UTC's", () => {
    expect(marketDate(new Date("2026-11-24T07:59:00Z"), "America/Los_Angeles")).toBe("2026-11-23");
    expect(marketDate(new Date("2026-11-24T08:00:00Z"), "America/Los_Angeles")).toBe("2026-11-24");
    expect(marketDate(new Date("2026-11-24T08:00:00Z"), "UTC")).toBe("2026-11-24");
  });
});

describe("a closed restaurant's checkout pre-selects the slot of its next opening, never midnight", () => {
  it("chooses the first slot of the next opening", () => {
    // 10:00 local on Saturday: the evening restaurant opens at 5:00 PM.
    expect(slotToPreselect(at("2026-11-21T18:00:00Z"), evenings, EN_SLOTS)).toEqual({
      bookable: true,
      slot: { value: "2026-11-22T01:00:00.000Z", label: "Today, 5:00 PM" },
    });
  });

  it("chooses none when the restaurant next opens at midnight (open around the clock, closed today)", () => {
    const closedToday = opening(everyDay({ open: "00:00", close: "24:00" }), { closures: [{ from: "2026-11-21", to: "2026-11-21" }] });
    const now = at("2026-11-21T18:00:00Z");
    expect(scheduleSlots(now, closedToday, EN_SLOTS)[0]!.slots[0]!.label).toBe("12:00 AM");
    expect(slotToPreselect(now, closedToday, EN_SLOTS)).toEqual({ bookable: true, slot: null });
  });

  it("is not bookable when the week has no slot", () => {
    const never = opening({ ...everyDay(), mon: [] });
    expect(slotToPreselect(at("2026-11-21T18:00:00Z"), never, EN_SLOTS)).toEqual({ bookable: false, slot: null });
  });
});

describe("slots from each day's midnight match the zone's clock slot by slot", () => {
  // The reference: every slot's instant read on the zone's clock (three Intl reads a slot), as
  // scheduleSlots computed them before it added minutes to a steady day's midnight.
  const perSlot = (now: Date, timeZone: string) => {
    const today = wallClock(now, timeZone);
    return Array.from({ length: 7 }, (_, offset) => {
      const date = addDays(today, offset);
      const values: string[] = [];
      for (let minute = offset === 0 ? (today.hour + 1) * 60 : 0; minute < 1440; minute += 30) {
        const start = atMinute(date, minute, timeZone);
        const clock = wallClock(start, timeZone);
        if (clock.day === date.day && clock.hour * 60 + clock.minute === minute) values.push(start.toISOString());
      }
      return values;
    }).flat();
  };
  const weeks: [string, string][] = [
    ["America/Los_Angeles", "2026-03-05T20:00:00Z"], // DST starts Sun Mar 8 at 2:00
    ["America/Los_Angeles", "2026-10-29T20:00:00Z"], // ends Sun Nov 1 at 2:00
    ["America/Santiago", "2026-04-02T15:00:00Z"], // ends at midnight: Sat Apr 4 has 23:00 twice
    ["America/Santiago", "2026-09-03T15:00:00Z"], // starts at midnight: Sun Sep 6 has no 00:00
    ["Australia/Lord_Howe", "2026-04-02T01:00:00Z"], // a half-hour change, Sun Apr 5
    ["Asia/Kathmandu", "2026-11-21T01:00:00Z"], // +5:45, no change
  ];
  it.each(weeks)("in %s, the week from %s", (timeZone, iso) => {
    const now = new Date(iso);
    const slots = scheduleSlots(now, opening(ALL_DAY, { timeZone }), EN_SLOTS)
      .flatMap((day) => day.slots)
      .map((slot) => slot.value);
    expect(slots).toEqual(perSlot(now, timeZone));
  });
});
