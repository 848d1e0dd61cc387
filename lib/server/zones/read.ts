import "server-only";
import type { Point } from "@/lib/shared/delivery/delivery";
import { db } from "../platform/db";
import type { Sql } from "../platform/sql";
import { zoneRows } from "./queries/dispatch";

// The zones as stored (CourierZone: the polygon and the needs as JSON text), read back.

export type Zone = { id: number; name: string; polygon: Point[]; needs: number[]; updatedAt: Date };

/** A stored row as a zone; text that does not read is no polygon and no needs (the zone then governs nothing). */
export function zoneOfRow(stored: { id: number; name: string; polygon: string; needs: string; updatedAt: Date }): Zone {
  const parse = <T>(text: string, fallback: T): T => {
    try {
      return JSON.parse(text) as T;
    } catch {
      return fallback;
    }
  };
  const needs = parse<number[]>(stored.needs, []);
  return {
    id: stored.id,
    name: stored.name,
    polygon: parse<Point[]>(stored.polygon, []),
    needs: Array.from({ length: 24 }, (_, h) => Number(needs[h]) || 0),
    updatedAt: stored.updatedAt,
  };
}

/** Every zone, oldest first (the first drawn wins where two overlap). */
export async function allZones(): Promise<Zone[]> {
  return (await db.courierZone.findMany({ orderBy: { id: "asc" } })).map(zoneOfRow);
}

/** Every zone read in `sql` (the dispatch tick's transaction). */
export async function zonesIn(sql: Sql): Promise<Zone[]> {
  return (await zoneRows(sql)).map(zoneOfRow);
}
