import "server-only";
import type { Sql } from "../platform/sql";

// The webhooks' hand-written SQL: the outbox's INSERT, run in the transaction of the event.

/**
 * One message of the event for each enabled endpoint of the restaurant subscribed to it, in one
 * statement (none: one indexed read, nothing written). Each row's webhook-id is `msgId` + "_" +
 * the endpoint's id.
 */
export async function insertMessages(sql: Sql, event: { restaurantId: number; type: string; msgId: string; body: string }, now: Date): Promise<void> {
  await sql.all(
    `INSERT INTO "WebhookMessage" ("endpointId", "msgId", "eventType", "payload", "createdAt", "state", "attempts", "nextAttemptAt")
     SELECT e."id", CAST(? AS TEXT) || '_' || CAST(e."id" AS TEXT), ?, ?, ?, 'pending', 0, ? FROM "WebhookEndpoint" e
     WHERE e."restaurantId" = ? AND e."disabledAt" IS NULL AND (',' || e."events" || ',') LIKE ?`,
    [event.msgId, event.type, event.body, now, now, event.restaurantId, `%,${event.type},%`],
  );
}
