import { deletedSchema } from "../common/schemas";
import { pairInputSchema } from "./rules";
import { kitchenDeviceListSchema, pairedSchema, pairingCodeSchema } from "./schemas";
import { anyone, op, restaurantManager } from "../define";

// A restaurant's kitchen tablets (docs/architecture/kitchen.md "A board that lives on a tablet"):
// its owner or a manager shows a pairing code and removes tablets; the tablet types the code and
// gets its own cookie, which reaches the operations declaring `kitchenDevice` (the board's steps).

export const kitchenDeviceOperations = [
  op("GET /api/manage/{id}/kitchen-devices", {
    summary: "The restaurant's paired kitchen tablets, and when the pairing code waiting to be typed expires",
    access: restaurantManager,
    paging: { unpaged: "a capped working set: at most 10 tablets" },
    ok: { description: "The tablets", schema: kitchenDeviceListSchema },
    errors: { 404: "Unknown restaurant, or not on its team" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("POST /api/manage/{id}/kitchen-devices/pairing", {
    summary: "A new pairing code for a kitchen tablet (the one before it dies): typed on the tablet's /kitchen page within 10 minutes, once",
    access: restaurantManager,
    ok: { status: 201, description: "The code, shown this once, and when it expires", schema: pairingCodeSchema },
    errors: { 404: "Unknown restaurant, or not on its team", 409: "The restaurant already has 10 tablets" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("DELETE /api/manage/{id}/kitchen-devices/{deviceId}", {
    summary: "Remove a kitchen tablet at once: its next call is a 401 and its open board stream ends",
    access: restaurantManager,
    ok: { description: "Removed", schema: deletedSchema },
    errors: { 404: "Unknown restaurant or tablet, or not on its team" },
    fixture: { matrix: { path: { id: "$restaurant", deviceId: "$kitchenDevice" } } },
  }),
  op("POST /api/kitchen/pair", {
    summary:
      "A tablet pairs with the code its restaurant's settings page shows: it gets its own httpOnly cookie (not a session), which reaches the board's steps of that restaurant only",
    access: anyone,
    body: pairInputSchema,
    ok: { status: 201, description: "The tablet and the board to open", schema: pairedSchema },
    errors: {
      400: "A code that is wrong, expired or used (`errors.code`)",
      409: "The restaurant already has 10 tablets",
      429: "Too many wrong codes from this address: retry after Retry-After seconds",
    },
    // Each caller here types a code of the wrong shape (400): a valid code would pair the caller's client, whose cookie then reaches later rows.
    fixture: { matrix: { body: { code: "no", name: "Matrix tablet" }, status: 400 }, fuzz: { valid: { code: "ABC DEF", name: "Fuzz tablet" } } },
  }),
];
