import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { wordsFor } from "@/lib/i18n/translate";
import { courierStatusLine } from "@/lib/shared/delivery/delivery-text";
import { distanceIn, metresIn, niceLengths, unitWords } from "./distance";
import { scaleBar } from "./projection";

const en = unitWords(wordsFor("en", "courier"));
const es = unitWords(wordsFor("es", "courier"));

describe("distances in the reader's words", () => {
  it("are rounded to a tenth of a km, metres below one, with the decimal mark of the language", () => {
    expect(distanceIn(1.25, en)).toBe("1.3 km");
    expect(distanceIn(0.35, en)).toBe("350 m");
    expect(distanceIn(1.25, es)).toBe("1,3 km");
    expect(metresIn(500, en)).toBe("500 m");
    expect(metresIn(2_000, en)).toBe("2 km");
  });

  it("in a mi market, miles to a tenth and feet under a tenth of a mile, in English and Spanish", () => {
    const miles = unitWords(wordsFor("en", "courier"), "mi");
    expect(distanceIn(1.3, miles)).toBe("0.8 mi");
    expect(distanceIn(1.3, en, "mi")).toBe("0.8 mi");
    expect(distanceIn(16.09344, miles)).toBe("10 mi");
    expect(distanceIn(0.161, miles)).toBe("0.1 mi");
    expect(distanceIn(0.1, miles)).toBe("330 ft");
    expect(distanceIn(0, miles)).toBe("10 ft");
    expect(distanceIn(2, en, "mi")).toBe("1.2 mi");
    expect(distanceIn(0.05, en, "mi")).toBe("160 ft");
    expect(distanceIn(2, es, "mi")).toBe("1,2 mi");
    expect(distanceIn(0.1, unitWords(wordsFor("es", "courier"), "mi"))).toBe("330 pies");
    // A stored unit other than mi reads as km.
    expect(distanceIn(2, unitWords(wordsFor("en", "courier"), "furlongs"))).toBe("2 km");
  });

  it("the owner's board line reads the order's delivery in its market's unit", () => {
    const point = { lat: 37.77, lng: -122.42 };
    const delivery = { state: "assigned" as const, gaveUp: false, arrivedAt: null, failureReason: null, restaurant: point, dropoff: point, distanceKm: 2 };
    expect(courierStatusLine({ id: 1, firstName: "Dev" }, delivery, undefined, { board: ENGLISH.lines.board, units: en })).toMatch(
      /^Dev arrives in about \d+ min, 2 km$/,
    );
    expect(courierStatusLine({ id: 1, firstName: "Dev" }, { ...delivery, distanceUnit: "mi" }, undefined, { board: ENGLISH.lines.board, units: en })).toMatch(
      /^Dev arrives in about \d+ min, 1\.2 mi$/,
    );
  });

  it("a map's scale bar is a round length in the market's unit", () => {
    const view = { width: 480, height: 300, zoom: 14, origin: { x: 40.9, y: 98.9 } };
    const km = scaleBar(view, 37.77, 96);
    expect(km.label).toMatch(/^\d+ (m|km)$/);
    expect(km.label).toBe(metresIn(km.metres, en));
    const mi = scaleBar(view, 37.77, 96, niceLengths("mi"));
    expect(metresIn(mi.metres, en, "mi")).toMatch(/^\d+(\.5)? (ft|mi)$/);
    expect(mi.px).toBeLessThanOrEqual(96);
    expect(metresIn(152.4, en, "mi")).toBe("500 ft");
    expect(metresIn(804.672, en, "mi")).toBe("0.5 mi");
    expect(metresIn(804.672, es, "mi")).toBe("0,5 mi");
    expect(metresIn(3_218.688, en, "mi")).toBe("2 mi");
  });
});
