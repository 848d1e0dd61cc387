import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { firstFreeSlot, freeSlotLabel, kitchenFullMessage, quarterOf } from "./kitchen-capacity";

const EN = ENGLISH.lines.capacity;

const LA = "America/Los_Angeles";
const days = [
  {
    date: "2026-11-25",
    label: "Today",
    slots: [
      { value: "2026-11-26T04:00:00.000Z", label: "8:00 PM" },
      { value: "2026-11-26T04:30:00.000Z", label: "8:30 PM" },
    ],
  },
  { date: "2026-11-26", label: "Tomorrow", slots: [{ value: "2026-11-26T19:00:00.000Z", label: "11:00 AM" }] },
];
const at = (iso: string) => Date.parse(iso);

describe("a kitchen's capacity", () => {
  it("counts in quarter hours", () => {
    expect(quarterOf(new Date("2026-11-26T03:14:59Z")).toISOString()).toBe("2026-11-26T03:00:00.000Z");
    expect(quarterOf(new Date("2026-11-26T03:15:00Z")).toISOString()).toBe("2026-11-26T03:15:00.000Z");
  });

  it("offers the first slot whose quarter hour has room, from a pause's end on", () => {
    expect(firstFreeSlot(days, new Map(), 2)).toEqual({ value: "2026-11-26T04:00:00.000Z", label: "Today, 8:00 PM" });
    expect(firstFreeSlot(days, new Map([[at("2026-11-26T04:00:00Z"), 2]]), 2)?.value).toBe("2026-11-26T04:30:00.000Z");
    const full = new Map([
      [at("2026-11-26T04:00:00Z"), 2],
      [at("2026-11-26T04:30:00Z"), 3],
    ]);
    expect(firstFreeSlot(days, full, 2)).toEqual({ value: "2026-11-26T19:00:00.000Z", label: "Tomorrow, 11:00 AM" });
    expect(firstFreeSlot(days, new Map(), 2, new Date("2026-11-26T04:10:00Z"))?.value).toBe("2026-11-26T04:30:00.000Z");
    expect(firstFreeSlot(days, new Map([...full, [at("2026-11-26T19:00:00Z"), 2]]), 2)).toBeNull();
  });

  it("names the next free time in the restaurant's zone", () => {
    const now = new Date("2026-11-26T03:10:00Z");
    expect(kitchenFullMessage("Lantern", "2026-11-26T04:00:00Z", now, LA, null, EN)).toBe(
      "Lantern's kitchen is full right now. The next free time is 8:00 PM: schedule your order for then.",
    );
    expect(kitchenFullMessage("Lantern", "2026-11-26T04:00:00Z", now, "America/New_York", null, EN)).toContain("11:00 PM");
    expect(kitchenFullMessage("Lantern", "2026-11-26T19:00:00Z", now, LA, new Date("2026-11-26T04:00:00Z"), EN)).toBe(
      "Lantern's kitchen is full at 8:00 PM. The next free time is Nov 26, 11:00 AM: schedule your order for then.",
    );
    expect(kitchenFullMessage("Lantern", null, now, LA, null, EN)).toBe("Lantern's kitchen is full right now. It has no free time in the next 7 days.");
    expect(freeSlotLabel("2026-11-26T04:00:00Z", now, LA)).toBe("Today, 8:00 PM");
    expect(freeSlotLabel("2026-11-26T19:00:00Z", now, LA)).toBe("Nov 26, 11:00 AM");
  });
});
