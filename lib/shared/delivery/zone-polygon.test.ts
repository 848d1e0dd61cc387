import { describe, expect, it } from "vitest";
import { pointInPolygon, polygonArea, selfCrossing, zoneAt } from "./zone-polygon.mjs";

// A zone's shape (lib/shared/delivery/zone-polygon.mjs): whether a point lies inside the polygon drawn.

const square = [
  { lat: 37.7, lng: -122.5 },
  { lat: 37.7, lng: -122.4 },
  { lat: 37.8, lng: -122.4 },
  { lat: 37.8, lng: -122.5 },
];
// An L: the notch (north-east quarter) is outside.
const ell = [
  { lat: 0, lng: 0 },
  { lat: 0, lng: 2 },
  { lat: 1, lng: 2 },
  { lat: 1, lng: 1 },
  { lat: 2, lng: 1 },
  { lat: 2, lng: 0 },
];

describe("pointInPolygon", () => {
  it("finds a point inside a square and none outside it", () => {
    expect(pointInPolygon({ lat: 37.75, lng: -122.45 }, square)).toBe(true);
    expect(pointInPolygon({ lat: 37.85, lng: -122.45 }, square)).toBe(false);
    expect(pointInPolygon({ lat: 37.75, lng: -122.35 }, square)).toBe(false);
    expect(pointInPolygon({ lat: 37.75, lng: -122.55 }, square)).toBe(false);
  });

  it("reads a concave polygon: the notch of an L is outside, its arms inside", () => {
    expect(pointInPolygon({ lat: 0.5, lng: 1.5 }, ell)).toBe(true);
    expect(pointInPolygon({ lat: 1.5, lng: 0.5 }, ell)).toBe(true);
    expect(pointInPolygon({ lat: 1.5, lng: 1.5 }, ell)).toBe(false);
  });

  it("is the same whichever way the corners turn", () => {
    const reversed = [...ell].reverse();
    for (const point of [
      { lat: 0.5, lng: 1.5 },
      { lat: 1.5, lng: 1.5 },
      { lat: 1.9, lng: 0.1 },
    ])
      expect(pointInPolygon(point, reversed)).toBe(pointInPolygon(point, ell));
  });

  it("gives the first zone drawn where two overlap, and null outside every zone", () => {
    const zones = [
      { id: 1, polygon: square },
      { id: 2, polygon: square },
    ];
    expect(zoneAt({ lat: 37.75, lng: -122.45 }, zones)?.id).toBe(1);
    expect(zoneAt({ lat: 10, lng: 10 }, zones)).toBeNull();
  });
});

describe("a polygon's checks", () => {
  it("measures the area; a line has none", () => {
    expect(polygonArea(ell)).toBeCloseTo(3);
    expect(
      polygonArea([
        { lat: 0, lng: 0 },
        { lat: 1, lng: 1 },
        { lat: 2, lng: 2 },
      ]),
    ).toBe(0);
  });

  it("finds crossing edges (a bow tie), not a plain or concave polygon's", () => {
    const bowTie = [
      { lat: 0, lng: 0 },
      { lat: 1, lng: 1 },
      { lat: 1, lng: 0 },
      { lat: 0, lng: 1 },
    ];
    expect(selfCrossing(bowTie)).toBe(true);
    expect(selfCrossing(square)).toBe(false);
    expect(selfCrossing(ell)).toBe(false);
  });
});
