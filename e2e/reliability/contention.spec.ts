import { expect, test } from "../fixtures";
import { statusOf } from "@/lib/shared/orders/order-stages";
import Database from "better-sqlite3";
import { signUpCustomer, type Client } from "../support/api";
import { createOrder, standardWallet } from "../support/orders";
import {
  call,
  callerOf,
  changedTables,
  digest,
  freshDataDir,
  moneyProblems,
  openReadOnly,
  reliabilityPort,
  startServer,
  walletCentsOf,
  type Caller,
  type Server,
} from "../support/reliability";

// Database contention: another process holds SQLite's write lock (BEGIN IMMEDIATE)
// longer than the server's busy timeout (300 ms here, SQLITE_BUSY_TIMEOUT_MS). Mutating
// requests answer 503 with Retry-After and write nothing; reads go on (WAL); once the lock is
// released everything works again. prisma/orm#29933 reports Prisma's SQLite adapter stuck after
// SQLITE_BUSY at COMMIT: lib/server/platform/sqlite-transactions.ts begins every transaction IMMEDIATE, so the lock is taken
// (or refused) before any statement runs and COMMIT never waits for it; the last test locks
// the database at random moments during a stream of checkouts and proves the server never
// gets stuck: after each release a checkout succeeds and the money invariants hold.

const BUSY_TIMEOUT_MS = 300;

/**
 * A fresh server with a 300 ms busy timeout, a second connection to take its write lock, a
 * read-only view and a signed-up customer; all closed and stopped after `run`, lock released.
 */
async function onContendedServer(
  run: (world: { server: Server; locker: Database.Database; reader: Database.Database; client: Client; user: { id: number }; customer: Caller }) => Promise<void>,
) {
  freshDataDir("contention");
  // One customer's stream of about sixty checkouts nobody accepts: the open-order caps
  // (lib/server/orders/open-orders.ts) are off on this server of its own, as they are not what it tests.
  const server = await startServer({
    name: "contention",
    port: reliabilityPort(11),
    env: { SQLITE_BUSY_TIMEOUT_MS: String(BUSY_TIMEOUT_MS) },
  });
  const locker = new Database(server.dbFile);
  const reader = openReadOnly(server.dbFile);
  try {
    const { client, user } = await signUpCustomer(server.url);
    await run({ server, locker, reader, client, user, customer: await callerOf("customer", client) });
  } finally {
    if (locker.inTransaction) locker.exec("ROLLBACK");
    locker.close();
    reader.close();
    await server.stop();
  }
}

test("a write lock held past the busy timeout: 503 with Retry-After, nothing written, full recovery", async () => {
  await onContendedServer(async ({ server, locker, reader, client, user, customer }) => {
    const order = await createOrder(client, 3, 2);
    const restaurantId = 3;
    const { id: itemId } = (await (await client.get(`/api/menu-items?restaurantId=${restaurantId}`)).json())[0];
    const before = digest(reader);
    const walletBefore = walletCentsOf(reader, user.id)!;

    locker.exec("BEGIN IMMEDIATE");
    const attempts = await Promise.all([
      call(server.url, customer, "PUT", `/api/orders/${order.id}/submit`, standardWallet),
      call(server.url, customer, "PUT", `/api/orders/${order.id}/submit`, standardWallet, { "Idempotency-Key": "contention-submit" }),
      call(server.url, customer, "PUT", `/api/users/wallet/${user.id}`, { amount: 25 }),
      call(server.url, customer, "PUT", `/api/users/wallet/deduct/${user.id}`, { amount: 5 }),
      call(server.url, customer, "POST", "/api/orders/", { restaurant_id: restaurantId, items: [{ menu_item_id: itemId, quantity: 1 }] }),
    ]);
    // Reads are not blocked by a writer in WAL mode.
    const read = await call(server.url, customer, "GET", `/api/orders/${order.id}`);
    const stillLocked = digest(reader);
    locker.exec("ROLLBACK");

    for (const attempt of attempts) {
      expect(attempt.status, attempt.text).toBe(503);
      expect(attempt.headers.get("retry-after")).toBe("1");
      expect(attempt.json).toEqual({ message: "The service is busy. Please try again in a moment." });
    }
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: order.id, status: "Active" });
    expect(changedTables(before, stillLocked), "written while locked").toEqual([]);
    expect(changedTables(before, digest(reader)), "written after the lock was released").toEqual([]);

    // Full recovery: the very same requests now succeed, on the same server process.
    const submitted = await call(server.url, customer, "PUT", `/api/orders/${order.id}/submit`, standardWallet, { "Idempotency-Key": "contention-submit" });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.json).toMatchObject({ id: order.id, status: "Submitted" });
    const total = Math.round((submitted.json.totalCost as number) * 100);
    expect((await call(server.url, customer, "PUT", `/api/users/wallet/${user.id}`, { amount: 25 })).status).toBe(200);
    const checkouts = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const fresh = await createOrder(client, restaurantId, 1);
        return call(server.url, customer, "PUT", `/api/orders/${fresh.id}/submit`, standardWallet);
      }),
    );
    expect(checkouts.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    const spent = checkouts.reduce((sum, c) => sum + Math.round((c.json.totalCost as number) * 100), 0);
    expect(walletCentsOf(reader, user.id)).toBe(walletBefore - total + 2500 - spent);
    expect(moneyProblems(reader)).toEqual([]);
  });
});

test("locks taken at random moments during checkouts never leave the server stuck", async () => {
  await onContendedServer(async ({ server, locker, reader, client, user, customer }) => {
    expect((await call(server.url, customer, "PUT", `/api/users/wallet/${user.id}`, { amount: 10_000 })).status).toBe(200);
    const statuses: Record<number, number> = {};
    for (let cycle = 0; cycle < 12; cycle++) {
      // A stream of checkouts; the lock lands between, during or across their transactions.
      const orders = await Promise.all(Array.from({ length: 4 }, () => createOrder(client, 3, 1)));
      const stream = Promise.all(
        orders.map((o, i) => new Promise((r) => setTimeout(r, i * 40)).then(() => call(server.url, customer, "PUT", `/api/orders/${o.id}/submit`, standardWallet))),
      );
      await new Promise((r) => setTimeout(r, Math.random() * 150));
      locker.exec("BEGIN IMMEDIATE");
      await new Promise((r) => setTimeout(r, BUSY_TIMEOUT_MS * (0.5 + Math.random() * 1.5)));
      locker.exec("ROLLBACK");
      for (const answer of await stream) {
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        expect([200, 503], `${answer.text}\n${server.output().slice(-2_000)}`).toContain(answer.status);
      }
      // Recovery after every release: a new checkout succeeds at once.
      const next = await createOrder(client, 3, 1);
      const after = await call(server.url, customer, "PUT", `/api/orders/${next.id}/submit`, standardWallet);
      expect(after.status, `cycle ${cycle}: ${after.text}`).toBe(200);
      expect(moneyProblems(reader)).toEqual([]);
      // A 503'd checkout left its order Active and uncharged; it can be retried.
      for (const o of orders) {
        const row = reader.prepare(`SELECT stage FROM "Order" WHERE id = ?`).get(o.id) as { stage: string | null };
        expect(["Active", "Submitted"]).toContain(statusOf(row.stage));
      }
    }
    console.log(`[contention] checkout answers while locking: ${JSON.stringify(statuses)}`);
    expect(walletCentsOf(reader, user.id)).toBeGreaterThanOrEqual(0);
  });
});
