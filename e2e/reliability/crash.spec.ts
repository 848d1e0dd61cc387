import { expect, test } from "../fixtures";
import { statusOf } from "@/lib/shared/orders/order-stages";
import { signUpCustomer } from "../support/api";
import { menuOf, orderBody, standardWallet } from "../support/orders";
import {
  call,
  callerOf,
  freshDataDir,
  integrityCheck,
  moneyProblems,
  openReadOnly,
  reliabilityPort,
  SIZE,
  startServer,
  type Caller,
  type Server,
} from "../support/reliability";

// Crashes: the server is killed with SIGKILL (no shutdown handler runs) in the middle
// of concurrent checkouts, top-ups and cancels, and restarted, RELIABILITY_CRASHES times (10
// in `npm test` and CI, 100 in `npm run test:reliability`: RELIABILITY_SIZE=full). After every restart: PRAGMA integrity_check is ok, every money invariant holds (the
// wallets' and the marketplace ledger's, moneyProblems(): every entry whole or absent, balanced,
// every balance the sum of its lines, the sum over all accounts zero, none but external negative),
// every answer the client received is durable (a 200 checkout is Submitted and charged, a 200
// cancel is Canceled and refunded), and a checkout whose answer was lost, retried with the
// same Idempotency-Key, charges exactly once.

const RESTAURANT = 3;

type Pending = { caller: Caller; orderId: number; key: string };

test("SIGKILL during checkouts, restart: integrity ok, invariants hold, answers durable", async () => {
  // A restart is 1-2 s on an idle 2-core machine and far more on a busy one.
  test.setTimeout(120_000 + SIZE.crashes * 15_000);
  freshDataDir("crash");
  const port = reliabilityPort(4);
  let server: Server = await startServer({ name: "crash", port });
  try {
    const signed = await Promise.all([0, 1, 2].map(() => signUpCustomer(server.url)));
    const callers = await Promise.all(signed.map((s, i) => callerOf(`customer${i}`, s.client)));
    // Checkouts run continuously until each kill (below): enough money for all of them.
    for (const [i, s] of signed.entries()) {
      for (let topUp = 0; topUp < 10; topUp++) {
        expect((await call(server.url, callers[i]!, "PUT", `/api/users/wallet/${s.user.id}`, { amount: 10_000 })).status).toBe(200);
      }
    }
    const [item] = await menuOf(signed[0]!.client, RESTAURANT);
    const submittedOk = new Set<number>();
    const canceledOk = new Set<number>();
    const cancelSent = new Set<number>();
    let lost: Pending[] = [];
    let killedMidway = 0;
    let inFlight = 0;
    let sequence = 0;
    let answered = () => {};
    const restartMs: number[] = [];

    /** One customer's checkout: create, submit with a key, sometimes cancel. Lost answers are remembered. */
    const checkout = async (caller: Caller, n: number) => {
      inFlight++;
      try {
        await checkoutSteps(caller, n);
      } finally {
        inFlight--;
      }
    };
    const checkoutSteps = async (caller: Caller, n: number) => {
      const created = await call(server.url, caller, "POST", "/api/orders/", orderBody(RESTAURANT, item!.id, 1 + (n % 3)));
      if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
      const pending = { caller, orderId: created.json.id!, key: `crash-${created.json.id}` };
      try {
        const submitted = await call(server.url, caller, "PUT", `/api/orders/${pending.orderId}/submit`, standardWallet, { "Idempotency-Key": pending.key });
        expect(submitted.status, submitted.text).toBe(200);
        submittedOk.add(pending.orderId);
        answered();
      } catch (error) {
        // fetch throws TypeError ("fetch failed", "terminated") when the connection dies.
        if (error instanceof TypeError) lost.push(pending);
        throw error;
      }
      if (n % 4 === 0) {
        cancelSent.add(pending.orderId);
        const canceled = await call(server.url, caller, "PUT", `/api/orders/${pending.orderId}/cancel`);
        expect(canceled.status, canceled.text).toBe(200);
        canceledOk.add(pending.orderId);
      }
    };

    for (let round = 0; round < SIZE.crashes; round++) {
      // Six loops (two per customer) check out back to back until the kill, which comes a random
      // moment after the first answer, so some commits are acknowledged and others are mid-flight.
      // (Six single checkouts finished before the kill in about half the rounds once checkout got
      // faster; a loop ends only when the dead server refuses it.)
      const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
      const loop = async (caller: Caller) => {
        for (;;) await checkout(caller, sequence++);
      };
      const settled = Promise.allSettled(callers.flatMap((caller) => [loop(caller), loop(caller)]));
      await Promise.race([firstAnswer, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 150));
      if (inFlight > 0) killedMidway++;
      await server.kill();
      const results = await settled;
      for (const r of results) {
        // Only connection failures are expected; a wrong status is a real failure.
        if (r.status === "rejected" && !(r.reason instanceof TypeError)) throw r.reason;
      }

      const restartedAt = Date.now();
      server = await startServer({ name: "crash", port });
      restartMs.push(Date.now() - restartedAt);
      const db = openReadOnly(server.dbFile);
      try {
        expect(integrityCheck(db), `round ${round}`).toBe("ok");
        expect(moneyProblems(db), `round ${round}`).toEqual([]);
        const stageOf = db.prepare(`SELECT stage FROM "Order" WHERE id = ?`).pluck();
        // Collected, then one expect: an expect per order per round makes Playwright record tens
        // of thousands of steps over 100 rounds, and the test slowed from 2 s to 20 s a round.
        const lostWrites: string[] = [];
        for (const id of submittedOk) {
          // A cancel whose answer was lost may or may not have committed; an answered one has.
          const allowed = canceledOk.has(id) ? ["Canceled"] : cancelSent.has(id) ? ["Submitted", "Canceled"] : ["Submitted"];
          const stage = stageOf.get(id) as string | null | undefined;
          const status = stage === undefined ? undefined : statusOf(stage);
          if (!status || !allowed.includes(status)) lostWrites.push(`order ${id} is ${status ?? "missing"}, expected ${allowed.join(" or ")}`);
        }
        expect(lostWrites, `round ${round}: acknowledged answers lost`).toEqual([]);
      } finally {
        db.close();
      }
      // Checkouts whose answer was lost: the same key again charges at most once (or replays).
      const retry = lost;
      lost = [];
      for (const p of retry) {
        const again = await call(server.url, p.caller, "PUT", `/api/orders/${p.orderId}/submit`, standardWallet, { "Idempotency-Key": p.key });
        expect(again.status, again.text).toBe(200);
        submittedOk.add(p.orderId);
      }
      const db2 = openReadOnly(server.dbFile);
      expect(moneyProblems(db2), `round ${round} after retries`).toEqual([]);
      db2.close();
    }
    console.log(
      `[crash] ${SIZE.crashes} kills, ${killedMidway} with requests in flight; ${submittedOk.size} checkouts acknowledged, ${canceledOk.size} cancels answered (${cancelSent.size} sent); median restart ${restartMs.sort((a, b) => a - b)[restartMs.length >> 1]} ms`,
    );
    expect(killedMidway).toBeGreaterThan(SIZE.crashes / 2);
  } finally {
    await server.stop();
  }
});
