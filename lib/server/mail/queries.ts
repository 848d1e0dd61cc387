import "server-only";
import { row, rowOf } from "../platform/row";
import { readSql } from "../platform/sql";

// The mail's own reads (message.ts), in plain SQL straight on the connection (readSql: on SQLite a
// kept statement, not Prisma's client: the outbox reads one recipient for every mail it sends).

const recipientRow = rowOf({ email: row.textOrNull, firstName: row.text, guestAccount: row.bool, language: row.textOrNull });

/** Whom a mail goes to (message.ts recipientOf): undefined without the user. */
export async function mailRecipientRow(userId: number) {
  const [found] = await (await readSql()).all(`SELECT "email", "firstName", "guestAccount", "language" FROM "User" WHERE "id" = ?`, [userId]);
  return found === undefined ? undefined : recipientRow(found);
}
