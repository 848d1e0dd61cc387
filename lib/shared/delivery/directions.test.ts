import { describe, expect, it } from "vitest";
import { directionsUrl, navigationUrl } from "./directions";

describe("directionsUrl", () => {
  it("searches the whole address, encoded", () => {
    expect(directionsUrl({ address: "12 Main St #4", city: "San José", state: "CA", zip: "95110" })).toBe(
      "https://www.google.com/maps/search/?api=1&query=12%20Main%20St%20%234%2C%20San%20Jos%C3%A9%2C%20CA%2095110",
    );
  });
});

describe("navigationUrl", () => {
  const stop = { lat: 37.7793, lng: -122.4193, address: "1 Dr Carlton B Goodlett Pl (City Hall)" };
  it("opens the stop's point in the phone's maps app: geo: on Android, Apple Maps on iOS, Google Maps elsewhere", () => {
    expect(navigationUrl(stop, "Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36")).toBe(
      "geo:37.7793,-122.4193?q=37.7793,-122.4193(1%20Dr%20Carlton%20B%20Goodlett%20Pl%20%28City%20Hall%29)",
    );
    expect(navigationUrl(stop, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1")).toBe(
      "https://maps.apple.com/?daddr=37.7793,-122.4193&dirflg=d",
    );
    expect(navigationUrl(stop, "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36")).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=37.7793,-122.4193",
    );
  });
});
