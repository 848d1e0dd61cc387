// The maps' and the courier app's distances: lib/shared/delivery/distance.ts (the market's unit, the reader's words).
export { distanceIn, distanceUnitOf, metresIn, niceLengths, unitWords, type DistanceUnit, type UnitWords } from "@/lib/shared/delivery/distance";
