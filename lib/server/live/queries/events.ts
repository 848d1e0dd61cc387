import "server-only";
import { row, rowOf } from "../../platform/row";

// The hub's statements (hub.ts): the SQLite poll's read of new OrderEvent rows (poll-source.ts)
// and PostgreSQL's LISTEN on the channel the OrderEvent trigger notifies (notify-source.ts).

/** A poll's read, straight on the connection's kept statement: through Prisma it was most of an idle poll's CPU. */
export const NEWER_EVENTS = `SELECT "id", "orderId", "userId", "restaurantId", "stage", "detail", "at" FROM "OrderEvent" WHERE "id" > ? ORDER BY "id" LIMIT ?`;
export const eventRow = rowOf({ id: row.int, orderId: row.int, userId: row.int, restaurantId: row.intOrNull, stage: row.text, detail: row.textOrNull, at: row.date });

/** The channel a new OrderEvent row's id is notified on, and the statement listening to it. */
export const CHANNEL = "order_event";
export const LISTEN = `LISTEN ${CHANNEL}`;
