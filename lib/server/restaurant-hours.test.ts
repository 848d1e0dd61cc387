import { expect, it } from "vitest";
import { everyDay } from "@/lib/shared/opening-hours";
import { restaurantRow, setUpTestDatabase } from "./test-db";

// A restaurant's schedule is parsed once per row object (the catalog cache's rows live until the
// catalog changes), while whether it is open is computed at each answer's time.

const test = setUpTestDatabase();
const restaurants = await import("./restaurants");

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
  expect(restaurants.restaurantToJson(row).nextChange).not.toBeNull();
});
