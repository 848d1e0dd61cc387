import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "@/lib/edge/load-config";
import { geocodeZip } from "../../geocoder";
import { locateAddress } from "../../place";
import { geocoderFor } from "../select";
import { nominatimGeocoder, placementOf } from "./provider";
import { NominatimStandIn } from "./testing/stand-in";

// The Nominatim adapter against a local stand-in of its search API (testing/stand-in.ts): the
// request as Nominatim's docs shape it, the answer read with its precision, the cache, the
// spacing of requests, and a failing server falling back to no answer. Then the adapter as the
// configuration selects it (GEOCODER=nominatim, GEOCODER_URL): the address book's locateAddress answers through it.

const standIn = new NominatimStandIn();
const base = await standIn.start();
const dataDir = mkdtempSync(path.join(tmpdir(), "nosh-geocoder-"));
afterAll(async () => {
  await standIn.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// 1 Dr Carlton B Goodlett Pl, San Francisco (City Hall): a house number (rank 30); Valencia Street, the street only (rank 26).
standIn.place("1 Dr Carlton B Goodlett Pl", "94102", { lat: 37.779265, lon: -122.419277, placeRank: 30, houseNumber: "1" });
standIn.place("9999 Valencia St", "94110", { lat: 37.7536, lon: -122.42, placeRank: 26 });
standIn.place("1 Faraway Rd", "94110", { lat: 34.05, lon: -118.25, placeRank: 30, houseNumber: "1" });

const CITY_HALL = { address: "1 Dr Carlton B Goodlett Pl", city: "San Francisco", state: "CA", zip: "94102" };
const options = { url: `${base}/`, userAgent: "Nosh geocoder (https://nosh.test)", email: "ops@nosh.test", minIntervalMs: 0 };

describe("the Nominatim adapter", () => {
  it("asks /search with a structured US query in jsonv2, one result, its User-Agent and contact", async () => {
    const geocoder = nominatimGeocoder(options);
    const from = standIn.requests.length;
    expect(await geocoder.geocode({ ...CITY_HALL, zip: "94102-4689" })).toEqual({ lat: 37.779265, lng: -122.419277, precision: "rooftop" });
    const [request] = standIn.requests.slice(from);
    expect(request).toMatchObject({
      path: "/search",
      userAgent: "Nosh geocoder (https://nosh.test)",
      params: {
        street: "1 Dr Carlton B Goodlett Pl",
        city: "San Francisco",
        state: "CA",
        postalcode: "94102",
        countrycodes: "us",
        format: "jsonv2",
        addressdetails: "1",
        limit: "1",
        email: "ops@nosh.test",
      },
    });
    expect(request!.params.q).toBeUndefined();
  });

  it("reads the precision from place_rank and the house number; nothing found, or coarser than a street, is no answer", async () => {
    const geocoder = nominatimGeocoder(options);
    expect(await geocoder.geocode({ ...CITY_HALL, address: "9999 Valencia St", zip: "94110" })).toEqual({ lat: 37.7536, lng: -122.42, precision: "street" });
    expect(await geocoder.geocode({ ...CITY_HALL, address: "12 Analytical Way", zip: "94110" })).toBeNull();
    expect(placementOf([{ lat: "37.75", lon: "-122.41", place_rank: 21, address: { postcode: "94110" } }])).toBeNull();
    expect(placementOf([{ lat: "37.75", lon: "-122.41", place_rank: 28, address: { house_number: "12" } }])).toMatchObject({ precision: "rooftop" });
    for (const unreadable of [
      null,
      {},
      [],
      [{ lat: 37.7, lon: -122.4, place_rank: 30 }],
      [{ lat: "north", lon: "-122.4", place_rank: 30 }],
      [{ lat: "95", lon: "0", place_rank: 30 }],
    ]) {
      expect(placementOf(unreadable)).toBeNull();
    }
  });

  it("keeps each answer (a miss too): the same address is not asked twice", async () => {
    const geocoder = nominatimGeocoder(options);
    const from = standIn.requests.length;
    await geocoder.geocode(CITY_HALL);
    await geocoder.geocode({ ...CITY_HALL, address: " 1 dr carlton b goodlett pl " });
    await geocoder.geocode({ ...CITY_HALL, address: "12 Analytical Way" });
    await geocoder.geocode({ ...CITY_HALL, address: "12 Analytical Way" });
    expect(standIn.requests.length - from).toBe(2);
    expect(geocoder.stats).toMatchObject({ requests: 2, cacheHits: 2 });
  });

  it("an answer is kept only as long as its time to live", async () => {
    const geocoder = nominatimGeocoder({ ...options, cacheTtlMs: 30 });
    const from = standIn.requests.length;
    await geocoder.geocode(CITY_HALL);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await geocoder.geocode(CITY_HALL);
    expect(standIn.requests.length - from).toBe(2);
  });

  it("spaces its requests minIntervalMs apart, and one whose turn is too far off is not made (no answer)", async () => {
    const geocoder = nominatimGeocoder({ ...options, minIntervalMs: 150, maxWaitMs: 400 });
    const from = standIn.requests.length;
    const start = Date.now();
    const answers = await Promise.all(["1", "2", "3", "4", "5"].map((n) => geocoder.geocode({ ...CITY_HALL, address: `${n} Rate Limit Ave` })));
    const made = standIn.requests.slice(from);
    // Turns at 0, 150, 300 and 450 ms: the fourth and fifth would wait longer than 400 ms.
    expect(made).toHaveLength(3);
    // Each sent no sooner than its turn (a timer may fire a millisecond early).
    made.forEach((request, i) => expect(request.at - start).toBeGreaterThanOrEqual(i * 150 - 5));
    expect(answers).toEqual([null, null, null, null, null]);
    expect(geocoder.stats).toMatchObject({ requests: 3, skipped: 2 });
  });

  it("a server that fails (429, 503) or cannot be reached is no answer, and is asked again next time", async () => {
    const geocoder = nominatimGeocoder(options);
    standIn.failWith = 503;
    const from = standIn.requests.length;
    try {
      expect(await geocoder.geocode(CITY_HALL)).toBeNull();
    } finally {
      standIn.failWith = null;
    }
    expect(await geocoder.geocode(CITY_HALL)).toMatchObject({ precision: "rooftop" });
    expect(standIn.requests.length - from).toBe(2);
    const closed = new NominatimStandIn();
    const gone = await closed.start();
    await closed.stop();
    const nowhere = nominatimGeocoder({ ...options, url: gone, timeoutMs: 2_000 });
    expect(await nowhere.geocode(CITY_HALL)).toBeNull();
  });
});

describe("selected by the configuration", () => {
  it("GEOCODER=nominatim: the address book's place comes through the server; one it cannot place, or far from the ZIP, is the ZIP's centre", async () => {
    // The settings as the server reads them at start-up; the adapter they select (not the process's own: the test keeps no global state).
    const settings = loadConfig({ DATA_DIR: dataDir, GEOCODER: "nominatim", GEOCODER_URL: base, GEOCODER_MIN_INTERVAL_MS: "0" }).geocoder;
    const selected = geocoderFor(settings);
    const locate = (query: typeof CITY_HALL) => locateAddress(query, selected);
    const from = standIn.requests.length;
    expect(await locate(CITY_HALL)).toEqual({ lat: 37.779265, lng: -122.419277, precision: "rooftop" });
    expect(standIn.requests.slice(from)[0]!.userAgent).toBe("Nosh geocoder");
    // The offline geocoder's demo street is not the server's: asked, not found, the ZIP's centre.
    expect(await locate({ address: "1847 Guerrero Street", city: "San Francisco", state: "CA", zip: "94110" })).toEqual({
      ...geocodeZip("94110")!,
      precision: "zip",
    });
    // Found 500 km away (another street of that name): not trusted.
    expect(await locate({ ...CITY_HALL, address: "1 Faraway Rd", zip: "94110" })).toEqual({ ...geocodeZip("94110")!, precision: "zip" });
    expect(standIn.requests.length - from).toBe(3);
  });
});
