import { describe, expect, it } from "vitest";
import { distanceKm } from "@/lib/shared/delivery/delivery";
import { geocodeText, geocodeZip, nearestZip, NEAREST_ZIP_MAX_KM } from "./geocoder";

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

  it("matches a position to the nearest known ZIP, with its city and state (Use my location)", () => {
    // Dolores Park: 94114's centroid is 0.5 km away, 94110's 1.4 km.
    expect(nearestZip({ lat: 37.7596, lng: -122.4269 })).toEqual({ zip: "94114", city: "San Francisco", state: "CA", km: 0.5 });
    // The Mission, by 24th Street: 94110.
    expect(nearestZip({ lat: 37.7522, lng: -122.4183 })).toMatchObject({ zip: "94110", city: "San Francisco", state: "CA" });
    // Downtown Oakland (its post-office ZIPs share one centre: the first of them).
    expect(nearestZip({ lat: 37.8044, lng: -122.2712 })).toMatchObject({ city: "Oakland", state: "CA" });
    // A ZIP's own centroid is that ZIP, at 0 km; a leading zero is kept (Holtsville, NY is 00501).
    expect(nearestZip(geocodeZip("97403")!)).toEqual({ zip: "97403", city: "Eugene", state: "OR", km: 0 });
    expect(nearestZip(geocodeZip("00501")!)?.zip).toBe("00501");
  });

  it("finds nothing far from every ZIP (at sea, abroad) or for a position that is not a number", () => {
    expect(nearestZip({ lat: 30, lng: -140 })).toBeNull();
    expect(nearestZip({ lat: 48.8566, lng: 2.3522 })).toBeNull();
    expect(nearestZip({ lat: Number.NaN, lng: -122.4 })).toBeNull();
    // The military's overseas ZIPs (AE, AP, AA) are no place to deliver: Paris has none near.
    // Just off the coast (about 15 km west of Ocean Beach) still has a Californian ZIP near.
    const offshore = nearestZip({ lat: 37.76, lng: -122.68 });
    expect(offshore?.state).toBe("CA");
    expect(offshore!.km).toBeLessThan(NEAREST_ZIP_MAX_KM);
  });
});
