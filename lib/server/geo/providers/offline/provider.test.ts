import { describe, expect, it } from "vitest";
import { demoUsers, restaurants } from "@/prisma/seed-data";
import { geocodeZip } from "../../geocoder";
import { locateAddress, UNKNOWN_ZIP } from "../../place";
import { offlineGeocoder } from "./provider";
import { streetKey } from "./streets";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The offline geocoder (docs/architecture/places.md "The geocoder"): the demo city's known
// street addresses at their buildings, everything else at its ZIP's centre, each answer with its precision.

const query = (address: string, zip: string, city = "San Francisco") => ({ address, city, state: "CA", zip });

describe("the offline geocoder", () => {
  it("places every demo account and restaurant of the seed at its building (rooftop), at the seed's point", async () => {
    for (const row of [...demoUsers, ...restaurants]) {
      const placed = await locateAddress({ address: row.address, city: row.city, state: row.state, zip: row.zip });
      expect(placed, row.address).toEqual({ lat: row.lat, lng: row.lng, precision: "rooftop" });
    }
  });

  it("reads a street line however it is written: abbreviations, case, punctuation, a unit after it", async () => {
    const guerrero = { lat: 37.7433, lng: -122.4228, precision: "rooftop" };
    expect(await offlineGeocoder.geocode(query("1847 Guerrero St", "94110"))).toEqual(guerrero);
    expect(await offlineGeocoder.geocode(query("1847 GUERRERO ST.", "94110-1234"))).toEqual(guerrero);
    expect(await offlineGeocoder.geocode(query("1847 Guerrero Street Apt 2", "94110"))).toEqual(guerrero);
    expect(await offlineGeocoder.geocode(query("1847 Guerrero St #2", "94110"))).toEqual(guerrero);
    expect(streetKey("5812 Martin Luther King Jr Way")).toBe("5812 martin luther king jr way");
    // The same street line in another ZIP is another place.
    expect(await offlineGeocoder.geocode(query("1847 Guerrero St", "94114"))).toBeNull();
  });

  it("places an address it does not know at its ZIP's centre, and says so (zip)", async () => {
    expect(await offlineGeocoder.geocode(query("12 Analytical Way", "94110"))).toBeNull();
    expect(await locateAddress(query("12 Analytical Way", "94110"))).toEqual({ ...geocodeZip("94110")!, precision: "zip" });
    // A known street number on another street is not that building.
    expect(await locateAddress(query("1847 Mission St", "94110"))).toMatchObject({ precision: "zip" });
  });

  it("an unknown ZIP is a 400 naming zip", async () => {
    await expect(locateAddress(query("1847 Guerrero St", "00000"))).rejects.toMatchObject({ code: "bad_request", errors: { zip: inEnglish(UNKNOWN_ZIP) } });
  });
});
