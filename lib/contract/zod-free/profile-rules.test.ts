import { describe, expect, it } from "vitest";
import { addressWithPlace, parseAddressLine } from "./profile-rules";
import { english } from "@/lib/contract/testing/in-english";

const MISSION = { city: "San Francisco", state: "CA", zip: "94110" };

describe("addressWithPlace (Use my location)", () => {
  it("keeps the street typed and puts the found city, state and ZIP after it: a line the form saves", () => {
    expect(addressWithPlace("1847 Guerrero St", MISSION)).toBe("1847 Guerrero St, San Francisco, CA, 94110");
    // A whole line typed for elsewhere keeps its street only.
    expect(addressWithPlace(" 1847 Guerrero St , Oakland, CA, 94612", MISSION)).toBe("1847 Guerrero St, San Francisco, CA, 94110");
    expect(english(parseAddressLine(addressWithPlace("1847 Guerrero St", MISSION)))).toEqual({
      parts: { address: "1847 Guerrero St", city: "San Francisco", state: "CA", zip: "94110" },
    });
  });

  it("is the place alone while no street is typed (a ZIP or the city is not a street)", () => {
    for (const typed of ["", "   ", "94110", "94612-1234, CA", "san francisco, CA, 94110"]) expect(addressWithPlace(typed, MISSION)).toBe("San Francisco, CA, 94110");
  });
});

describe("parseAddressLine: the one reader of an address line (signup, address book, checkout)", () => {
  const VALENCIA = { address: "41 Valencia St", city: "San Francisco", state: "CA", zip: "94103" };
  const RULE = "Address must by ADDRESS, CITY, STATE, ZIP, seperated by commas";

  it("reads the standard US form with or without the comma before the ZIP, a ZIP+4, a trailing country, any case", () => {
    for (const line of [
      "41 Valencia St, San Francisco, CA 94103",
      "41 Valencia St, San Francisco, CA, 94103",
      "  41 Valencia St ,San Francisco,  CA   94103 ",
      "41 Valencia St, San Francisco, ca 94103",
      "41 Valencia St, San Francisco, Ca, 94103",
      "41 Valencia St, San Francisco, CA 94103-1234",
      "41 Valencia St, San Francisco, CA, 94103-1234",
      "41 Valencia St, San Francisco, CA 94103, USA",
      "41 Valencia St, San Francisco, CA, 94103, United States",
    ])
      expect(english(parseAddressLine(line)), line).toEqual({ parts: VALENCIA });
    // The street and city as typed ("St" or "Street", any case); a state written out stays as written.
    expect(english(parseAddressLine("41 valencia STREET, san francisco, California 94103"))).toEqual({
      parts: { address: "41 valencia STREET", city: "san francisco", state: "California", zip: "94103" },
    });
  });

  it("what it reads makes a line it reads the same again (the stored form)", () => {
    const first = parseAddressLine("41 Valencia St, San Francisco, ca 94103-1234");
    if ("error" in first) throw new Error(first.error);
    const { address, city, state, zip } = first.parts;
    expect(english(parseAddressLine([address, city, state, zip].join(", ")))).toEqual(first);
  });

  it("refuses what is really malformed with the spec's message, verbatim", () => {
    for (const line of [
      "",
      "41 Valencia St San Francisco CA 94103",
      "41 Valencia St, San Francisco CA 94103",
      "San Francisco, CA 94103",
      "41 Valencia St, San Francisco, CA",
      "41 Valencia St, San Francisco, 94103",
      "41 Valencia St, , CA 94103",
      ", San Francisco, CA 94103",
      "a, b, c, d, e",
    ])
      expect(english(parseAddressLine(line)), line).toEqual(english({ error: RULE }));
  });
});
