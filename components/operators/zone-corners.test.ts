import { describe, expect, it } from "vitest";
import { cornersText, parseCorners } from "./zone-corners";

// The zone editor's corner list: what a keyboard types is what the map draws.

describe("the corners' list", () => {
  it("reads one 'lat, lng' a line, blank lines skipped, and writes them back the same", () => {
    const text = "37.77, -122.42\n\n37.78 -122.41\n 37.76,-122.4 ";
    expect(parseCorners(text)).toEqual({
      corners: [
        { lat: 37.77, lng: -122.42 },
        { lat: 37.78, lng: -122.41 },
        { lat: 37.76, lng: -122.4 },
      ],
    });
    const parsed = parseCorners(text) as { corners: { lat: number; lng: number }[] };
    expect(parseCorners(cornersText(parsed.corners))).toEqual(parsed);
  });

  it("names the first line that is not a point", () => {
    expect(parseCorners("37.77, -122.42\nMarket St")).toEqual({ badLine: 2 });
    expect(parseCorners("95, 10")).toEqual({ badLine: 1 });
  });
});
