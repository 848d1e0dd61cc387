import { describe, expect, it } from "vitest";
import { nextChangeText } from "./next-change-text";
import { statusLabel } from "./open-status-label";
import en from "@/lib/i18n/en.json";
import es from "@/lib/i18n/es.json";

// The status line printed from the server's words (no Intl in the browser) is the line Intl
// prints, open or closed, near or far, across a daylight-saving change, in more than one zone.
const cases: { zone: string; openNow: boolean; change: string; instants: string[] }[] = [
  // Open until 22:00 New York time: a countdown, today's time, a weekday past a day.
  { zone: "America/New_York", openNow: true, change: "2026-11-27T03:00:00Z", instants: ["2026-11-27T02:40:00Z", "2026-11-26T18:00:00Z", "2026-11-25T18:00:00Z"] },
  // Closed, opens 11:00 on the day clocks spring forward (2026-03-08): same local day or not.
  {
    zone: "America/New_York",
    openNow: false,
    change: "2026-03-08T15:00:00Z",
    instants: ["2026-03-08T05:30:00Z", "2026-03-08T04:30:00Z", "2026-03-07T20:00:00Z", "2026-03-08T14:59:00Z"],
  },
  // Closed, opens 09:00 Tokyo time (a zone ahead of UTC): just after local midnight, and before it.
  { zone: "Asia/Tokyo", openNow: false, change: "2026-11-27T00:00:00Z", instants: ["2026-11-26T15:01:00Z", "2026-11-26T14:59:00Z"] },
  // Fall back (2026-11-01 in Los Angeles): opens 08:00 after the repeated hour.
  { zone: "America/Los_Angeles", openNow: false, change: "2026-11-01T16:00:00Z", instants: ["2026-11-01T08:30:00Z", "2026-11-01T06:59:00Z"] },
];

describe("statusLabel with the server's words for the next change", () => {
  for (const { zone, openNow, change, instants } of cases) {
    for (const at of instants) {
      it(`${openNow ? "open" : "closed"} until ${change} in ${zone}, at ${at}`, () => {
        const status = { openNow, nextChange: new Date(change) };
        const text = nextChangeText(change, zone);
        expect(text).not.toBeNull();
        expect(statusLabel(status, new Date(at), zone, text)).toBe(statusLabel(status, new Date(at), zone));
      });
    }
  }

  it("ignores words written for another change (the status moved past the JSON's)", () => {
    const text = { ...nextChangeText("2026-11-27T03:00:00Z", "America/New_York")!, time: "stale" };
    const later = { openNow: true, nextChange: new Date("2026-11-28T03:00:00Z") };
    expect(statusLabel(later, new Date("2026-11-27T18:00:00Z"), "America/New_York", text)).toBe("Open until 10:00 PM");
    const same = { openNow: true, nextChange: new Date("2026-11-27T03:00:00Z") };
    expect(statusLabel(same, new Date("2026-11-26T18:00:00Z"), "America/New_York", text)).toBe("Open until stale");
  });

  it("says it in the reader's language with the server's words: its times written in that language", () => {
    const change = "2026-11-27T03:00:00Z";
    const zone = "America/New_York";
    const open = { openNow: true, nextChange: new Date(change) };
    expect(statusLabel(open, new Date("2026-11-26T18:00:00Z"), zone, nextChangeText(change, zone, "es"), es.restaurant.open)).toBe("Abierto hasta las 22:00");
    expect(statusLabel(open, new Date("2026-11-27T02:40:00Z"), zone, nextChangeText(change, zone, "es"), es.restaurant.open)).toBe("Cierra en 20 min");
    expect(statusLabel(open, new Date("2026-11-26T18:00:00Z"), zone, nextChangeText(change, zone), en.restaurant.open)).toBe("Open until 10:00 PM");
    expect(statusLabel({ openNow: false, nextChange: null }, null, zone, null, es.restaurant.open)).toBe("Cerrado");
  });

  it("has no words without a change or a zone", () => {
    expect(nextChangeText(null, "America/New_York")).toBeNull();
    expect(nextChangeText("2026-11-27T03:00:00Z", undefined)).toBeNull();
  });
});
