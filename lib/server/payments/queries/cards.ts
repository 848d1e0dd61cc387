import "server-only";
import { row, rowOf, type RowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// A customer's saved cards in plain SQL (methods.ts, docs/architecture/payments.md): the PaymentMethod
// rows read, inserted (the demo card only for an account with none), made default and removed;
// one decoder for the row.

const COLUMNS = `"id", "provider", "providerId", "brand", "last4", "expMonth", "expYear", "isDefault"`;

const cardRow = rowOf({
  id: row.int,
  provider: row.text,
  providerId: row.text,
  brand: row.text,
  last4: row.text,
  expMonth: row.int,
  expYear: row.int,
  isDefault: row.bool,
});
export type SavedCard = RowOf<typeof cardRow>;

/** The user's cards, the default first, then the newest. */
export async function cardsOf(sql: Sql, userId: number): Promise<SavedCard[]> {
  return (await sql.all(`SELECT ${COLUMNS} FROM "PaymentMethod" WHERE "userId" = ? ORDER BY "isDefault" DESC, "id" DESC`, [userId])).map(cardRow);
}

/** Whether the user has any card saved. */
export async function hasAnyCard(sql: Sql, userId: number): Promise<boolean> {
  const [any] = await sql.all(`SELECT 1 AS "one" FROM "PaymentMethod" WHERE "userId" = ? LIMIT 1`, [userId]);
  return any !== undefined;
}

type NewCard = { provider: string; providerId: string; brand: string; last4: string; expMonth: number; expYear: number };

/** A card saved as the default only while the user has none (a second call, or a race, saves none). */
/** PostgreSQL: the account's row locked (FOR NO KEY UPDATE, as a placement locks it) so two first cards saved at once see each other: the INSERT's NOT EXISTS alone does not (read committed). */
export async function lockCardOwner(sql: Sql, userId: number): Promise<void> {
  await sql.all(`SELECT "id" FROM "User" WHERE "id" = ? FOR NO KEY UPDATE`, [userId]);
}

export async function insertFirstCard(sql: Sql, userId: number, card: NewCard): Promise<void> {
  await sql.all(
    `INSERT INTO "PaymentMethod" ("userId", "provider", "providerId", "brand", "last4", "expMonth", "expYear", "isDefault")
     SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM "PaymentMethod" WHERE "userId" = ?) ON CONFLICT DO NOTHING`,
    [userId, card.provider, card.providerId, card.brand, card.last4, card.expMonth, card.expYear, true, userId],
  );
}

/** Whether anyone has saved this provider's card already. */
export async function cardSaved(sql: Sql, provider: string, providerId: string): Promise<boolean> {
  const [taken] = await sql.all(`SELECT "id" FROM "PaymentMethod" WHERE "provider" = ? AND "providerId" = ?`, [provider, providerId]);
  return taken !== undefined;
}

/** The user's default card no longer the default. */
export async function clearDefaultCard(sql: Sql, userId: number): Promise<void> {
  await sql.all(`UPDATE "PaymentMethod" SET "isDefault" = ? WHERE "userId" = ? AND "isDefault" = ?`, [false, userId, true]);
}

export async function insertCard(sql: Sql, userId: number, card: NewCard, isDefault: boolean): Promise<SavedCard> {
  const [inserted] = await sql.all(
    `INSERT INTO "PaymentMethod" ("userId", "provider", "providerId", "brand", "last4", "expMonth", "expYear", "isDefault") VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
    [userId, card.provider, card.providerId, card.brand, card.last4, card.expMonth, card.expYear, isDefault],
  );
  return cardRow(inserted);
}

/** The user's card deleted: the row it was, or undefined (not theirs, or none). */
export async function deleteCard(sql: Sql, id: number, userId: number): Promise<SavedCard | undefined> {
  const [deleted] = await sql.all(`DELETE FROM "PaymentMethod" WHERE "id" = ? AND "userId" = ? RETURNING ${COLUMNS}`, [id, userId]);
  return deleted === undefined ? undefined : cardRow(deleted);
}

/** The user's newest card made the default. */
export async function makeNewestDefault(sql: Sql, userId: number): Promise<void> {
  await sql.all(`UPDATE "PaymentMethod" SET "isDefault" = ? WHERE "id" = (SELECT MAX("id") FROM "PaymentMethod" WHERE "userId" = ?)`, [true, userId]);
}
