import { describe, expect, it } from "vitest";
import { distanceKm } from "@/lib/shared/delivery/delivery";
import { fitView, project } from "./projection";
import { keyStep, nudge, unproject } from "./pin-math";

describe("the draggable pin's arithmetic", () => {
  it("unproject is project's inverse, to a few centimetres", () => {
    const point = { lat: 44.0682, lng: -123.0819 };
    const view = fitView([point], 480, 300, 32);
    for (const [dx, dy] of [
      [0, 0],
      [120, -40],
      [-200, 90],
    ]) {
      const at = project(view, point);
      const back = unproject(view, at.x + dx, at.y + dy);
      expect(project(view, back).x).toBeCloseTo(at.x + dx, 1);
      expect(project(view, back).y).toBeCloseTo(at.y + dy, 1);
    }
    const centre = project(view, point);
    expect(distanceKm(unproject(view, centre.x, centre.y), point)).toBeLessThan(0.001);
  });

  it("an arrow key moves the pin 10 m (50 m with Shift) that way", () => {
    const point = { lat: 44.0682, lng: -123.0819 };
    const up = keyStep("ArrowUp", false)!;
    const north = nudge(point, up.north, up.east);
    expect(north.lat).toBeGreaterThan(point.lat);
    expect(distanceKm(point, north) * 1000).toBeCloseTo(10, 0);
    const right = keyStep("ArrowRight", true)!;
    const east = nudge(point, right.north, right.east);
    expect(east.lng).toBeGreaterThan(point.lng);
    expect(distanceKm(point, east) * 1000).toBeCloseTo(50, 0);
    expect(keyStep("Enter", false)).toBeNull();
  });
});
