import "server-only";
import { row, rowOf, type Decoder } from "../../../../platform/row";
import type { Sql } from "../../../../platform/sql";
import type { Intent, IntentStatus, ProviderCard } from "../../provider";

// The built-in test provider's own tables in plain SQL (provider.ts): its cards, intents and
// the events it sends as webhooks; each row shape with its decoder.

const INTENT_COLUMNS = `"id", "cardId", "amountCents", "status", "capturedCents", "refundedCents", "failureCode", "currency"`;

const intentStatus: Decoder<IntentStatus> = (value, column) => row.text(value, column) as IntentStatus;

const intentRow = rowOf({
  id: row.text,
  cardId: row.text,
  amountCents: row.int,
  status: intentStatus,
  capturedCents: row.int,
  refundedCents: row.int,
  failureCode: row.textOrNull,
  currency: row.text,
});

/** An intent row as the provider answers it (a challenge's page while it requires action). */
function intentOf(raw: unknown): Intent {
  const { cardId, ...found } = intentRow(raw);
  return { ...found, paymentMethodId: cardId, challengeUrl: found.status === "requires_action" ? `/test-provider/3ds/${found.id}` : null };
}

export async function readIntent(sql: Sql, id: string): Promise<Intent | null> {
  const [found] = await sql.all(`SELECT ${INTENT_COLUMNS} FROM "TestProviderIntent" WHERE "id" = ?`, [id]);
  return found ? intentOf(found) : null;
}

export async function insertIntent(
  sql: Sql,
  intent: { id: string; cardId: string; amountCents: number; currency: string; status: IntentStatus; failureCode: string | null; returnUrl: string; now: Date },
): Promise<void> {
  await sql.all(
    `INSERT INTO "TestProviderIntent" ("id", "cardId", "amountCents", "status", "failureCode", "returnUrl", "createdAt", "updatedAt", "currency") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [intent.id, intent.cardId, intent.amountCents, intent.status, intent.failureCode, intent.returnUrl, intent.now, intent.now, intent.currency],
  );
}

/** A move of the intent by one conditional UPDATE (still in `fromStatus`): the intent after, or null when another move came first. */
export async function moveIntent(
  sql: Sql,
  id: string,
  fromStatus: IntentStatus,
  next: { status: IntentStatus; capturedCents: number; refundedCents: number; failureCode: string | null },
  now: Date,
): Promise<Intent | null> {
  const [updated] = await sql.all(
    `UPDATE "TestProviderIntent" SET "status" = ?, "capturedCents" = ?, "refundedCents" = ?, "failureCode" = ?, "updatedAt" = ?
     WHERE "id" = ? AND "status" = ? RETURNING ${INTENT_COLUMNS}`,
    [next.status, next.capturedCents, next.refundedCents, next.failureCode, now, id, fromStatus],
  );
  return updated ? intentOf(updated) : null;
}

const returnUrlRow = rowOf({ returnUrl: row.textOrNull });

/** The return URL given at authorization (null: none, or no such intent). */
export async function returnUrlOfIntent(sql: Sql, id: string): Promise<string | null> {
  const [found] = await sql.all(`SELECT "returnUrl" FROM "TestProviderIntent" WHERE "id" = ?`, [id]);
  return found ? returnUrlRow(found).returnUrl : null;
}

/** The event of a move claimed by its id (its payload written once the move is made): false when written before. */
export async function claimEvent(sql: Sql, event: { id: string; type: string; intentId: string; deliverAfter: Date }): Promise<boolean> {
  const rows = await sql.all(
    `INSERT INTO "TestProviderEvent" ("id", "type", "intentId", "payload", "deliverAfter") VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING "id"`,
    [event.id, event.type, event.intentId, "", event.deliverAfter],
  );
  return rows.length > 0;
}

export async function setEventPayload(sql: Sql, id: string, payload: string): Promise<void> {
  await sql.all(`UPDATE "TestProviderEvent" SET "payload" = ? WHERE "id" = ?`, [payload, id]);
}

const dueRow = rowOf({ id: row.text, payload: row.text, deliverAfter: row.date });

/** Up to `limit` events due at `now` (written, not delivered), claimed until `claimUntil` (one more attempt each). */
export async function claimDueEvents(sql: Sql, now: Date, claimUntil: Date, limit: number) {
  const rows = await sql.all(
    `UPDATE "TestProviderEvent" SET "deliverAfter" = ?, "attempts" = "attempts" + 1
     WHERE "id" IN (SELECT "id" FROM "TestProviderEvent" WHERE "deliveredAt" IS NULL AND "deliverAfter" <= ? AND "payload" <> '' ORDER BY "deliverAfter" LIMIT ?)
     RETURNING "id", "payload", "deliverAfter"`,
    [claimUntil, now, limit],
  );
  return rows.map(dueRow);
}

export async function markEventDelivered(sql: Sql, id: string, now: Date): Promise<void> {
  await sql.all(`UPDATE "TestProviderEvent" SET "deliveredAt" = ? WHERE "id" = ?`, [now, id]);
}

const behaviorRow = rowOf({ behavior: row.text });

/** The test behaviour of a card (null: no such card). */
export async function cardBehavior(sql: Sql, cardId: string): Promise<string | null> {
  const [found] = await sql.all(`SELECT "behavior" FROM "TestProviderCard" WHERE "id" = ?`, [cardId]);
  return found ? behaviorRow(found).behavior : null;
}

export async function insertCard(sql: Sql, card: ProviderCard, behavior: string): Promise<void> {
  await sql.all(`INSERT INTO "TestProviderCard" ("id", "behavior", "brand", "last4", "expMonth", "expYear") VALUES (?, ?, ?, ?, ?, ?)`, [
    card.id,
    behavior,
    card.brand,
    card.last4,
    card.expMonth,
    card.expYear,
  ]);
}

/** A card forgotten by the provider (detached): it can no longer be read or charged. */
export async function deleteProviderCard(sql: Sql, id: string): Promise<void> {
  await sql.all(`DELETE FROM "TestProviderCard" WHERE "id" = ?`, [id]);
}

const cardRow = rowOf({ id: row.text, brand: row.text, last4: row.text, expMonth: row.int, expYear: row.int });

export async function readCard(sql: Sql, id: string): Promise<ProviderCard | null> {
  const [found] = await sql.all(`SELECT "id", "brand", "last4", "expMonth", "expYear" FROM "TestProviderCard" WHERE "id" = ?`, [id]);
  return found ? cardRow(found) : null;
}
