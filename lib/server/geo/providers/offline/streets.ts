import "server-only";

// The demo city's known street addresses (docs/architecture/places.md "The geocoder"): each
// restaurant and demo account of the seed (prisma/seed-data.ts, at the points it gives them) and
// the few real San Francisco addresses the project's fixtures use, at their buildings. The
// offline geocoder places these at rooftop precision; anything else is placed at its ZIP's
// centre and waits for the customer's pin. offline/provider.test.ts keeps it in step with the seed.

/** [street line, ZIP, lat, lng]. */
const KNOWN: readonly (readonly [string, string, number, number])[] = [
  // The seed's demo accounts.
  ["1847 Guerrero Street", "94110", 37.7433, -122.4228],
  ["3921 Piedmont Avenue", "94611", 37.8265, -122.253],
  ["1290 Fell Street", "94117", 37.7734, -122.4401],
  ["2418 Derby Street", "94705", 37.8602, -122.261],
  ["1535 Jackson Street", "94109", 37.7942, -122.4203],
  ["2150 Folsom Street", "94110", 37.7627, -122.4149],
  ["1515 Clay Street", "94612", 37.8052, -122.2745],
  ["745 Clementina Street", "94103", 37.7791, -122.4062],
  ["1 Market Street", "94105", 37.7941, -122.3951],
  // The seed's restaurants.
  ["412 Hayes Street", "94102", 37.7766, -122.4236],
  ["2201 Junipero Serra Boulevard", "94014", 37.7003, -122.4691],
  ["2540 Lombard Street", "94123", 37.7988, -122.444],
  ["1120 Hyde Street", "94109", 37.7909, -122.4172],
  ["1450 Stockton Street", "94133", 37.7996, -122.4088],
  ["4810 Telegraph Avenue", "94609", 37.8363, -122.2621],
  ["2355 Fillmore Street", "94115", 37.791, -122.4339],
  ["3398 18th Street", "94110", 37.7617, -122.4177],
  ["2120 Shattuck Avenue", "94704", 37.8702, -122.2681],
  ["936 Grant Avenue", "94108", 37.7958, -122.4068],
  ["1721 Buchanan Street", "94115", 37.7862, -122.4297],
  ["2900 Telegraph Avenue", "94609", 37.818, -122.2665],
  ["615 Larkin Street", "94102", 37.7838, -122.4178],
  ["1820 Solano Avenue", "94707", 37.8908, -122.2795],
  ["2889 Mission Street", "94110", 37.7515, -122.4183],
  ["2430 Telegraph Avenue", "94704", 37.8662, -122.2587],
  ["3420 Grand Avenue", "94610", 37.8137, -122.244],
  ["1455 Polk Street", "94109", 37.7905, -122.4205],
  ["498 Valencia Street", "94103", 37.765, -122.4218],
  ["2860 Taylor Street", "94133", 37.8078, -122.416],
  ["4032 Judah Street", "94122", 37.7605, -122.5053],
  ["1600 San Pablo Avenue", "94702", 37.8756, -122.2968],
  ["4300 Piedmont Avenue", "94611", 37.8287, -122.2499],
  ["2198 Market Street", "94114", 37.767, -122.4296],
  ["5812 Martin Luther King Jr Way", "94609", 37.844, -122.27],
  // Real addresses the fixtures and the API reference's examples use.
  ["500 Howard Street", "94105", 37.7876, -122.3966],
  ["100 Market Street", "94105", 37.7935, -122.396],
  ["500 Market Street", "94105", 37.7899, -122.4001],
  ["41 Valencia Street", "94103", 37.7718, -122.4225],
];

const SUFFIXES: Record<string, string> = {
  street: "st",
  avenue: "ave",
  av: "ave",
  boulevard: "blvd",
  road: "rd",
  drive: "dr",
  lane: "ln",
  place: "pl",
  court: "ct",
  terrace: "ter",
  highway: "hwy",
};

/**
 * A street line as the table and a search compare it: lower case, no punctuation, the street
 * type abbreviated (Street: st, Avenue: ave...), a unit after it dropped ("Apt 4", "Unit 6",
 * "Suite 2", "#3"). "1290 Fell Street Apt 4" and "1290 fell st." read the same.
 */
export function streetKey(line: string): string {
  const words = line
    .toLowerCase()
    .replace(/#\s*\w+/g, " ")
    .replace(/[.,]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const unit = words.findIndex((word, i) => i > 1 && /^(apt|apartment|unit|suite|ste|fl|floor|rm|room)$/.test(word));
  return (unit === -1 ? words : words.slice(0, unit)).map((word) => SUFFIXES[word] ?? word).join(" ");
}

let index: Map<string, { lat: number; lng: number }> | undefined;

/** The known building at a street line in a ZIP, or undefined. */
export function knownStreetAddress(line: string, zip: string): { lat: number; lng: number } | undefined {
  index ??= new Map(KNOWN.map(([street, code, lat, lng]) => [`${streetKey(street)}|${code}`, { lat, lng }]));
  return index.get(`${streetKey(line)}|${zip.trim().slice(0, 5)}`);
}
