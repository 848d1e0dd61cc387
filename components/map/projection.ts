import type { Point } from "@/lib/shared/delivery/delivery";

// Web Mercator (the projection of every XYZ tile server), so the SVG sketch and a deployment's
// raster tiles (MAP_TILE_URL) line up. Pure: the map component and its tests import it.

export const TILE_SIZE = 256;
/** Closer than this, a city block fills the map: two points a few metres apart stay readable. */
export const MAX_ZOOM = 17;
const MAX_LAT = 85.05112878;

/** The point in world pixels at zoom 0 (0..256 on each axis; y grows southwards). */
export function toWorld({ lat, lng }: Point): { x: number; y: number } {
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return {
    x: TILE_SIZE * (0.5 + lng / 360),
    y: TILE_SIZE * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)),
  };
}

export type View = {
  width: number;
  height: number;
  /** Fractional zoom: world pixels are scaled by 2^zoom. */
  zoom: number;
  /** The world pixel (zoom 0) at the view's top-left corner. */
  origin: { x: number; y: number };
};

/**
 * The view that shows every point inside a width x height box, `padding` pixels from its edges:
 * centred on the points' bounds, as close as MAX_ZOOM allows (one point alone is shown at it).
 */
export function fitView(points: Point[], width: number, height: number, padding: number): View {
  const world = points.map(toWorld);
  const xs = world.map((p) => p.x);
  const ys = world.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const innerW = Math.max(1, width - 2 * padding);
  const innerH = Math.max(1, height - 2 * padding);
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const fit = Math.min(spanX > 0 ? Math.log2(innerW / spanX) : Infinity, spanY > 0 ? Math.log2(innerH / spanY) : Infinity);
  const zoom = Math.min(MAX_ZOOM, fit);
  const scale = 2 ** zoom;
  const centre = { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
  return { width, height, zoom, origin: { x: centre.x - width / 2 / scale, y: centre.y - height / 2 / scale } };
}

/** The point's pixel in the view. */
export function project(view: View, point: Point): { x: number; y: number } {
  const world = toWorld(point);
  const scale = 2 ** view.zoom;
  return { x: (world.x - view.origin.x) * scale, y: (world.y - view.origin.y) * scale };
}

/** Metres one view pixel spans at latitude `lat`. */
export function metresPerPixel(view: View, lat: number): number {
  return (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / (TILE_SIZE * 2 ** view.zoom);
}

const NICE_METRES = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000];

/**
 * A scale bar at most `maxPx` wide: a round distance ("500 m", "2 km") and its length in pixels.
 * `nice`: the round lengths in metres (lib/shared/delivery/distance.ts niceLengths: a mi market's feet and
 * miles, which the maps write with metresIn); the label is km's.
 */
export function scaleBar(view: View, lat: number, maxPx: number, nice: readonly number[] = NICE_METRES): { label: string; px: number; metres: number } {
  const perPx = metresPerPixel(view, lat);
  const metres = [...nice].reverse().find((m) => m / perPx <= maxPx) ?? nice[0]!;
  return { label: metres >= 1_000 ? `${metres / 1_000} km` : `${metres} m`, px: metres / perPx, metres };
}

export type Tile = { url: string; x: number; y: number; size: number; key: string };

/**
 * The raster tiles that cover the view, at the whole zoom at or below the view's, each scaled to
 * the view and placed in its pixels. `template` is an XYZ URL ("https://tiles.example/{z}/{x}/{y}.png").
 */
export function tilesFor(view: View, template: string): Tile[] {
  const z = Math.max(0, Math.floor(view.zoom));
  const count = 2 ** z;
  const size = TILE_SIZE * 2 ** (view.zoom - z);
  // The view's corners in tile units at zoom z.
  const toTile = (world: number) => (world * count) / TILE_SIZE;
  const scale = 2 ** view.zoom;
  const left = toTile(view.origin.x);
  const top = toTile(view.origin.y);
  const right = toTile(view.origin.x + view.width / scale);
  const bottom = toTile(view.origin.y + view.height / scale);
  const tiles: Tile[] = [];
  for (let ty = Math.max(0, Math.floor(top)); ty <= Math.min(count - 1, Math.floor(bottom)); ty++) {
    for (let tx = Math.floor(left); tx <= Math.floor(right); tx++) {
      const wrapped = ((tx % count) + count) % count;
      tiles.push({
        url: template.replace("{z}", String(z)).replace("{x}", String(wrapped)).replace("{y}", String(ty)),
        x: (tx - left) * size,
        y: (ty - top) * size,
        size,
        key: `${z}/${tx}/${ty}`,
      });
    }
  }
  return tiles;
}
