import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// Tests only (Vitest, and Playwright specs, which load it outside Next: hence no server-only
// import): a local stand-in of a Nominatim server's search API (nominatim.org/release-docs/latest/api/Search/),
// since no Nominatim is reachable from here. GET /search answers Nominatim's jsonv2 array for the
// addresses it was given (`place`), an empty array for any other, and checks each request as
// Nominatim would take it: a structured query (street, city, state, postalcode; never with `q`),
// format=jsonv2, and a User-Agent (the public server's policy refuses requests without one: 403).
// It keeps every request it got, with the time it arrived.

export type StandInRequest = { path: string; params: Record<string, string>; userAgent: string | null; at: number };
/** A result as Nominatim's jsonv2 gives it (the fields the adapter reads, and a few it does not). */
export type StandInPlace = { lat: number; lon: number; placeRank: number; houseNumber?: string };

const STRUCTURED = ["street", "city", "county", "state", "country", "postalcode"];
const ALLOWED = new Set([...STRUCTURED, "q", "format", "addressdetails", "limit", "countrycodes", "email", "accept-language", "extratags", "namedetails"]);

export class NominatimStandIn {
  readonly requests: StandInRequest[] = [];
  private readonly places = new Map<string, StandInPlace>();
  private server: Server | null = null;
  /** Answer every search with this HTTP status (e.g. 429, 503) instead; null: answer normally. */
  failWith: number | null = null;

  /** Whatever is searched with this street and postal code (case aside) answers `place`. */
  place(street: string, postalcode: string, place: StandInPlace): void {
    this.places.set(`${street.trim().toLowerCase()}|${postalcode}`, place);
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const params = Object.fromEntries(url.searchParams);
      this.requests.push({ path: url.pathname, params, userAgent: request.headers["user-agent"] ?? null, at: Date.now() });
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
        response.end(JSON.stringify(body));
      };
      if (request.method !== "GET" || url.pathname !== "/search") return answer(404, { error: "Not found" });
      if (!request.headers["user-agent"]) return answer(403, { error: "Access blocked: no User-Agent" });
      const unknown = Object.keys(params).filter((name) => !ALLOWED.has(name));
      if (unknown.length) return answer(400, { error: { code: 400, message: `Unknown parameter: ${unknown.join(", ")}` } });
      if (params.q !== undefined && STRUCTURED.some((name) => params[name] !== undefined))
        return answer(400, {
          error: {
            code: 400,
            message: "Structured query parameters (amenity, street, city, county, state, postalcode, country) cannot be used together with 'q' parameter.",
          },
        });
      if (params.format !== "jsonv2") return answer(400, { error: "This stand-in answers format=jsonv2 only" });
      if (this.failWith !== null) return answer(this.failWith, { error: "Failing on purpose" });
      const found = this.places.get(`${(params.street ?? "").trim().toLowerCase()}|${params.postalcode ?? ""}`);
      if (!found) return answer(200, []);
      answer(200, [
        {
          place_id: 1000 + this.requests.length,
          licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
          osm_type: "node",
          osm_id: 2000 + this.requests.length,
          lat: String(found.lat),
          lon: String(found.lon),
          category: found.placeRank >= 30 ? "place" : "highway",
          type: found.placeRank >= 30 ? "house" : "residential",
          place_rank: found.placeRank,
          importance: 0.3,
          addresstype: found.placeRank >= 30 ? "place" : "road",
          name: "",
          display_name: `${found.houseNumber ?? ""} ${params.street}, ${params.city}, ${params.state}, ${params.postalcode}, United States`.trim(),
          address: {
            ...(found.houseNumber ? { house_number: found.houseNumber } : {}),
            road: params.street?.replace(/^\d+\s+/, ""),
            city: params.city,
            state: params.state,
            postcode: params.postalcode,
            country: "United States",
            country_code: "us",
          },
          boundingbox: [String(found.lat - 0.0001), String(found.lat + 0.0001), String(found.lon - 0.0001), String(found.lon + 0.0001)],
        },
      ]);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
