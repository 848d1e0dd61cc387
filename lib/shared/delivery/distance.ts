import type { Words } from "@/lib/i18n/words";
import { roundKm } from "./delivery";
import { fill } from "../words/fill";

// Distances as a person reads them, in the market's unit (Market.distanceUnit): "1.2 km" or "350 m"
// in a km market, "0.8 mi" or "300 ft" (under a tenth of a mile) in a mi one, in the reader's words
// (the catalogue's courier.units and courier.miles). Plain module: pages, maps and tests import it.

export type DistanceUnit = "km" | "mi";

/** A market's stored unit ("km" | "mi"); anything else reads as km. */
export const distanceUnitOf = (unit: string | null | undefined): DistanceUnit => (unit === "mi" ? "mi" : "km");

/** The unit words ("{n} km", "{n} m", "{n} mi", "{n} ft", the decimal mark) and, from the page, the market's unit. */
export type UnitWords = Words<"courier">["units"] & Pick<Words<"courier">["miles"], "mi" | "ft"> & { unit?: DistanceUnit };

/** A mi market's sentences about distances (the catalogue's courier.miles); a km market keeps its areas' own "{km} km" ones. */
export type MilesWords = Words<"courier">["miles"];

/** A page's unit words: the catalogue's courier.units and courier.miles, with the market's unit. */
export const unitWords = (courier: Pick<Words<"courier">, "units" | "miles">, unit: string | null | undefined = "km"): UnitWords => ({
  ...courier.units,
  mi: courier.miles.mi,
  ft: courier.miles.ft,
  unit: distanceUnitOf(unit),
});

export const KM_PER_MILE = 1.609344;
const FEET_PER_MILE = 5_280;

/** "1.2 km", "350 m" under a kilometre; "0.8 mi", "300 ft" under a tenth of a mile ("1,2 km" in Spanish). */
export function distanceIn(km: number, units: UnitWords, unit: DistanceUnit = units.unit ?? "km"): string {
  if (unit === "mi") {
    const miles = km / KM_PER_MILE;
    if (miles < 0.1) return fill(units.ft, { n: Math.max(10, Math.round((miles * FEET_PER_MILE) / 10) * 10) });
    return fill(units.mi, { n: String(roundKm(miles)).replace(".", units.decimal) });
  }
  if (km < 1) return fill(units.m, { n: Math.max(10, Math.round((km * 1000) / 10) * 10) });
  return fill(units.km, { n: String(roundKm(km)).replace(".", units.decimal) });
}

/** A length stored in km as a form shows it in `unit`, to a tenth (8 km: 5 mi); km as stored. */
export const kmAsUnit = (km: number, unit: DistanceUnit): number => (unit === "mi" ? roundKm(km / KM_PER_MILE) : km);

/** A form's length typed in `unit`, as km text for the server (which keeps a tenth of a km); text that is no number is left to the form's checks. */
export const unitTextAsKm = (text: string, unit: DistanceUnit): string =>
  unit === "mi" && text.trim() !== "" && Number.isFinite(Number(text)) ? String(Number(text) * KM_PER_MILE) : text;

/** A range of km as `unit` reads it, inside the range (a tenth of a mile in). */
export const kmRangeIn = (min: number, max: number, unit: DistanceUnit): [number, number] =>
  unit === "mi" ? [Math.ceil((min / KM_PER_MILE) * 10) / 10, Math.floor((max / KM_PER_MILE) * 10) / 10] : [min, max];

const NICE_METRES = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000];
const METRES_PER_FOOT = 0.3048;
const NICE_FEET = [50, 100, 200, 500, 1_000, 2_000];
const NICE_MILES = [0.5, 1, 2, 5, 10, 20, 50];

/** A scale bar's round lengths in metres: metres and kilometres, or feet and miles. */
export const niceLengths = (unit: DistanceUnit = "km"): number[] =>
  unit === "mi" ? [...NICE_FEET.map((feet) => feet * METRES_PER_FOOT), ...NICE_MILES.map((miles) => miles * KM_PER_MILE * 1_000)] : NICE_METRES;

/** A scale bar's round lengths in `units`' unit and their labels, made by the page: a map whose scale changes in the browser picks one, and ships no formatter. */
export const scaleLabels = (units: UnitWords): { lengths: number[]; labels: string[] } => {
  const lengths = niceLengths(units.unit);
  return { lengths, labels: lengths.map((metres) => metresIn(metres, units)) };
};

/** A scale bar's length (one of niceLengths): "500 m", "2 km"; "500 ft", "0.5 mi". */
export function metresIn(metres: number, units: UnitWords, unit: DistanceUnit = units.unit ?? "km"): string {
  if (unit === "mi") {
    const feet = Math.round(metres / METRES_PER_FOOT);
    if (feet < FEET_PER_MILE / 2) return fill(units.ft, { n: feet });
    return fill(units.mi, { n: String(roundKm(metres / 1_000 / KM_PER_MILE)).replace(".", units.decimal) });
  }
  return metres >= 1_000 ? fill(units.km, { n: String(metres / 1_000).replace(".", units.decimal) }) : fill(units.m, { n: metres });
}

/** A mi market's pricing form: a band's km (one decimal, as stored) in miles to one decimal, and back; each way's rounding undoes the other's. */
export const milesOfKm = (km: number) => Math.round((km / KM_PER_MILE) * 10) / 10;
export const kmOfMiles = (miles: number) => Math.round(miles * KM_PER_MILE * 10) / 10;

/** A per-mile fee (minor units) as the per-km one stored (minor units). */
export const perKmOfPerMile = (perMile: number) => Math.round(perMile / KM_PER_MILE);

/** A stored per-km fee (minor units) as the per-mile fee an operator reads: of those that store as it, the roundest (75 -> 120, not 121). */
export function perMileOfPerKm(perKm: number): number {
  const trailingZeros = (n: number): number => (n === 0 ? 9 : n % 10 ? 0 : 1 + trailingZeros(n / 10));
  let best = Math.round(perKm * KM_PER_MILE);
  for (let m = Math.max(0, Math.ceil((perKm - 0.5) * KM_PER_MILE)); perKmOfPerMile(m) <= perKm; m++) {
    if (perKmOfPerMile(m) === perKm && trailingZeros(m) > trailingZeros(best)) best = m;
  }
  return best;
}
