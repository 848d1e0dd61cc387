import { describe, expect, it } from "vitest";
import { cropFor, slotAspect } from "./photo-slots";

describe("cropFor", () => {
  const picture = { width: 2000, height: 1200 };

  it("keeps a crop already at the aspect and inside the picture", () => {
    const crop = { x: 0, y: 160, width: 2000, height: 875 };
    expect(cropFor(picture, slotAspect("banner"), crop)).toEqual(crop);
  });

  it("cuts another aspect around the crop's centre, as tall as the crop", () => {
    expect(cropFor(picture, 4 / 3, { x: 0, y: 160, width: 2000, height: 875 })).toEqual({ x: 417, y: 160, width: 1167, height: 875 });
  });

  it("narrows a rectangle wider than the picture and moves it inside", () => {
    expect(cropFor({ width: 400, height: 1000 }, 16 / 7, { x: 0, y: 700, width: 400, height: 300 })).toEqual({ x: 0, y: 763, width: 400, height: 175 });
  });

  it("centres the largest rectangle when no crop is sent", () => {
    expect(cropFor({ width: 1000, height: 1000 }, 4 / 3)).toEqual({ x: 0, y: 125, width: 1000, height: 750 });
    expect(cropFor({ width: 3000, height: 600 }, 1)).toEqual({ x: 1200, y: 0, width: 600, height: 600 });
  });
});
