import { describe, expect, it } from "vitest";
import { directionsUrl } from "./directions";

describe("directionsUrl", () => {
  it("searches the whole address, encoded", () => {
    expect(directionsUrl({ address: "12 Main St #4", city: "San José", state: "CA", zip: "95110" })).toBe(
      "https://www.google.com/maps/search/?api=1&query=12%20Main%20St%20%234%2C%20San%20Jos%C3%A9%2C%20CA%2095110",
    );
  });
});
