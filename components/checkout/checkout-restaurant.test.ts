import { describe, expect, it } from "vitest";
import { isOpenAt, everyDay } from "@/lib/shared/time/opening-hours";
import { openNowPerJson, type CheckoutRestaurant } from "./checkout-restaurant";

// Checkout's "closed now" reads the JSON's openNow until its nextChange, the same answer the
// hours give, without the hours' Intl clock while the page hydrates.
const place = { name: "Hayes Street Kitchen", address: "1 Hayes St", city: "San Francisco", state: "CA", zip: "94102", deliveryTime: 30 };
const hours = { timeZone: "America/Los_Angeles", hours: everyDay({ open: "11:00", close: "22:00" }), closures: [] };
// Open at 12:00 Los Angeles time on 2026-11-26 (20:00Z), until 22:00 (06:00Z the next day).
const restaurant: CheckoutRestaurant = { ...place, ...hours, openNow: true, nextChange: "2026-11-27T06:00:00.000Z" };

describe("openNowPerJson", () => {
  it("is the JSON's openNow before its next change, as the hours say", () => {
    const now = new Date("2026-11-26T21:00:00Z");
    expect(openNowPerJson(restaurant, now)).toBe(true);
    expect(openNowPerJson(restaurant, now)).toBe(isOpenAt(restaurant, now));
    const closed = { ...restaurant, openNow: false, nextChange: "2026-11-27T19:00:00.000Z" };
    const night = new Date("2026-11-27T08:00:00Z");
    expect(openNowPerJson(closed, night)).toBe(false);
    expect(openNowPerJson(closed, night)).toBe(isOpenAt(closed, night));
  });

  it("leaves it to the hours once the change has come, or without the JSON's figures", () => {
    expect(openNowPerJson(restaurant, new Date("2026-11-27T06:00:00Z"))).toBeUndefined();
    expect(openNowPerJson({ ...place, ...hours }, new Date("2026-11-26T21:00:00Z"))).toBeUndefined();
  });

  it("holds without a change within the week (null)", () => {
    expect(openNowPerJson({ ...restaurant, nextChange: null }, new Date("2026-12-20T00:00:00Z"))).toBe(true);
  });
});
