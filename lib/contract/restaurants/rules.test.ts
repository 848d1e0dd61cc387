import { describe, expect, it } from "vitest";
import { everyDay } from "@/lib/shared/time/opening-hours";
import { RESTAURANT_SAID as M, openingHoursErrors, restaurantCreateSchema, restaurantFormErrors, restaurantUpdateSchema, type RestaurantFormValues } from "./rules";
import { errorFor as firstError, restaurantForm } from "../testing/support";

const valid = restaurantForm;
/** The first message the create schema gives for `field` when the body carries `value`. */
const errorFor = (field: string, value: unknown) => firstError(restaurantCreateSchema, valid, field, value);

describe("restaurant form rules (spec section 5)", () => {
  it("accepts a complete restaurant, fee in cents, closing time 22:00 by default", () => {
    const parsed = restaurantCreateSchema.parse(valid);
    expect(parsed).toMatchObject({ name: "Lantern Noodle House", deliveryFeeCents: 299, deliveryTime: 35, closingTime: "22:00" });
    expect(parsed).not.toHaveProperty("deliveryFee");
  });

  it("deliveryRadiusKm: 0.5 to 50 km, 8 when not sent, kept to 0.1 km", () => {
    expect(restaurantCreateSchema.parse(valid).deliveryRadiusKm).toBe(8);
    expect(restaurantCreateSchema.parse({ ...valid, deliveryRadiusKm: 12.34 }).deliveryRadiusKm).toBe(12.3);
    for (const bad of [0.4, 50.1, -1]) expect(errorFor("deliveryRadiusKm", bad)).toBe(M.radius);
    expect(errorFor("deliveryRadiusKm", "far")).toBe(M.radius);
    expect(errorFor("deliveryRadiusKm", 0.5)).toBeUndefined();
    expect(restaurantUpdateSchema.parse({ deliveryRadiusKm: 50 })).toEqual({ deliveryRadiusKm: 50 });
  });

  it("name: 2 to 50 characters", () => {
    expect(errorFor("name", "")).toBe(M.nameRequired);
    expect(errorFor("name", "A")).toBe(M.nameLength);
    expect(errorFor("name", "A".repeat(51))).toBe(M.nameLength);
    expect(errorFor("name", "Al")).toBeUndefined();
  });

  it("description: 10 to 500 characters", () => {
    expect(errorFor("description", "Too short")).toBe(M.descriptionLength);
    expect(errorFor("description", "x".repeat(501))).toBe(M.descriptionLength);
    expect(errorFor("description", "Ten chars!")).toBeUndefined();
  });

  it("address: at least 5 characters, starting with a number", () => {
    expect(errorFor("address", "1 Ma")).toBe(M.addressLength);
    expect(errorFor("address", "Main Street 5")).toBe(M.addressNumber);
    expect(errorFor("address", "5 Main")).toBeUndefined();
  });

  it("city: letters, spaces and hyphens only", () => {
    expect(errorFor("city", "Springfield 2")).toBe(M.city);
    expect(errorFor("city", "St. Louis")).toBe(M.city);
    expect(errorFor("city", "Winston-Salem")).toBeUndefined();
    expect(errorFor("city", "New York")).toBeUndefined();
  });

  it("state: two uppercase letters; zip: five digits", () => {
    for (const bad of ["ca", "C", "CAL", "C1"]) expect(errorFor("state", bad)).toBe(M.state);
    for (const bad of ["1234", "123456", "1234a", "12 34"]) expect(errorFor("zip", bad)).toBe(M.zip);
  });

  it("delivery fee: a number, not negative, at most two decimals", () => {
    expect(errorFor("deliveryFee", -0.01)).toBe(M.feeNegative);
    expect(errorFor("deliveryFee", 1.234)).toBe(M.feeDecimals);
    expect(errorFor("deliveryFee", "2.99")).toBe(M.feeNumber);
    expect(errorFor("deliveryFee", undefined)).toBe(M.feeRequired);
    expect(restaurantCreateSchema.parse({ ...valid, deliveryFee: 0 }).deliveryFeeCents).toBe(0);
  });

  it("delivery time: a whole number of minutes from 1 to 180", () => {
    for (const bad of [0, 181, 12.5, -5]) expect(errorFor("deliveryTime", bad)).toBe(M.time);
    expect(errorFor("deliveryTime", 1)).toBeUndefined();
    expect(errorFor("deliveryTime", 180)).toBeUndefined();
  });

  it("business hours: required and containing ':'", () => {
    expect(errorFor("businessHours", " ")).toBe(M.hoursRequired);
    expect(errorFor("businessHours", undefined)).toBe(M.hoursRequired);
    expect(errorFor("businessHours", "Mornings")).toBe(M.hours);
  });

  it("business hours text is checked, then ignored: the stored text is the weekly schedule's", () => {
    const hours = { ...everyDay({ open: "11:00", close: "22:00" }), mon: [] };
    const text = "Mon Closed; Tue-Sun 11:00 AM - 10:00 PM";
    expect(restaurantCreateSchema.parse({ ...valid, hours })).toMatchObject({ hours: JSON.stringify(hours), businessHours: text });
    expect(restaurantCreateSchema.parse({ ...valid, businessHours: "9:00 - 5:00", hours }).businessHours).toBe(text);
    // Without hours: open around the clock, whatever the text says.
    expect(restaurantCreateSchema.parse(valid).businessHours).toBe("Mon-Sun Open 24 hours (12:00 AM - 12:00 AM)");
    // A schedule stands for the text: businessHours is not required beside it.
    const { businessHours: _text, ...withoutText } = valid;
    expect(restaurantCreateSchema.parse({ ...withoutText, hours }).businessHours).toBe(text);
    // An update: the text follows the hours sent; sent alone, it changes nothing.
    expect(restaurantUpdateSchema.parse({ hours })).toEqual({ hours: JSON.stringify(hours), businessHours: text });
    expect(restaurantUpdateSchema.parse({ businessHours: "9:00 - 5:00" })).toEqual({});
    expect(restaurantUpdateSchema.safeParse({ businessHours: "All day" }).error?.issues[0]?.message).toBe(M.hours);
  });

  it("store image: an http(s) URL or a photo on this site", () => {
    for (const bad of ["not a url", "ftp://example.com/a.jpg", "javascript:alert(1)", "/etc/passwd", "/images/../secret"]) {
      expect(errorFor("storeImage", bad), bad).toBe(M.image);
    }
    expect(errorFor("storeImage", "/images/food/thai-green-curry.webp")).toBeUndefined();
    expect(errorFor("storeImage", "/uploads/abc123.webp")).toBeUndefined();
  });

  it("cuisine and price level come from the lists of section 9", () => {
    expect(errorFor("cuisineType", "Martian")).toBe(M.cuisine);
    expect(errorFor("cuisineType", undefined)).toBe(M.cuisine);
    expect(errorFor("priceLevel", "$$")).toBe(M.priceLevel);
    expect(errorFor("cuisineType", "Fast Food")).toBeUndefined();
  });

  it("closing time: HH:MM on a 24-hour clock when given", () => {
    for (const bad of ["24:00", "9:00", "10pm"]) expect(errorFor("closingTime", bad)).toBe(M.closingTime);
    expect(restaurantCreateSchema.parse({ ...valid, closingTime: "23:30" }).closingTime).toBe("23:30");
  });

  it("never takes the owner, the active flag or the rating from a body", () => {
    const parsed = restaurantCreateSchema.parse({ ...valid, ownerId: 1, servicing: false, ratingSum: 50, numReviews: 10 });
    expect(Object.keys(parsed)).not.toEqual(expect.arrayContaining(["ownerId"]));
    for (const key of ["ownerId", "servicing", "ratingSum", "numReviews"]) expect(parsed).not.toHaveProperty(key);
  });

  it("an update checks only the fields sent, by the same rules", () => {
    expect(restaurantUpdateSchema.parse({ deliveryFee: 1.5 })).toEqual({ deliveryFeeCents: 150 });
    expect(restaurantUpdateSchema.parse({})).toEqual({});
    expect(restaurantUpdateSchema.safeParse({ zip: "1" }).success).toBe(false);
  });
});

describe("restaurantFormErrors", () => {
  const text = (over: Partial<RestaurantFormValues> = {}): RestaurantFormValues =>
    ({
      ...Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, String(v)])),
      deliveryRadiusKm: "8",
      closingTime: "",
      ...over,
    }) as RestaurantFormValues;

  it("is empty for a valid form, and an empty closing time is allowed", () => {
    expect(restaurantFormErrors(text())).toEqual({});
  });

  it("reads the number boxes as numbers and says so when they are not", () => {
    expect(restaurantFormErrors(text({ deliveryFee: "abc" }))).toEqual({ deliveryFee: M.feeNumber });
    expect(restaurantFormErrors(text({ deliveryFee: "" }))).toEqual({ deliveryFee: M.feeRequired });
    expect(restaurantFormErrors(text({ deliveryTime: "200" }))).toEqual({ deliveryTime: M.time });
  });

  it("names every empty required field", () => {
    const empty = Object.fromEntries(Object.keys(text()).map((k) => [k, ""])) as RestaurantFormValues;
    expect(Object.keys(restaurantFormErrors(empty)).sort()).toEqual([
      "address",
      "city",
      "cuisineType",
      "deliveryFee",
      "deliveryRadiusKm",
      "deliveryTime",
      "description",
      "name",
      "priceLevel",
      "state",
      "storeImage",
      "zip",
    ]);
  });
});

describe("opening hours (owner writes)", () => {
  const week = everyDay({ open: "11:00", close: "22:00" });
  const draft = (over: Record<string, unknown>) => ({ timeZone: "America/Los_Angeles", hours: week, closures: [], ...over });
  it.each([
    [
      {
        hours: {
          ...week,
          mon: [
            { open: "11:00", close: "14:30" },
            { open: "14:00", close: "22:00" },
          ],
        },
      },
      "hours.mon.1.open",
    ],
    [{ hours: { ...week, tue: [{ open: "11:00", close: "25:00" }] } }, "hours.tue.0.close"],
    [{ hours: { ...week, wed: [{ open: "09:00", close: "09:00" }] } }, "hours.wed.0.close"],
    [
      {
        hours: {
          ...week,
          sat: [
            { open: "18:00", close: "02:00" },
            { open: "23:00", close: "23:30" },
          ],
        },
      },
      "hours.sat.1.open",
    ],
    [{ closures: [{ from: "2099-01-05", to: "2099-01-02" }] }, "closures.0.to"],
    [{ closures: [{ from: "2020-01-01", to: "2020-01-01" }] }, "closures.0.to"],
    [{ timeZone: "Mars/Olympus_Mons" }, "timeZone"],
  ])("%j is refused naming %s", (over, field) => {
    expect(Object.keys(openingHoursErrors(draft(over)))).toContain(field);
  });

  it("accepts across midnight, until midnight, a closed day and two intervals", () => {
    const hours = {
      ...week,
      mon: [],
      fri: [
        { open: "11:00", close: "14:30" },
        { open: "17:00", close: "02:00" },
      ],
      sun: [{ open: "00:00", close: "24:00" }],
    };
    expect(openingHoursErrors(draft({ hours, closures: [{ from: "2099-12-24", to: "2099-12-26" }] }))).toEqual({});
  });
});
