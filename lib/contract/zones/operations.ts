import { blockInputSchema, zoneInputSchema } from "@/lib/contract/zones/rules";
import { blocksSchema, bookingAnswerSchema, droppedSchema, zoneAnswerSchema, zonesSchema } from "./schemas";
import { courier, op, operator } from "../define";

// Scheduled hours by zone (docs/architecture/dispatch-matching.md "Scheduled hours by zone"): the zones an
// operator draws, and the blocks couriers book in them.

/** A small square in the Pacific, far from every test's places: a matrix or fuzz zone governs nobody's shift. */
const FAR_ZONE = {
  name: "Matrix zone",
  polygon: [
    { lat: -40, lng: -140 },
    { lat: -40, lng: -139.99 },
    { lat: -40.01, lng: -139.99 },
  ],
  needs: Array.from({ length: 24 }, () => 0),
};

export const zoneOperations = [
  op("GET /api/admin/zones", {
    summary: "The delivery zones: each one's polygon, the couriers it needs in each hour of the market's day, and this hour's need and bookings",
    access: operator,
    paging: { unpaged: "a market's few zones, each drawn by hand" },
    ok: { description: "The zones", schema: zonesSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
  op("POST /api/admin/zones", {
    summary:
      "Draws a zone: `name`, `polygon` (3 to 40 points, enclosing an area, edges not crossing), `needs` (24 whole numbers: couriers needed each hour, from 00:00 in the market's zone); audited",
    access: operator,
    body: zoneInputSchema,
    ok: { status: 201, description: "The zone", schema: zoneAnswerSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"], body: FAR_ZONE }, fuzz: { valid: FAR_ZONE } },
  }),
  op("PUT /api/admin/zones/{id}", {
    summary: "Redraws a zone and sets its needs (the same fields as drawing one); places booked stay booked; audited",
    access: operator,
    body: zoneInputSchema,
    ok: { description: "The zone", schema: zoneAnswerSchema },
    errors: { 404: "No such zone" },
    fixture: { matrix: { before: ["$ownerIsCourier"], path: { id: "$restaurant" }, body: FAR_ZONE }, fuzz: { valid: FAR_ZONE } },
  }),
  op("GET /api/courier/blocks", {
    summary:
      "The blocks you may book: every zone's hours with a need from the next hour to your tier's days ahead (by your record: the share of accepted jobs delivered in 30 days; 5, 6 or 7), their places, booked and open; yours too (a started one included); when each opens to your tier and until when a booking may be dropped",
    access: courier,
    paging: { unpaged: "the week's blocks: at most 168 per zone" },
    ok: { description: "The blocks", schema: blocksSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
  op("POST /api/courier/blocks", {
    summary:
      "Books a place in a block `{ zoneId, startsAt }` (the start of an hour the zone needs couriers, in the week ahead): the lowest free place; 409 when full, already started, not open yet to your tier, or you hold a block that hour",
    access: courier,
    body: blockInputSchema,
    ok: { status: 201, description: "The booking", schema: bookingAnswerSchema },
    errors: {
      404: "No such zone",
      409: "The block is full, already started (`errors.startsAt`), not open to your tier yet, or you hold a block at that hour",
    },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], body: { zoneId: 999_999, startsAt: "2026-12-01T19:00:00.000Z" }, status: 404 },
      fuzz: { valid: { zoneId: 1, startsAt: "2026-12-01T19:00:00.000Z" } },
    },
  }),
  op("DELETE /api/courier/blocks/{id}", {
    summary: "Drops your booking, until dropBeforeHours (12) before the block starts; the place opens to others",
    access: courier,
    ok: { description: "The booking dropped", schema: droppedSchema },
    errors: { 404: "Not your booking", 409: "Less than 12 hours before the block" },
    fixture: { matrix: { before: ["$ownerIsCourier"], path: { id: "$restaurant" }, status: 404 } },
  }),
];
