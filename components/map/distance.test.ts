import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { wordsFor } from "@/lib/i18n/translate";
import { formatDistance } from "@/lib/shared/delivery-text";
import { ENGLISH_MAP } from "./delivery-map";
import { distanceIn, ENGLISH_UNITS, metresIn } from "./distance";
import { ENGLISH_PIN } from "./pin-map";
import { ENGLISH_TRANSCRIPT } from "@/components/messages/message-transcript";

describe("distances in the reader's words", () => {
  it("are formatDistance's in English, with the decimal mark of the language", () => {
    const en = wordsFor("en", "courier").units;
    for (const km of [0, 0.004, 0.35, 0.999, 1, 1.25, 3.04, 12]) expect(distanceIn(km, en)).toBe(formatDistance(km));
    expect(distanceIn(1.25, wordsFor("es", "courier").units)).toBe("1,3 km");
    expect(metresIn(500, en)).toBe("500 m");
    expect(metresIn(2_000, en)).toBe("2 km");
  });

  it("a map's English without words is the catalogue's", () => {
    expect(ENGLISH_UNITS).toEqual(ENGLISH.courier.units);
    expect(ENGLISH_MAP).toEqual({ map: ENGLISH.courier.map, units: ENGLISH.courier.units });
    expect(ENGLISH_PIN).toEqual({ pin: ENGLISH.courier.pin, units: ENGLISH.courier.units });
    expect(ENGLISH_TRANSCRIPT).toEqual(ENGLISH.courier.transcript);
  });
});
