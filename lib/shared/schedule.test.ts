import { describe, expect, it } from "vitest";
import { closingMinutes, isBookableSlot, marketDate, scheduleSlots } from "./schedule";

const TZ = "America/Los_Angeles";
// 2026-11-21 is a Saturday; Los Angeles is UTC-8 in November.
const at = (iso: string) => new Date(iso);

describe("scheduled delivery slots", () => {
  it("offers 7 days of 30-minute slots from 5 PM until closing", () => {
    const days = scheduleSlots(at("2026-11-21T18:00:00Z"), "20:00", TZ); // 10:00 local
    expect(days).toHaveLength(7);
    expect(days[0]!.label).toBe("Today");
    expect(days[1]!.label).toBe("Tomorrow");
    expect(days[0]!.slots.map((s) => s.label)).toEqual(["5:00 PM", "5:30 PM", "6:00 PM", "6:30 PM", "7:00 PM", "7:30 PM"]);
    expect(days[0]!.slots[0]!.value).toBe("2026-11-22T01:00:00.000Z");
    expect(days[6]!.date).toBe("2026-11-27");
  });

  it("starts today at the next full hour once it is past 4 PM", () => {
    const days = scheduleSlots(at("2026-11-22T01:10:00Z"), "22:00", TZ); // 17:10 local
    expect(days[0]!.slots[0]!.label).toBe("6:00 PM");
    expect(days[0]!.slots.at(-1)!.label).toBe("9:30 PM");
    expect(days[1]!.slots[0]!.label).toBe("5:00 PM");
  });

  it("drops today when nothing is left before closing", () => {
    const days = scheduleSlots(at("2026-11-22T03:30:00Z"), "20:00", TZ); // 19:30 local
    expect(days[0]!.label).toBe("Tomorrow");
    expect(days).toHaveLength(6);
  });

  it("uses 20:00 when the closing time is missing or malformed", () => {
    expect(closingMinutes(undefined)).toBe(20 * 60);
    expect(closingMinutes("25:00")).toBe(20 * 60);
    expect(closingMinutes("23:30")).toBe(23 * 60 + 30);
  });

  it("late closings give slots up to 30 minutes before closing", () => {
    const days = scheduleSlots(at("2026-11-21T18:00:00Z"), "23:00", TZ);
    expect(days[0]!.slots.at(-1)!.label).toBe("10:30 PM");
  });

  it("validates a submitted slot: on the grid, in the window, within 7 days", () => {
    const now = at("2026-11-21T18:00:00Z");
    expect(isBookableSlot(at("2026-11-22T01:00:00Z"), now, "20:00", TZ)).toBe(true);
    expect(isBookableSlot(at("2026-11-22T01:15:00Z"), now, "20:00", TZ)).toBe(false); // off the grid
    expect(isBookableSlot(at("2026-11-22T04:00:00Z"), now, "20:00", TZ)).toBe(false); // 20:00, closing
    expect(isBookableSlot(at("2026-11-21T20:00:00Z"), now, "20:00", TZ)).toBe(false); // noon
    expect(isBookableSlot(at("2026-11-29T01:00:00Z"), now, "20:00", TZ)).toBe(false); // day 8
    expect(isBookableSlot(at("2026-11-21T17:00:00Z"), now, "20:00", TZ)).toBe(false); // the past
  });

  it("keeps wall-clock times across the daylight-saving change", () => {
    const days = scheduleSlots(at("2026-10-30T18:00:00Z"), "20:00", TZ); // DST ends Nov 1
    const nov2 = days.find((d) => d.date === "2026-11-02")!;
    expect(nov2.slots[0]).toEqual({ value: "2026-11-03T01:00:00.000Z", label: "5:00 PM" });
    const oct31 = days.find((d) => d.date === "2026-10-31")!;
    expect(oct31.slots[0]!.value).toBe("2026-11-01T00:00:00.000Z");
  });
});

describe("marketDate", () => {
  it("is the marketplace's calendar date, not UTC's", () => {
    expect(marketDate(new Date("2026-11-24T07:59:00Z"), "America/Los_Angeles")).toBe("2026-11-23");
    expect(marketDate(new Date("2026-11-24T08:00:00Z"), "America/Los_Angeles")).toBe("2026-11-24");
    expect(marketDate(new Date("2026-11-24T08:00:00Z"), "UTC")).toBe("2026-11-24");
  });
});
