import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { wordsFor } from "@/lib/i18n/translate";
import { ZoneMap, viewAt } from "@/components/operators/zone-map";
import { radiusInMiles } from "@/components/owner/restaurant-form-words";
import { DEFAULT_DELIVERY_RADIUS_KM, MAX_DELIVERY_RADIUS_KM, MIN_DELIVERY_RADIUS_KM } from "./delivery";
import { kmAsUnit, kmRangeIn, scaleLabels, unitTextAsKm, unitWords } from "./distance";

// Lengths stored in km that a person types or reads in the market's unit: the owner's delivery
// radius field (restaurant-form.tsx) and the zones' map scale (zone-map.tsx).

describe("a radius field in the market's unit", () => {
  it("shows km as stored in a km market, miles to a tenth in a mi one, and sends km", () => {
    expect(kmAsUnit(8, "km")).toBe(8);
    expect(kmAsUnit(DEFAULT_DELIVERY_RADIUS_KM, "mi")).toBe(5);
    expect(unitTextAsKm("5", "km")).toBe("5");
    expect(Number(unitTextAsKm("5", "mi"))).toBeCloseTo(8.047, 3);
    // What is no number is left to the form's own checks (required, a number).
    expect(unitTextAsKm("", "mi")).toBe("");
    expect(unitTextAsKm("five", "mi")).toBe("five");
    // Saved and read back: 5 mi is stored as 8.0 km (a tenth), which reads 5 mi again.
    expect(kmAsUnit(Math.round(Number(unitTextAsKm("5", "mi")) * 10) / 10, "mi")).toBe(5);
  });

  it("offers only miles whose km the server accepts", () => {
    expect(kmRangeIn(MIN_DELIVERY_RADIUS_KM, MAX_DELIVERY_RADIUS_KM, "km")).toEqual([0.5, 50]);
    const [min, max] = kmRangeIn(MIN_DELIVERY_RADIUS_KM, MAX_DELIVERY_RADIUS_KM, "mi");
    expect([min, max]).toEqual([0.4, 31]);
    for (const miles of [min, max]) {
      const km = Number(unitTextAsKm(String(miles), "mi"));
      expect(km).toBeGreaterThanOrEqual(MIN_DELIVERY_RADIUS_KM);
      expect(km).toBeLessThanOrEqual(MAX_DELIVERY_RADIUS_KM);
    }
  });
});

describe("the radius field's words in a mi market", () => {
  it("says miles, with the range the field accepts, and a new restaurant's radius in miles", () => {
    expect(radiusInMiles("en")).toEqual({
      label: "Delivery radius (mi)",
      hint: "How far you deliver, 0.4 to 31 mi. Customers farther away can still order pickup",
      range: "Delivery radius must be a number of miles from 0.4 to 31",
      initial: "5",
    });
    expect(radiusInMiles("es").label).toBe("Radio de entrega (mi)");
  });
});

describe("the zones' map scale", () => {
  const map = (units?: ReturnType<typeof scaleLabels>) =>
    renderToStaticMarkup(createElement(ZoneMap, { view: viewAt({ lat: 37.77, lng: -122.42 }, 12), polygon: [], others: [], onAdd: () => {}, tileUrl: null, units }));

  it("reads in the default market's unit and the reader's words", () => {
    expect(map()).toMatch(/>\d+(\.\d+)? k?m</);
    expect(map(scaleLabels(unitWords(wordsFor("en", "courier"), "km")))).toBe(map());
    expect(map(scaleLabels(unitWords(wordsFor("es", "courier"), "mi")))).toMatch(/>(\d+ ft|\d+(,\d+)? mi)</);
  });
});
