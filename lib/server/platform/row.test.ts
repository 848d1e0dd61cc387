import { Prisma } from "@/lib/generated/prisma/client";
import { describe, expect, it } from "vitest";
import { row, rowOf } from "./row";

// One row shape read as each driver gives it: SQLite (better-sqlite3 on the direct path: 0/1,
// Prisma's date text, numbers or bigint) and PostgreSQL (booleans, Dates, bigint for COUNT(*),
// Prisma's Decimal for NUMERIC). Both decode to the same values; anything else names its column.
const jobRow = rowOf({
  id: row.int,
  payCents: row.int,
  distance: row.number,
  leaveAtDoor: row.bool,
  offerExpiresAt: row.dateOrNull,
  createdAt: row.date,
  state: row.text,
  instructions: row.textOrNull,
  restaurantId: row.intOrNull,
});
const expected = {
  id: 7,
  payCents: 650,
  distance: 2.5,
  leaveAtDoor: true,
  offerExpiresAt: null,
  createdAt: new Date("2026-11-27T08:00:00.000Z"),
  state: "offered",
  instructions: null,
  restaurantId: 3,
};

describe("rowOf", () => {
  it("decodes SQLite's shapes", () => {
    const sqlite = {
      id: 7,
      payCents: 650n,
      distance: 2.5,
      leaveAtDoor: 1,
      offerExpiresAt: null,
      createdAt: "2026-11-27T08:00:00.000+00:00",
      state: "offered",
      instructions: null,
      restaurantId: 3,
    };
    expect(jobRow(sqlite)).toEqual(expected);
  });

  it("decodes PostgreSQL's shapes", () => {
    const postgres = {
      id: 7n,
      payCents: new Prisma.Decimal(650),
      distance: new Prisma.Decimal("2.5"),
      leaveAtDoor: true,
      offerExpiresAt: null,
      createdAt: new Date("2026-11-27T08:00:00.000Z"),
      state: "offered",
      instructions: null,
      restaurantId: 3n,
    };
    expect(jobRow(postgres)).toEqual(expected);
  });

  it("refuses anything else, naming the column", () => {
    const good = { id: 7, payCents: 650, distance: 1, leaveAtDoor: 0, offerExpiresAt: null, createdAt: new Date(), state: "s", instructions: null, restaurantId: null };
    expect(() => jobRow({ ...good, id: "7" })).toThrow('Column "id": expected an integer, got string "7"');
    expect(() => jobRow({ ...good, payCents: 6.5 })).toThrow('Column "payCents": expected an integer');
    expect(() => jobRow({ ...good, leaveAtDoor: 2 })).toThrow('Column "leaveAtDoor": expected a boolean');
    expect(() => jobRow({ ...good, leaveAtDoor: "true" })).toThrow('Column "leaveAtDoor"');
    expect(() => jobRow({ ...good, createdAt: "not a date" })).toThrow('Column "createdAt": expected a date');
    expect(() => jobRow({ ...good, createdAt: null })).toThrow('Column "createdAt": expected a date, got object null');
    expect(() => jobRow({ ...good, state: 1 })).toThrow('Column "state": expected text');
    expect(() => jobRow({ ...good, distance: Number.NaN })).toThrow('Column "distance": expected a number');
    expect(() => jobRow(null)).toThrow("Expected a row");
  });

  it("reads a missing column of an outer join as null where null is allowed", () => {
    expect(row.intOrNull(undefined, "x")).toBeNull();
    expect(() => row.int(undefined, "x")).toThrow('Column "x"');
  });

  it("reads a SUM over no rows as 0, and a sum as its integer", () => {
    expect(row.intOrZero(null, "x")).toBe(0);
    expect(row.intOrZero(undefined, "x")).toBe(0);
    expect(row.intOrZero(12n, "x")).toBe(12);
    expect(() => row.intOrZero("twelve", "x")).toThrow('Column "x"');
  });
});
