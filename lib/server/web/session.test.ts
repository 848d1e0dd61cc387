import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase, testingOnPostgres, installAppDb } from "../platform/testing/db";

// Who is signed in is read on every signed-in request: the user and whether the session was
// logged out come from one statement (readSessionUser), against a real, migrated database (SQLite,
// or PostgreSQL with TEST_DATABASE_URL). The user must be exactly what Prisma's findUnique gives
// (types included: booleans, dates, no password hash), whatever columns User gains later, with the
// wallet's balance (its ledger account, 0 before it has one) beside it.

const test = setUpTestDatabase();
const statements: string[] = [];
installAppDb((await import("../platform/create-db")).createDb(test.url, { onQuery: (sql) => statements.push(sql) }), test.url);
// The read runs on the driver, not through Prisma's client (sql.ts readSql): counted on the driver,
// SQLite's kept statement or pg's Client#query (a named statement on the pool).
const onDriver: string[] = [];
const statementPrototype = Object.getPrototypeOf(new Database(":memory:").prepare("SELECT 1")) as { all: (...args: unknown[]) => unknown };
const driverAll = statementPrototype.all;
statementPrototype.all = function all(this: { source: string }, ...args: unknown[]) {
  onDriver.push(this.source);
  return driverAll.apply(this, args);
};
const pgQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
  const [first] = args as [string | { text?: string; name?: string }];
  onDriver.push(typeof first === "string" ? first : `${first.name ?? "(unnamed)"}: ${first.text}`);
  return pgQuery.apply(this, args);
} as typeof pg.Client.prototype.query;
afterAll(() => {
  statementPrototype.all = driverAll;
  pg.Client.prototype.query = pgQuery as typeof pg.Client.prototype.query;
});
const { db } = await import("../platform/db");
const { readSessionUser, userOfRequest } = await import("./session");
const { config } = await import("../platform/config");
const { sealData } = await import("iron-session");
const { sealTtlSeconds, sessionCookieName } = await import("@/lib/edge/session-cookie");
const { NextRequest } = await import("next/server");
/** The user of a request carrying `seal` as its session cookie (each call a new request). */
const userOfSeal = (seal: string) => userOfRequest(new NextRequest("http://127.0.0.1/", { headers: { cookie: `${sessionCookieName(config().secureCookies)}=${seal}` } }));

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
    onDriver.length = 0;
    expect(await readSessionUser(user.id, "sid-1")).toEqual({ user: expected, revoked: false });
    expect(onDriver).toHaveLength(1);
    expect(statements).toEqual([]);
    // On PostgreSQL a named statement, prepared once a connection.
    if (testingOnPostgres) expect(onDriver[0]).toMatch(/^nosh_/);
    await test.db.revokedSession.create({ data: { sid: "sid-1", expiresAt: new Date(Date.now() + 60_000) } });
    expect(await readSessionUser(user.id, "sid-1")).toEqual({ user: expected, revoked: true });
    expect(await readSessionUser(user.id, "sid-2")).toEqual({ user: expected, revoked: false });
    expect(await readSessionUser(999_999, "sid-2")).toBeNull();
  });

  it("reads the same instants whatever the process's time zone (PostgreSQL's TIMESTAMP is UTC, not local time)", async () => {
    const verifiedAt = new Date("2026-01-02T03:04:05.678Z");
    const user = await db.user.create({ data: { firstName: "Zed", emailVerifiedAt: verifiedAt } });
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      const found = await readSessionUser(user.id, "sid-tz");
      expect(found?.user.emailVerifiedAt).toEqual(verifiedAt);
      expect(found?.user.createdAt).toEqual(user.createdAt);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe("a remembered seal never outlives a revocation", () => {
  /** A session cookie for `user`, as startSession seals it. */
  const sealFor = async (user: { id: number; sessionVersion: number }, sid: string) => {
    const now = Math.floor(Date.now() / 1000);
    const { sessionSecret, session } = config();
    return sealData({ userId: user.id, version: user.sessionVersion, sid, createdAt: now, seenAt: now }, { password: sessionSecret, ttl: sealTtlSeconds(session) });
  };
  /** The PBKDF2 derivations WebCrypto runs while `work` does, and its result. */
  async function derivations<T>(work: () => Promise<T>): Promise<{ result: T; derived: number }> {
    const spy = vi.spyOn(globalThis.crypto.subtle, "deriveBits");
    try {
      const result = await work();
      return { result, derived: spy.mock.calls.filter(([params]) => (params as { name: string }).name === "PBKDF2").length };
    } finally {
      spy.mockRestore();
    }
  }
  // Every write below goes through test.db, another client on another connection: what a second
  // server process does. The seal stays remembered (no derivation), and the next check refuses it.

  it("logout (the session id revoked), elsewhere: the same cookie is refused at once", async () => {
    const user = await db.user.create({ data: { firstName: "Lou" } });
    const seal = await sealFor(user, "logout-sid");
    expect((await derivations(() => userOfSeal(seal))).result).toMatchObject({ id: user.id });
    expect(await derivations(() => userOfSeal(seal))).toMatchObject({ result: { id: user.id }, derived: 0 });
    await test.db.revokedSession.create({ data: { sid: "logout-sid", expiresAt: new Date(Date.now() + 60_000) } });
    expect(await derivations(() => userOfSeal(seal))).toEqual({ result: null, derived: 0 });
  });

  it("log out everywhere or a password change (the version bumped), a deleted account: refused at once; a role change shows at once", async () => {
    const user = await db.user.create({ data: { firstName: "Eve" } });
    const seal = await sealFor(user, "everywhere-sid");
    expect(await userOfSeal(seal)).toMatchObject({ id: user.id, restaurantOwner: false });
    await test.db.user.update({ where: { id: user.id }, data: { restaurantOwner: true } });
    expect(await derivations(() => userOfSeal(seal))).toMatchObject({ result: { id: user.id, restaurantOwner: true }, derived: 0 });
    await test.db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    expect(await derivations(() => userOfSeal(seal))).toEqual({ result: null, derived: 0 });

    const other = await db.user.create({ data: { firstName: "Del" } });
    const otherSeal = await sealFor(other, "deleted-sid");
    expect(await userOfSeal(otherSeal)).toMatchObject({ id: other.id });
    await test.db.user.delete({ where: { id: other.id } });
    expect(await derivations(() => userOfSeal(otherSeal))).toEqual({ result: null, derived: 0 });
  });
});
