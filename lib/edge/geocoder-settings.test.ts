import { describe, expect, it } from "vitest";
import { geocoderSettings } from "./geocoder-settings";
import { loadConfig } from "./load-config";

// The geocoder's configuration (docs/architecture/places.md "The geocoder"): offline by default;
// a real geocoder selected without its URL refuses to start (the server prints "refusing to
// start:" and this message), in production as anywhere, so none runs on the offline one unawares.

const PRODUCTION = { NOSH_ENV: "production", PAYMENTS: "test", PUBLIC_ORIGIN: "https://nosh.example", SESSION_SECRET: "x".repeat(40) };

describe("the geocoder's settings", () => {
  it("is the offline geocoder with nothing set, or GEOCODER=offline", () => {
    expect(loadConfig(PRODUCTION).geocoder).toEqual({ provider: "offline" });
    expect(geocoderSettings({ GEOCODER: " Offline " }, null)).toEqual({ provider: "offline" });
  });

  it("GEOCODER=nominatim without GEOCODER_URL refuses to start, and names what to set", () => {
    for (const env of [{ GEOCODER: "nominatim" }, { GEOCODER: "nominatim", GEOCODER_URL: "  " }]) {
      expect(() => loadConfig({ ...PRODUCTION, ...env })).toThrow(
        'GEOCODER=nominatim needs GEOCODER_URL, the Nominatim server to ask (such as https://nominatim.example.org; docs/deploying.md "Geocoder"), or unset GEOCODER for the offline geocoder (ZIP centres: customers pin their door)',
      );
    }
  });

  it("refuses an unknown geocoder, a URL that is not http(s), and a bad interval", () => {
    expect(() => geocoderSettings({ GEOCODER: "google" }, null)).toThrow('GEOCODER must be one of offline, nominatim, got "google"');
    for (const bad of ["nominatim.example.org", "ftp://nominatim.example.org", "https://nominatim.example.org/?key=1"]) {
      expect(() => geocoderSettings({ GEOCODER: "nominatim", GEOCODER_URL: bad }, null)).toThrow(/GEOCODER_URL must be an http\(s\) URL/);
    }
    expect(() => geocoderSettings({ GEOCODER: "nominatim", GEOCODER_URL: "https://n.example", GEOCODER_MIN_INTERVAL_MS: "soon" }, null)).toThrow(
      /GEOCODER_MIN_INTERVAL_MS must be a whole number/,
    );
  });

  it("GEOCODER=nominatim with its URL: one request a second by default, the application named in its User-Agent", () => {
    expect(loadConfig({ ...PRODUCTION, GEOCODER: "nominatim", GEOCODER_URL: "https://nominatim.example.org" }).geocoder).toEqual({
      provider: "nominatim",
      url: "https://nominatim.example.org",
      userAgent: "Nosh geocoder (https://nosh.example)",
      email: null,
      minIntervalMs: 1_000,
    });
    expect(
      geocoderSettings(
        { GEOCODER: "nominatim", GEOCODER_URL: "http://10.0.0.5:8080", GEOCODER_USER_AGENT: "Acme Eats", GEOCODER_EMAIL: "ops@acme.test", GEOCODER_MIN_INTERVAL_MS: "0" },
        null,
      ),
    ).toMatchObject({ userAgent: "Acme Eats", email: "ops@acme.test", minIntervalMs: 0 });
  });
});
