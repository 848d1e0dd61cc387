import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../platform/test-db";

// Who is signed in is read on every signed-in request: the user and whether the session was
// logged out come from one statement (readSessionUser), against a real, migrated database (SQLite,
// or PostgreSQL with TEST_DATABASE_URL). The user must be exactly what Prisma's findUnique gives
// (types included: booleans, dates, no password hash), whatever columns User gains later, with the
// wallet's balance (its ledger account, 0 before it has one) beside it.

const test = setUpTestDatabase();
const statements: string[] = [];
(globalThis as { __noshDb?: unknown }).__noshDb = (await import("../platform/create-db")).createDb(test.url, { onQuery: (sql) => statements.push(sql) });
const { db } = await import("../platform/db");
const { readSessionUser } = await import("./session");

describe("readSessionUser", () => {
  it("reads the user as findUnique does, and whether this session id was revoked, in one statement", async () => {
    const user = await db.user.create({
      data: {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        phoneNumber: "4155550199",
        address: "1 Main St",
        city: "Oakland",
        state: "CA",
        zip: "94607",
        profileImage: "/ada.webp",
        restaurantOwner: true,
        guestAccount: false,
        demoAccount: true,
        deliveryInstructions: "Ring twice",
        passwordHash: "not-a-real-hash",
        sessionVersion: 3,
      },
    });
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).not.toHaveProperty("passwordHash");
    expect(await readSessionUser(user.id, "sid-1")).toEqual({ user: { ...row, walletCents: 0 }, revoked: false });
    // A balance past 2^31 cents reads back as a number on both databases.
    await test.db.ledgerAccount.create({ data: { id: `wallet:${user.id}`, kind: "wallet", balanceCents: 2 ** 31 + 1 } });
    const expected = { ...row, walletCents: 2 ** 31 + 1 };
    statements.length = 0;
    expect(await readSessionUser(user.id, "sid-1")).toEqual({ user: expected, revoked: false });
    expect(statements).toHaveLength(1);
    await test.db.revokedSession.create({ data: { sid: "sid-1", expiresAt: new Date(Date.now() + 60_000) } });
    expect(await readSessionUser(user.id, "sid-1")).toEqual({ user: expected, revoked: true });
    expect(await readSessionUser(user.id, "sid-2")).toEqual({ user: expected, revoked: false });
    expect(await readSessionUser(999_999, "sid-2")).toBeNull();
  });
});
