import { addressCreateSchema, addressUpdateSchema } from "@/lib/contract/addresses/rules";
import { addressBookSchema, addressChangeSchema } from "./schemas";
import { author, member, op } from "../define";

// The address book (docs/architecture/places.md "Address book"): several
// addresses, one default (the profile's address mirrors it); a checkout names one as `addressId`.

// Near the matrix's restaurant (94105): an entry that becomes the default still lets the world's orders deliver.
const NEAR = { label: "Work", address: "500 Howard St", unit: "Suite 2", city: "San Francisco", state: "CA", zip: "94105", instructions: "Front desk" };

export const addressOperations = [
  op("GET /api/addresses", {
    summary: "One's saved addresses, the default first",
    access: member,
    paging: { unpaged: "an account's address book: at most 20 entries" },
    ok: { description: "The addresses", schema: addressBookSchema },
    errors: { 403: "A guest (the spec's guest-address message)" },
    fixture: { matrix: {} },
  }),
  op("POST /api/addresses", {
    summary:
      "Save an address: label (Home, Work or one's own), street, unit, city, state, ZIP, instructions, and optionally the pin's lat/lng (within 5 km of the ZIP's centre; without it, where the geocoder places the address). One the geocoder places only at its ZIP's centre needs its pin: without it, a 422 naming lat whose `place` is that centre (where to open the map). The first one, or one sent with isDefault, becomes the default",
    access: member,
    body: addressCreateSchema,
    ok: { status: 201, description: "The address and the whole book", schema: addressChangeSchema },
    errors: {
      403: "A guest (the spec's guest-address message)",
      409: "Already 20 addresses",
      422: "The geocoder found only the address's ZIP code: send it with its pin (lat, lng); `place` is the ZIP's centre",
    },
    fixture: { matrix: { body: NEAR }, fuzz: { valid: { ...NEAR, lat: 37.789, lng: -122.394 } } },
  }),
  op("PUT /api/addresses/{id}", {
    summary:
      "Change the fields sent of one's address. lat/lng move its pin (null: back to where the geocoder places it); a new street, city, state or ZIP without them places it again by the geocoder (a 422 naming lat when that is only the ZIP's centre, as POST). Placed orders keep the address they were placed with",
    access: author,
    body: addressUpdateSchema,
    ok: { description: "The address and the whole book", schema: addressChangeSchema },
    errors: { 404: "Unknown address, or not the caller's", 422: "The geocoder found only the new address's ZIP code: send it with its pin (lat, lng)" },
    fixture: { matrix: { path: { id: "$ownersAddress" }, body: { unit: "Floor 3" } }, fuzz: { valid: { label: "Gym", unit: "Locker 4" } } },
  }),
  op("POST /api/addresses/{id}/default", {
    summary: "Make one's address the default: the profile's address, the top bar's and checkout's first choice",
    access: author,
    ok: { description: "The address and the whole book", schema: addressChangeSchema },
    errors: { 404: "Unknown address, or not the caller's" },
    fixture: { matrix: { path: { id: "$ownersAddress" } } },
  }),
  op("DELETE /api/addresses/{id}", {
    summary: "Remove one's address. Removing the default makes the oldest other one the default; removing the last clears the profile's address",
    access: author,
    ok: { description: "The book left", schema: addressBookSchema },
    errors: { 404: "Unknown address, or not the caller's" },
    fixture: { matrix: { fresh: true, path: { id: "$ownersAddress" } } },
  }),
];
