import "server-only";
import { row, rowOf } from "../platform/row";
import { placeholders, type Sql } from "../platform/sql";

// Gift cards' plain SQL (docs/architecture/ledger.md "Gift cards"): a purchase's cards inserted
// once (paymentId, position), marked paid by the capture's booking, claimed for their mail when due,
// redeemed and voided each by one conditional UPDATE (of 20 at once, one matches), and the lists.

const CARD_SHAPE = {
  id: row.int,
  buyerId: row.int,
  paymentId: row.int,
  recipientEmail: row.text,
  message: row.text,
  amountCents: row.int,
  currency: row.text,
  sendAt: row.date,
  paidAt: row.dateOrNull,
  sentAt: row.dateOrNull,
  redeemedAt: row.dateOrNull,
  voidedAt: row.dateOrNull,
  voidReason: row.textOrNull,
  createdAt: row.date,
};
const giftCardRow = rowOf(CARD_SHAPE);
type GiftCardRow = ReturnType<typeof giftCardRow>;
const COLUMNS = `g."id", g."buyerId", g."paymentId", g."recipientEmail", g."message", g."amountCents", g."currency", g."sendAt", g."paidAt", g."sentAt", g."redeemedAt", g."voidedAt", g."voidReason", g."createdAt"`;

type NewGiftCard = { position: number; recipientEmail: string; message: string; amountCents: number; codeHash: string; sealedCode: string };

/** A purchase's cards, each once: a retried request with the same payment adds none. */
export async function insertGiftCards(
  sql: Sql,
  purchase: { buyerId: number; paymentId: number; currency: string; sendAt: Date; now: Date },
  cards: readonly NewGiftCard[],
) {
  if (!cards.length) return;
  const values = cards.map(() => placeholders(11)).join(", ");
  await sql.all(
    `INSERT INTO "GiftCard" ("buyerId", "paymentId", "position", "recipientEmail", "message", "amountCents", "currency", "codeHash", "sealedCode", "sendAt", "createdAt") VALUES ${values} ON CONFLICT ("paymentId", "position") DO NOTHING`,
    cards.flatMap((card) => [
      purchase.buyerId,
      purchase.paymentId,
      card.position,
      card.recipientEmail,
      card.message,
      card.amountCents,
      purchase.currency,
      card.codeHash,
      card.sealedCode,
      purchase.sendAt,
      purchase.now,
    ]),
  );
}

/** A purchase's cards, in their order. */
export async function cardsOfPayment(sql: Sql, paymentId: number): Promise<GiftCardRow[]> {
  return (await sql.all(`SELECT ${COLUMNS} FROM "GiftCard" g WHERE g."paymentId" = ? ORDER BY g."position"`, [paymentId])).map(giftCardRow);
}

/** A purchase the provider did not capture: its cards go (they were never paid, never mailed). */
export async function deleteUnpaidCards(sql: Sql, paymentId: number): Promise<void> {
  await sql.all(`DELETE FROM "GiftCard" WHERE "paymentId" = ? AND "paidAt" IS NULL`, [paymentId]);
}

/** The capture's booking marks its cards paid (once). */
export async function markPaid(sql: Sql, paymentId: number, now: Date): Promise<void> {
  await sql.all(`UPDATE "GiftCard" SET "paidAt" = ? WHERE "paymentId" = ? AND "paidAt" IS NULL`, [now, paymentId]);
}

const dueRow = rowOf({ id: row.int, buyerId: row.int, recipientEmail: row.text, message: row.text, amountCents: row.int, currency: row.text, sealedCode: row.text });
type DueCard = ReturnType<typeof dueRow>;

/** Paid cards whose send date came and whose mail is not written yet, claimed (sentAt set) in the caller's transaction: each is claimed once. */
export async function claimDueCards(sql: Sql, now: Date, limit: number, paymentId?: number): Promise<DueCard[]> {
  const one = paymentId === undefined ? "" : ` AND "paymentId" = ?`;
  const rows = await sql.all(
    `UPDATE "GiftCard" SET "sentAt" = ? WHERE "id" IN (SELECT "id" FROM "GiftCard" WHERE "sentAt" IS NULL AND "sendAt" <= ? AND "paidAt" IS NOT NULL AND "voidedAt" IS NULL${one} ORDER BY "id" LIMIT ?) AND "sentAt" IS NULL
     RETURNING "id", "buyerId", "recipientEmail", "message", "amountCents", "currency", "sealedCode"`,
    [now, now, ...(paymentId === undefined ? [] : [paymentId]), limit],
  );
  return rows.map(dueRow).sort((a, b) => a.id - b.id);
}

const claimedRow = rowOf({ id: row.int, amountCents: row.int, currency: row.text });

/** The redemption: the card of `codeHash` still paid, unredeemed and not voided, taken by `userId`; null when none is (one of any number of requests at once gets it). */
export async function claimRedemption(sql: Sql, codeHash: string, userId: number, now: Date) {
  const [claimed] = await sql.all(
    `UPDATE "GiftCard" SET "redeemedAt" = ?, "redeemedById" = ? WHERE "codeHash" = ? AND "redeemedAt" IS NULL AND "voidedAt" IS NULL AND "paidAt" IS NOT NULL RETURNING "id", "amountCents", "currency"`,
    [now, userId, codeHash],
  );
  return claimed ? claimedRow(claimed) : null;
}

const stateRow = rowOf({ redeemedAt: row.dateOrNull, voidedAt: row.dateOrNull, paidAt: row.dateOrNull });

/** Why a code was not redeemed: its card's state, or null for no card. */
export async function stateOfCode(sql: Sql, codeHash: string) {
  const [found] = await sql.all(`SELECT "redeemedAt", "voidedAt", "paidAt" FROM "GiftCard" WHERE "codeHash" = ?`, [codeHash]);
  return found ? stateRow(found) : null;
}

/** An operator's void: the card still paid, unredeemed and not voided; null when it is not. */
export async function claimVoid(sql: Sql, id: number, operatorId: number, reason: string, now: Date) {
  const [claimed] = await sql.all(
    `UPDATE "GiftCard" SET "voidedAt" = ?, "voidedById" = ?, "voidReason" = ? WHERE "id" = ? AND "redeemedAt" IS NULL AND "voidedAt" IS NULL AND "paidAt" IS NOT NULL RETURNING "id", "amountCents", "currency"`,
    [now, operatorId, reason, id],
  );
  return claimed ? claimedRow(claimed) : null;
}

const listedRow = rowOf({ ...CARD_SHAPE, disputed: row.bool, buyerEmail: row.textOrNull });
export type ListedCard = ReturnType<typeof listedRow>;
const DISPUTED = `EXISTS (SELECT 1 FROM "Dispute" d WHERE d."paymentId" = g."paymentId")`;

/** Paid cards, newest first: a buyer's (`buyerId`), or every one (the operators'), each with whether its charge is disputed. */
export async function listCards(sql: Sql, page: { limit: number; offset: number }, buyerId?: number, id?: number): Promise<ListedCard[]> {
  const where = [`g."paidAt" IS NOT NULL`, ...(buyerId === undefined ? [] : [`g."buyerId" = ?`]), ...(id === undefined ? [] : [`g."id" = ?`])].join(" AND ");
  const rows = await sql.all(
    `SELECT ${COLUMNS}, ${DISPUTED} AS "disputed", u."email" AS "buyerEmail" FROM "GiftCard" g LEFT JOIN "User" u ON u."id" = g."buyerId" WHERE ${where} ORDER BY g."id" DESC LIMIT ? OFFSET ?`,
    [...(buyerId === undefined ? [] : [buyerId]), ...(id === undefined ? [] : [id]), page.limit, page.offset],
  );
  return rows.map(listedRow);
}
