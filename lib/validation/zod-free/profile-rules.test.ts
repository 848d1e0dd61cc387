import { describe, expect, it } from "vitest";
import { addressWithPlace, parseAddressLine } from "./profile-rules";

const MISSION = { city: "San Francisco", state: "CA", zip: "94110" };

describe("addressWithPlace (Use my location)", () => {
  it("keeps the street typed and puts the found city, state and ZIP after it: a line the form saves", () => {
    expect(addressWithPlace("1847 Guerrero St", MISSION)).toBe("1847 Guerrero St, San Francisco, CA, 94110");
    // A whole line typed for elsewhere keeps its street only.
    expect(addressWithPlace(" 1847 Guerrero St , Oakland, CA, 94612", MISSION)).toBe("1847 Guerrero St, San Francisco, CA, 94110");
    expect(parseAddressLine(addressWithPlace("1847 Guerrero St", MISSION))).toEqual({
      parts: { address: "1847 Guerrero St", city: "San Francisco", state: "CA", zip: "94110" },
    });
  });

  it("is the place alone while no street is typed (a ZIP or the city is not a street)", () => {
    for (const typed of ["", "   ", "94110", "94612-1234, CA", "san francisco, CA, 94110"]) expect(addressWithPlace(typed, MISSION)).toBe("San Francisco, CA, 94110");
  });
});
