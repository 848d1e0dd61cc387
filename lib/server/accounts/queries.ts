import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import { row, rowOf, type Decoder } from "../platform/row";
import { readSql } from "../platform/sql";

// Who is signed in, read on every signed-in request (web/session.ts), in plain SQL straight on the
// connection (readSql: on SQLite the connection's kept statement, not Prisma's client), each row
// shape with its decoder.

const basicsRow = rowOf({ id: row.int, firstName: row.text, courier: row.bool, sessionVersion: row.int, revoked: row.int });

/** What a route the host serves itself knows of the user, and whether the session id `sid` was revoked. */
export async function sessionBasicsRow(userId: number, sid: string) {
  const sql = await readSql();
  const [found] = await sql.all(
    `SELECT u."id", u."firstName", u."courier", u."sessionVersion", (SELECT COUNT(*) FROM "RevokedSession" s WHERE s."sid" = ?) AS "revoked" FROM "User" u WHERE u."id" = ?`,
    [sid, userId],
  );
  if (found === undefined) return null;
  const { revoked, ...user } = basicsRow(found);
  return { user, revoked: revoked > 0 };
}

/** The user as Prisma's findUnique gives it (the password hash omitted), with the wallet's balance beside it. */
export type SessionUserRow = Omit<User, "passwordHash"> & { walletCents: number };

/**
 * Every column of User but the password hash, typed as Prisma types it: a column User gains is a
 * compile error here until it is read (session.test.ts compares the user with findUnique's).
 */
const userColumns = {
  id: row.int,
  firstName: row.text,
  lastName: row.textOrNull,
  email: row.textOrNull,
  phoneNumber: row.textOrNull,
  address: row.textOrNull,
  city: row.textOrNull,
  state: row.textOrNull,
  zip: row.textOrNull,
  profileImage: row.textOrNull,
  restaurantOwner: row.bool,
  courier: row.bool,
  operator: row.bool,
  courierStatus: row.textOrNull,
  suspendedAt: row.dateOrNull,
  suspensionReason: row.textOrNull,
  lat: row.numberOrNull,
  lng: row.numberOrNull,
  avoidAllergens: row.int,
  language: row.textOrNull,
  guestAccount: row.bool,
  demoAccount: row.bool,
  deliveryInstructions: row.textOrNull,
  sessionVersion: row.int,
  emailVerifiedAt: row.dateOrNull,
  createdAt: row.date,
  updatedAt: row.date,
} satisfies { [K in keyof Omit<User, "passwordHash">]-?: Decoder<User[K]> };

const userRow = rowOf({ ...userColumns, walletCents: row.int, revoked: row.int });

const SESSION_USER_SQL = `SELECT u.*, COALESCE((SELECT CAST(SUM(a."balanceCents") AS BIGINT) FROM "LedgerAccount" a WHERE a."id" IN (?, ?)), 0) AS "walletCents",
  (SELECT COUNT(*) FROM "RevokedSession" s WHERE s."sid" = ?) AS "revoked" FROM "User" u WHERE u."id" = ?`;

/**
 * The user and whether the session id is on the revocation list, in ONE statement (two
 * statements through Prisma were a tenth of a checkout's, docs/log/performance.md), with the
 * wallet's balance (`walletCents`: the ledger accounts "wallet:{id}" and "wallet-paid:{id}", its
 * credit and its paid money, by their primary keys, 0 before a first credit) for the user JSON.
 * `u.*` reads the hash too; the decoder leaves it out.
 */
export async function sessionUserRow(userId: number, sid: string): Promise<{ user: SessionUserRow; revoked: boolean } | null> {
  const sql = await readSql();
  const [found] = await sql.all(SESSION_USER_SQL, [`wallet:${userId}`, `wallet-paid:${userId}`, sid, userId]);
  if (found === undefined) return null;
  const { revoked, ...user } = userRow(found);
  return { user, revoked: revoked > 0 };
}
