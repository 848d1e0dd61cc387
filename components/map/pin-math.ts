import type { Point } from "@/lib/shared/delivery/delivery";
import { TILE_SIZE, type View } from "./projection";

// The draggable pin's arithmetic (components/map/pin-map.tsx): a view pixel back to its point
// (Web Mercator's inverse, the map's projection.ts), and a pin moved a few metres by a key.

/** The point at pixel (x, y) of the view. */
export function unproject(view: View, x: number, y: number): Point {
  const scale = 2 ** view.zoom;
  const wx = view.origin.x + x / scale;
  const wy = view.origin.y + y / scale;
  const lng = (wx / TILE_SIZE - 0.5) * 360;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * wy) / TILE_SIZE))) * 180) / Math.PI;
  return { lat: round(lat), lng: round(lng) };
}

const METRES_PER_DEGREE = 111_320;

/** The pin moved `north` and `east` metres (negative: south, west). */
export function nudge(point: Point, north: number, east: number): Point {
  return {
    lat: round(point.lat + north / METRES_PER_DEGREE),
    lng: round(point.lng + east / (METRES_PER_DEGREE * Math.cos((point.lat * Math.PI) / 180))),
  };
}

/** Arrow keys: 10 m a press, 50 m with Shift. Null for any other key. */
export function keyStep(key: string, shift: boolean): { north: number; east: number } | null {
  const metres = shift ? 50 : 10;
  const steps: Record<string, { north: number; east: number }> = {
    ArrowUp: { north: metres, east: 0 },
    ArrowDown: { north: -metres, east: 0 },
    ArrowLeft: { north: 0, east: -metres },
    ArrowRight: { north: 0, east: metres },
  };
  return steps[key] ?? null;
}

/** Six decimals: about 10 cm, more than a door needs. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;
