import { describe, expect, it } from "vitest";
import { fitView, MAX_ZOOM, project, scaleBar, tilesFor, toWorld } from "./projection";

const restaurant = { lat: 40.7411, lng: -73.9897 };
const dropoff = { lat: 40.7306, lng: -73.9866 };

describe("fitView", () => {
  it("keeps every point inside the padded box, touching it on the tighter axis", () => {
    const view = fitView([restaurant, dropoff], 360, 240, 32);
    const points = [restaurant, dropoff].map((p) => project(view, p));
    for (const { x, y } of points) {
      expect(x).toBeGreaterThanOrEqual(32 - 1e-6);
      expect(x).toBeLessThanOrEqual(360 - 32 + 1e-6);
      expect(y).toBeGreaterThanOrEqual(32 - 1e-6);
      expect(y).toBeLessThanOrEqual(240 - 32 + 1e-6);
    }
    // North-south pair: the vertical span fills the inner height.
    expect(Math.abs(points[0]!.y - points[1]!.y)).toBeCloseTo(240 - 64, 5);
    // The restaurant is north of the drop-off: higher on the map.
    expect(points[0]!.y).toBeLessThan(points[1]!.y);
  });

  it("centres a single point at the closest zoom", () => {
    const view = fitView([restaurant], 300, 200, 20);
    expect(view.zoom).toBe(MAX_ZOOM);
    const { x, y } = project(view, restaurant);
    expect(x).toBeCloseTo(150, 6);
    expect(y).toBeCloseTo(100, 6);
  });
});

describe("toWorld", () => {
  it("puts (0, 0) in the middle of the world and clamps the poles", () => {
    expect(toWorld({ lat: 0, lng: 0 })).toEqual({ x: 128, y: 128 });
    expect(toWorld({ lat: 90, lng: 180 }).y).toBeCloseTo(0, 6);
  });
});

describe("scaleBar", () => {
  it("picks a round distance no wider than asked", () => {
    const view = fitView([restaurant, dropoff], 360, 240, 32);
    const bar = scaleBar(view, restaurant.lat, 100);
    expect(["100 m", "200 m", "500 m", "1 km"]).toContain(bar.label);
    expect(bar.px).toBeLessThanOrEqual(100);
    expect(bar.px).toBeGreaterThan(100 / 2.5);
  });
});

describe("tilesFor", () => {
  it("covers the view with the tiles of the whole zoom below it, filling the template", () => {
    const view = fitView([restaurant, dropoff], 360, 240, 32);
    const tiles = tilesFor(view, "https://tiles.example/{z}/{x}/{y}.png");
    const z = Math.floor(view.zoom);
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) expect(tile.url).toMatch(new RegExp(`^https://tiles.example/${z}/\\d+/\\d+\\.png$`));
    // Union covers the view: the leftmost/topmost start at or before 0, the last end at or after the size.
    expect(Math.min(...tiles.map((t) => t.x))).toBeLessThanOrEqual(0);
    expect(Math.min(...tiles.map((t) => t.y))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.x + t.size))).toBeGreaterThanOrEqual(360);
    expect(Math.max(...tiles.map((t) => t.y + t.size))).toBeGreaterThanOrEqual(240);
    // The tile holding the restaurant is the one OpenStreetMap's formula names.
    const n = 2 ** z;
    const tx = Math.floor(((restaurant.lng + 180) / 360) * n);
    const rad = (restaurant.lat * Math.PI) / 180;
    const ty = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
    const at = project(view, restaurant);
    const holder = tiles.find((t) => at.x >= t.x && at.x < t.x + t.size && at.y >= t.y && at.y < t.y + t.size)!;
    expect(holder.url).toBe(`https://tiles.example/${z}/${tx}/${ty}.png`);
  });
});
