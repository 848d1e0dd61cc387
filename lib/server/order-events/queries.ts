import "server-only";
import type { DeliveryEventDetail } from "@/lib/shared/delivery/delivery";
import type { Sql } from "../platform/sql";

// The order's event log in plain SQL: the one INSERT of OrderEvent rows (write.ts), with the
// bells' wake-up rows of the notifications they cause as extra VALUES in the same statement.

export type OrderEventRow = { orderId: number; userId: number; restaurantId: number | null; stage: string; detail?: DeliveryEventDetail | null };

/** The rows and the wake-ups (notifications/queries.ts wakeUpValues), in one statement. */
export async function insertEventRows(sql: Sql, rows: readonly OrderEventRow[], wake: { values: string[]; params: unknown[] }, now: Date): Promise<void> {
  const values = [...rows.map(() => "(?, ?, ?, ?, ?, ?)"), ...wake.values].join(", ");
  await sql.all(`INSERT INTO "OrderEvent" ("orderId", "userId", "restaurantId", "stage", "detail", "at") VALUES ${values}`, [
    ...rows.flatMap((row) => [row.orderId, row.userId, row.restaurantId, row.stage, row.detail ? JSON.stringify(row.detail) : null, now]),
    ...wake.params,
  ]);
}
