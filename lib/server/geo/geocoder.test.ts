import { describe, expect, it } from "vitest";
import { distanceKm } from "@/lib/shared/delivery";
import { geocodeText, geocodeZip } from "./geocoder";

describe("the offline geocoder", () => {
  it("places a known ZIP at its centroid, and knows no other", () => {
    expect(geocodeZip("94110")).toEqual({ lat: 37.7509, lng: -122.4153 });
    expect(geocodeZip(" 97403 ")).toEqual({ lat: 44.0385, lng: -123.0614 });
    expect(geocodeZip("00000")).toBeNull();
    expect(geocodeZip("9411")).toBeNull();
    expect(geocodeZip(null)).toBeNull();
  });

  it("reads a typed address by its ZIP, else by its city and state", () => {
    expect(geocodeText("1847 Guerrero Street, San Francisco, CA 94110")).toMatchObject({ zip: "94110", lat: 37.7509 });
    const oakland = geocodeText("Oakland, CA");
    expect(oakland).not.toBeNull();
    expect(distanceKm(oakland!, geocodeZip("94612")!)).toBeLessThan(15);
    expect(geocodeText("somewhere over the rainbow")).toBeNull();
  });

  it("measures the Mission to Piedmont Avenue as about 20 km", () => {
    expect(distanceKm(geocodeZip("94110")!, geocodeZip("94611")!)).toBeGreaterThan(18);
    expect(distanceKm(geocodeZip("94110")!, geocodeZip("94611")!)).toBeLessThan(22);
  });
});
