import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { signUpCustomer } from "../support/api";
import { cookieOf, openEventStream, type EventStream } from "../support/events";
import { standardWallet } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { freshDataDir, npmStartSettings, reliabilityPort, rssMb, startServer, workerPid, type Server } from "../support/reliability";

// A live event stream's backlog against `npm start`'s own server (its 160 MB heap): an account
// with a long history that resumes from event 0 on many streams at once (23,000
// events on 16 streams took the worker out of its heap in 4 s) gets a `reload` event on each
// instead of its history, and a client within the replay limit gets its backlog read in pages
// (lib/server/live/stream.ts). The history is written straight into the server's SQLite
// file: making it through the API takes minutes.

const NAME = "event-backlog";
const HISTORY = 20_000;
const STREAMS = 16;
let server: Server;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  freshDataDir(NAME);
  const { nodeFlags, env } = npmStartSettings();
  server = await startServer({ name: NAME, port: reliabilityPort(21), nodeFlags, env });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A customer with one placed order, and `count` more stored events of that order; the ids of its events, oldest first. */
async function customerWithHistory(count: number) {
  const owner = await signUpOwner(server.url);
  const { client } = await signUpCustomer(server.url);
  const created = await client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] });
  expect(created.status(), await created.text()).toBe(201);
  const { id: orderId } = (await created.json()) as { id: number };
  expect((await client.put(`/api/orders/${orderId}/submit`, standardWallet)).status()).toBe(200);
  const db = new Database(server.dbFile);
  try {
    db.pragma("busy_timeout = 10000");
    // The order's own events: the bells' wake-ups (stage 'notification', docs/architecture/notifications.md) ride other streams.
    const placed = db.prepare(`SELECT id FROM OrderEvent WHERE orderId = ? AND stage <> 'notification'`).get(orderId) as { id: number };
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO OrderEvent (orderId, userId, restaurantId, stage, at) SELECT e.orderId, e.userId, e.restaurantId, e.stage, e.at FROM n, OrderEvent e WHERE e.id = ?`,
    ).run(count, placed.id);
    const ids = (db.prepare(`SELECT id FROM OrderEvent WHERE orderId = ? AND stage <> 'notification' ORDER BY id`).all(orderId) as { id: number }[]).map((row) => row.id);
    return { owner, client, orderId, ids };
  } finally {
    db.close();
  }
}

test(`${STREAMS} streams resuming from event 0 on an account with ${HISTORY.toLocaleString("en-US")} events each get a reload event; the worker lives on and stays live`, async () => {
  test.setTimeout(120_000);
  const { owner, client, orderId, ids } = await customerWithHistory(HISTORY);
  const worker = workerPid(server)!;
  const cookie = await cookieOf(client);
  const streams: EventStream[] = [];
  try {
    // The worker's memory while the streams open (a figure for the log, not a timed assertion).
    const before = rssMb(worker);
    let peak = before;
    const sampler = setInterval(() => {
      if (workerPid(server) === worker) peak = Math.max(peak, rssMb(worker));
    }, 50);
    const started = Date.now();
    try {
      // All at once, as the attack did.
      streams.push(...(await Promise.all(Array.from({ length: STREAMS }, () => openEventStream(`${server.url}/api/orders/events?lastEventId=0`, { cookie })))));
      await Promise.all(streams.map((events) => events.waitFor(() => true, "a first event").catch(() => null)));
    } finally {
      clearInterval(sampler);
    }
    console.log(
      `[event-backlog] ${STREAMS} streams from event 0 over ${HISTORY} events: first messages after ${Date.now() - started} ms, worker RSS ${before} MB before, ${peak} MB at most`,
    );
    for (const events of streams) {
      expect(events.status).toBe(200);
      // Resume from the newest event: the client re-reads its orders instead of replaying them.
      expect(events.messages.slice(0, 1).map((m) => ({ event: m.event, id: m.id }))).toEqual([{ event: "reload", id: ids.at(-1) }]);
    }
    // The same worker, still serving: the next step reaches every stream live.
    expect(workerPid(server)).toBe(worker);
    const accepted = await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${orderId}/stage`, { stage: "accepted", prepMinutes: 15 });
    expect(accepted.status(), await accepted.text()).toBe(200);
    for (const events of streams) await events.waitFor((m) => m.data.orderId === orderId && m.data.stage === "accepted", "the accepted event");
  } finally {
    for (const events of streams) events.close();
  }
});

test("a stream within the replay limit gets its whole backlog, in order, once, then live events", async () => {
  const { owner, client, orderId, ids } = await customerWithHistory(900);
  const events = await openEventStream(`${server.url}/api/orders/${orderId}/events`, { cookie: await cookieOf(client), "Last-Event-ID": String(ids[0]) });
  try {
    expect(events.status).toBe(200);
    await events.waitFor((m) => m.id === ids.at(-1), "the last stored event");
    expect(events.messages.map((m) => m.id)).toEqual(ids.slice(1));
    const accepted = await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${orderId}/stage`, { stage: "accepted", prepMinutes: 15 });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await events.waitFor((m) => m.data.stage === "accepted", "the accepted event");
    expect(new Set(events.messages.map((m) => m.id)).size).toBe(events.messages.length);
  } finally {
    events.close();
  }
});
