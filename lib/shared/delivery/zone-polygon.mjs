// @ts-check
// A delivery zone's shape (docs/architecture/dispatch-matching.md "Scheduled hours by zone"): a polygon of
// points an operator drew on the map, and whether a point lies inside it. Plain JavaScript with
// JSDoc types, so the bench's dispatch simulation (Node 20) runs it as it is, as
// lib/shared/delivery/dispatch-matching.mjs.

/** @typedef {{ lat: number, lng: number }} Point */

/** A zone has at least this many corners and at most ZONE_MAX_POINTS. */
export const ZONE_MIN_POINTS = 3;
export const ZONE_MAX_POINTS = 40;

/**
 * Whether `point` lies inside `polygon` (its corners in order, the last joined to the first): the
 * even-odd rule on a ray eastwards, in degrees (a zone is a city's part: the plane is close enough).
 * A point on an edge may fall either way.
 * @param {Point} point
 * @param {readonly Point[]} polygon
 */
export function pointInPolygon(point, polygon) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = /** @type {Point} */ (polygon[i]);
    const b = /** @type {Point} */ (polygon[j]);
    if (a.lat > point.lat !== b.lat > point.lat) {
      const lngAt = a.lng + ((point.lat - a.lat) / (b.lat - a.lat)) * (b.lng - a.lng);
      if (point.lng < lngAt) inside = !inside;
    }
  }
  return inside;
}

/**
 * The area enclosed (square degrees, shoelace), 0 for a line or a point: a polygon of no area is refused.
 * @param {readonly Point[]} polygon
 */
export function polygonArea(polygon) {
  let twice = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = /** @type {Point} */ (polygon[i]);
    const b = /** @type {Point} */ (polygon[j]);
    twice += b.lng * a.lat - a.lng * b.lat;
  }
  return Math.abs(twice) / 2;
}

/**
 * Whether two edges cross (touching ends do not count): a polygon whose edges cross is refused.
 * @param {Point} p1 @param {Point} p2 @param {Point} q1 @param {Point} q2
 */
function edgesCross(p1, p2, q1, q2) {
  const side = (/** @type {Point} */ a, /** @type {Point} */ b, /** @type {Point} */ c) =>
    Math.sign((b.lng - a.lng) * (c.lat - a.lat) - (b.lat - a.lat) * (c.lng - a.lng));
  return side(p1, p2, q1) * side(p1, p2, q2) < 0 && side(q1, q2, p1) * side(q1, q2, p2) < 0;
}

/**
 * Whether the polygon's edges cross one another (a bow tie): the zone would be two.
 * @param {readonly Point[]} polygon
 */
export function selfCrossing(polygon) {
  const n = polygon.length;
  const at = (/** @type {number} */ i) => /** @type {Point} */ (polygon[i % n]);
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (edgesCross(at(i), at(i + 1), at(j), at(j + 1))) return true;
    }
  }
  return false;
}

/**
 * The zone whose polygon holds `point` (the first drawn when two overlap), or null.
 * @template {{ id: number, polygon: readonly Point[] }} Z
 * @param {Point} point
 * @param {readonly Z[]} zones
 * @returns {Z | null}
 */
export function zoneAt(point, zones) {
  for (const zone of zones) if (pointInPolygon(point, zone.polygon)) return zone;
  return null;
}
