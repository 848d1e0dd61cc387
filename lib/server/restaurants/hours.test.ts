import { expect, it, vi } from "vitest";
import { everyDay } from "@/lib/shared/time/opening-hours";
import { restaurantRow, setUpTestDatabase } from "../platform/testing/db";

// A restaurant's schedule is parsed once per row object (the catalog cache's rows live until the
// catalog changes), while whether it is open is computed at each answer's time.

const test = setUpTestDatabase();
const restaurants = { ...(await import("./restaurants")), ...(await import("./open-now")) };

it("parses a row's hours once, and still answers openNow at the time of each call", async () => {
  const owner = await test.db.user.create({ data: { firstName: "Owner" } });
  const row = await test.db.restaurant.create({
    data: { ...restaurantRow(owner.id, { name: "Clockwork" }), timeZone: "UTC", hours: JSON.stringify(everyDay({ open: "17:00", close: "20:00" })) },
  });
  expect(restaurants.openingHoursOf(row)).toBe(restaurants.openingHoursOf(row));
  // Another row object (the catalog changed, the row was read again) is parsed again.
  const changed = { ...row, hours: JSON.stringify(everyDay({ open: "09:00", close: "10:00" })) };
  expect(restaurants.openingHoursOf(changed).hours.mon).toEqual([{ open: "09:00", close: "10:00" }]);
  // The same (cached) schedule on either side of its opening time.
  expect(restaurants.filterOpenNow([row], new Date("2026-11-23T16:59:00Z"))).toEqual([]);
  expect(restaurants.filterOpenNow([row], new Date("2026-11-23T17:00:00Z"))).toEqual([row]);
  expect(restaurants.restaurantToJson(row, "USD").nextChange).not.toBeNull();
});

// The open status and today's closing time are kept per schedule while they hold (openFactsOf):
// the clock below moves across an opening, a closing and the restaurant's midnight, and every
// answer must be the one computed afresh at that instant.
it("keeps a row's open status and closing time until its next change or local midnight, never past them", async () => {
  const owner = await test.db.user.create({ data: { firstName: "Owner" } });
  const hours = { ...everyDay({ open: "11:00", close: "14:00" }, { open: "17:00", close: "22:00" }), tue: [{ open: "11:00", close: "23:00" }] };
  const row = await test.db.restaurant.create({ data: { ...restaurantRow(owner.id, { name: "Kept" }), timeZone: "UTC", hours: JSON.stringify(hours) } });
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    const seen = (iso: string) => {
      vi.setSystemTime(new Date(iso));
      const json = restaurants.restaurantToJson(row, "USD");
      return { openNow: json.openNow, nextChange: json.nextChange, closingTime: json.closingTime };
    };
    // Monday 2026-11-23 (UTC): before lunch, computed once and then kept until the opening.
    expect(seen("2026-11-23T10:00:00Z")).toEqual({ openNow: false, nextChange: "2026-11-23T11:00:00.000Z", closingTime: "22:00" });
    const kept = restaurants.openFactsOf(row);
    vi.setSystemTime(new Date("2026-11-23T10:59:59Z"));
    expect(restaurants.openFactsOf(row)).toBe(kept);
    expect(kept.until).toBe(Date.parse("2026-11-23T11:00:00Z"));
    // A new row object with the same schedule (the catalog changed: a like, a rename) is not computed again;
    // another schedule is its own.
    const renamed = { ...row, name: "Renamed" };
    expect(restaurants.openFactsOf(renamed)).toBe(kept);
    expect(restaurants.openFactsOf({ ...row, closingTime: "21:00" })).not.toBe(kept);
    // The opening, the closing, the evening.
    expect(seen("2026-11-23T11:00:00Z")).toEqual({ openNow: true, nextChange: "2026-11-23T14:00:00.000Z", closingTime: "22:00" });
    expect(restaurants.openFactsOf(row)).not.toBe(kept);
    expect(seen("2026-11-23T14:00:00Z")).toEqual({ openNow: false, nextChange: "2026-11-23T17:00:00.000Z", closingTime: "22:00" });
    expect(seen("2026-11-23T21:59:00Z")).toEqual({ openNow: true, nextChange: "2026-11-23T22:00:00.000Z", closingTime: "22:00" });
    // Closed for the night: kept until midnight (not until Tuesday's opening), where today's closing time changes.
    expect(seen("2026-11-23T22:00:00Z")).toEqual({ openNow: false, nextChange: "2026-11-24T11:00:00.000Z", closingTime: "22:00" });
    expect(restaurants.openFactsOf(row).until).toBe(Date.parse("2026-11-24T00:00:00Z"));
    expect(seen("2026-11-23T23:59:59Z").closingTime).toBe("22:00");
    expect(seen("2026-11-24T00:00:00Z")).toEqual({ openNow: false, nextChange: "2026-11-24T11:00:00.000Z", closingTime: "23:00" });
    // A clock set back is computed again, not served from the later span.
    expect(seen("2026-11-23T12:00:00Z")).toEqual({ openNow: true, nextChange: "2026-11-23T14:00:00.000Z", closingTime: "22:00" });
    // A list's answer holds until the first of its restaurants changes.
    vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
    expect(restaurants.restaurantsUntil([row])).toBe(Date.parse("2026-11-23T14:00:00Z"));
    expect(restaurants.restaurantsUntil([])).toBeNull();
  } finally {
    vi.useRealTimers();
  }
});

it("an ?open=true list holds until the next whole minute at most (hours are whole minutes), and sees the opening after it", async () => {
  const owner = await test.db.user.create({ data: { firstName: "Owner" } });
  const row = await test.db.restaurant.create({
    data: { ...restaurantRow(owner.id, { name: "Minute Diner" }), timeZone: "UTC", hours: JSON.stringify(everyDay({ open: "12:00", close: "13:00" })) },
  });
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    const list = () => restaurants.listRestaurants({ q: "Minute Diner", open: true, limit: 20, offset: 0 });
    vi.setSystemTime(new Date("2026-11-23T11:59:30Z"));
    expect(await list()).toMatchObject({ restaurants: [], until: Date.parse("2026-11-23T12:00:00Z") });
    vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
    const open = await list();
    expect(open.restaurants.map((r) => r.id)).toEqual([row.id]);
    expect(open.until).toBe(Date.parse("2026-11-23T12:01:00Z"));
  } finally {
    vi.useRealTimers();
  }
});

// One source of hours: businessHours and closingTime in the JSON are written from the weekly
// schedule, never from the row's old free-text column (the demo's always-open restaurants said
// "Mon-Sun 11:00 AM - 10:00 PM" there while customers saw them open around the clock).
it("writes businessHours and closingTime from the weekly schedule, not from the row's old text", async () => {
  const owner = await test.db.user.create({ data: { firstName: "Owner" } });
  const create = (name: string, hours: unknown) =>
    test.db.restaurant.create({
      data: { ...restaurantRow(owner.id, { name }), timeZone: "UTC", businessHours: "Mon-Sun 11:00 AM - 10:00 PM", closingTime: "21:00", hours: JSON.stringify(hours) },
    });
  const allDay = await create("Always", everyDay({ open: "00:00", close: "24:00" }));
  const lateNights = await create("Late", { ...everyDay({ open: "17:00", close: "24:00" }), mon: [] });
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    vi.setSystemTime(new Date("2026-11-24T12:00:00Z")); // a Tuesday
    expect(restaurants.restaurantToJson(allDay, "USD")).toMatchObject({ businessHours: "Mon-Sun Open 24 hours (12:00 AM - 12:00 AM)", closingTime: "22:00" });
    expect(restaurants.restaurantToJson(lateNights, "USD")).toMatchObject({ businessHours: "Mon Closed; Tue-Sun 5:00 PM - 12:00 AM", closingTime: "00:00" });
    vi.setSystemTime(new Date("2026-11-23T12:00:00Z")); // Monday: closed all day, the spec's default
    expect(restaurants.restaurantToJson(lateNights, "USD").closingTime).toBe("22:00");
  } finally {
    vi.useRealTimers();
  }
});
