import type { Words } from "@/lib/i18n/words";
import { roundKm } from "@/lib/shared/delivery";
import { fill } from "@/lib/shared/fill";

/** The unit words of a distance, from the catalogue (courier.units): "{n} km", "{n} m" and the decimal mark. */
export type UnitWords = Words<"courier">["units"];

/** The catalogue's English units (distance.test.ts holds them equal), for a map whose page passes no words yet. */
export const ENGLISH_UNITS: UnitWords = { m: "{n} m", km: "{n} km", decimal: "." };

/** "1.2 km", or "350 m" under a kilometre (lib/shared/delivery-text.ts formatDistance), in the reader's words: "1,2 km" in Spanish. */
export function distanceIn(km: number, units: UnitWords): string {
  if (km < 1) return fill(units.m, { n: Math.max(10, Math.round((km * 1000) / 10) * 10) });
  return fill(units.km, { n: String(roundKm(km)).replace(".", units.decimal) });
}

/** A scale bar's length: "500 m", "2 km". */
export const metresIn = (metres: number, units: UnitWords): string =>
  metres >= 1_000 ? fill(units.km, { n: String(metres / 1_000).replace(".", units.decimal) }) : fill(units.m, { n: metres });
