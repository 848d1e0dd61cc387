import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb, type Db } from "../platform/create-db";
import { restaurantRow, setUpTestDatabase, testingOnPostgres } from "../platform/testing/db";
import { transition } from "../orders/transition";
import { matches, OrderEventHub, type OrderEvent } from "./hub";
import { BACKLOG_PAGE, eventStreamResponse, MAX_REPLAY } from "./stream";
import { formatEvent } from "./messages";

// The live event hub against a real, migrated database (SQLite: the poller; with
// TEST_DATABASE_URL=postgresql://…: LISTEN/NOTIFY through the migration's trigger). The rows
// are written through a second client, as another server process would write them.

const test = setUpTestDatabase();
let writer: Db;
let hub: OrderEventHub;
let customer: { id: number };
let other: { id: number };
let restaurants: { id: number }[];
let orders: { id: number; userId: number; restaurantId: number | null }[];

beforeAll(async () => {
  writer = createDb(test.url);
  hub = new OrderEventHub(test.db, { databaseUrl: test.url, pollMs: 20, batch: 7 });
  const owner = await writer.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  customer = await writer.user.create({ data: { firstName: "Casey" } });
  other = await writer.user.create({ data: { firstName: "Robin" } });
  restaurants = await Promise.all(["One", "Two"].map((name) => writer.restaurant.create({ data: restaurantRow(owner.id, { name }) })));
  orders = [];
  for (const [user, restaurant] of [
    [customer, restaurants[0]],
    [customer, restaurants[1]],
    [other, restaurants[0]],
  ] as const) {
    orders.push(await writer.order.create({ data: { userId: user.id, restaurantId: restaurant.id, restaurantName: "R", stage: "placed" } }));
  }
});
afterAll(async () => {
  await hub.close();
  await writer.$disconnect();
});

const STAGES = ["placed", "accepted", "ready", "out_for_delivery", "delivered"];

/** Writes `count` events spread over the three orders, one per transaction, like the lifecycle steps. */
async function writeEvents(count: number): Promise<OrderEvent[]> {
  const written: OrderEvent[] = [];
  for (let i = 0; i < count; i++) {
    const order = orders[i % orders.length]!;
    const row = await writer.orderEvent.create({
      data: { orderId: order.id, userId: order.userId, restaurantId: order.restaurantId, stage: STAGES[i % STAGES.length]! },
    });
    written.push(row);
  }
  return written;
}

function collector() {
  const seen: OrderEvent[] = [];
  return { seen, listener: (event: OrderEvent) => void seen.push(event) };
}

const ids = (events: { id: number }[]) => events.map((event) => event.id);

/** Reads an SSE body until `until` holds for the ids received (or the stream ends). */
async function readIds(body: ReadableStream<Uint8Array>, until: (ids: number[]) => boolean) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  // Parsed as whole messages arrive (not the whole text on every read: thousands of reads).
  const ids: number[] = [];
  let parsed = 0;
  const received = () => {
    const end = text.lastIndexOf("\n\n") + 2;
    if (end > parsed) ids.push(...[...text.slice(parsed, end).matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1])));
    parsed = Math.max(parsed, end);
    return ids;
  };
  while (!until(received())) {
    const { done, value } = await reader.read();
    if (done) return { ids: received(), text, ended: true, reader };
    text += decoder.decode(value, { stream: true });
  }
  return { ids: received(), text, ended: false, reader };
}

describe("OrderEventHub", () => {
  it("delivers rows written elsewhere in order, once, to the subscribers whose filter matches", async () => {
    const all = collector();
    const byCustomer = collector();
    const byOrder = collector();
    const byRestaurant = collector();
    const unsubscribe = await Promise.all([
      hub.subscribe({}, all.listener),
      hub.subscribe({ userId: customer.id }, byCustomer.listener),
      hub.subscribe({ orderId: orders[1]!.id, userId: customer.id }, byOrder.listener),
      hub.subscribe({ restaurantId: restaurants[0]!.id }, byRestaurant.listener),
    ]);
    // More rows than one batch (7), so the poller reads several batches in a row.
    const written = await writeEvents(20);
    await expect.poll(() => all.seen.length, { timeout: 10_000 }).toBe(20);

    expect(ids(all.seen)).toEqual(ids(written));
    expect(ids(byCustomer.seen)).toEqual(ids(written.filter((e) => e.userId === customer.id)));
    expect(ids(byOrder.seen)).toEqual(ids(written.filter((e) => e.orderId === orders[1]!.id)));
    expect(ids(byRestaurant.seen)).toEqual(ids(written.filter((e) => e.restaurantId === restaurants[0]!.id)));
    expect(all.seen[0]).toMatchObject({ orderId: written[0]!.orderId, stage: "placed" });
    expect(all.seen[0]!.at).toBeInstanceOf(Date);

    for (const stop of unsubscribe) stop();
    expect(hub.listeners).toBe(0);
    // Nobody listens: later rows are not delivered to the old listeners. A new subscriber gets
    // every row committed after it subscribed (on PostgreSQL a notification of a row committed
    // just before may still be on its way: it is delivered too, once).
    const between = await writeEvents(2);
    const late = collector();
    const stop = await hub.subscribe({}, late.listener);
    const next = await writeEvents(1);
    await expect.poll(() => ids(late.seen), { timeout: 10_000 }).toContain(next[0]!.id);
    expect(ids(late.seen).every((id) => id >= between[0]!.id)).toBe(true);
    expect(new Set(ids(late.seen)).size).toBe(late.seen.length);
    expect(all.seen.length).toBe(20);
    stop();
  });

  it("a stream replays the backlog after Last-Event-ID, then live events, with no gap and no duplicate", async () => {
    const before = await writeEvents(5);
    const lastEventId = before[1]!.id;
    const abort = new AbortController();
    // Rows keep being written while the stream opens (between its subscribe and its backlog read).
    const [response, during] = await Promise.all([
      eventStreamResponse({
        hub,
        filter: { userId: customer.id },
        lastEventId,
        signal: abort.signal,
        stillSignedIn: async () => true,
        keepAliveMs: 60_000,
        retryMs: 1500,
      }),
      writeEvents(9),
    ]);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const after = await writeEvents(6);
    const expected = ids([...before.slice(2), ...during, ...after].filter((e) => e.userId === customer.id));
    const read = await readIds(response.body!, (got) => got.length >= expected.length);
    expect(read.ids).toEqual(expected);
    expect(read.text.startsWith("retry: 1500\n\n")).toBe(true);
    const first = read.text.split("\n\n").find((message) => message.startsWith("id: "))!;
    const event = before.slice(2).find((e) => e.userId === customer.id)!;
    expect(first).toBe(
      `id: ${event.id}\nevent: order\ndata: ${JSON.stringify({ id: event.id, orderId: event.orderId, restaurantId: event.restaurantId, stage: event.stage, at: event.at.toISOString() })}`,
    );
    // The client goes away: the stream ends and the hub forgets it.
    abort.abort();
    const { done } = await read.reader.read();
    expect(done).toBe(true);
    expect(hub.listeners).toBe(0);
  });

  it("without Last-Event-ID a stream replays nothing stored and sends live events", async () => {
    const stored = await writeEvents(3);
    const abort = new AbortController();
    const response = await eventStreamResponse({
      hub,
      filter: {},
      lastEventId: null,
      signal: abort.signal,
      stillSignedIn: async () => true,
      keepAliveMs: 60_000,
      retryMs: 1000,
    });
    const live = await writeEvents(2);
    try {
      const read = await readIds(response.body!, (got) => got.includes(live[1]!.id));
      expect(read.ids.slice(-2)).toEqual(ids(live));
      expect(new Set(read.ids).size).toBe(read.ids.length);
      // On SQLite nothing stored is replayed. On PostgreSQL, notifications of rows committed just
      // before the stream opened may still be on their way and are delivered (once).
      if (!testingOnPostgres) expect(read.ids.some((id) => ids(stored).includes(id))).toBe(false);
    } finally {
      abort.abort();
    }
  });

  it("sends keep-alive comments and ends the stream once its session has ended", async () => {
    let signedIn = true;
    let closed = 0;
    const response = await eventStreamResponse({
      hub,
      filter: { userId: other.id },
      lastEventId: null,
      signal: new AbortController().signal,
      stillSignedIn: async () => signedIn,
      keepAliveMs: 25,
      retryMs: 1000,
      onClose: () => closed++,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes(": keep-alive\n\n")) text += decoder.decode((await reader.read()).value);
    signedIn = false;
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    expect(closed).toBe(1);
    expect(hub.listeners).toBe(0);
  });

  it("a step committed by this process is delivered without waiting for the next poll; a rolled-back one never", async () => {
    // Polls once an hour: only the local wake can deliver within the test.
    const slow = new OrderEventHub(test.db, { databaseUrl: test.url, pollMs: 3_600_000 });
    const order = await writer.order.create({
      data: { userId: customer.id, restaurantId: restaurants[0]!.id, restaurantName: "R", stage: "placed" },
    });
    const seen = collector();
    const stop = await slow.subscribe({ orderId: order.id }, seen.listener);
    try {
      const accept = { from: { stage: "placed" }, to: "accepted" as const, conflict: () => "moved on" };
      await expect(
        test.db.$transaction(async (tx) => {
          await transition(tx, order.id, { any: true }, accept);
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      await test.db.$transaction((tx) => transition(tx, order.id, { any: true }, { from: { stage: "placed" }, to: "ready", conflict: () => "moved on" }));
      await expect.poll(() => seen.seen.map((event) => event.stage), { timeout: 5_000 }).toEqual(["ready"]);
    } finally {
      stop();
      await slow.close();
    }
  });

  it("a client that stops reading is dropped once 256 KB of live events wait for it, and can resume from its last event", async () => {
    const order = await writer.order.create({ data: { userId: other.id, restaurantId: restaurants[1]!.id, restaurantName: "R", stage: "placed" } });
    let closed = 0;
    // Its own hub, reading 500 rows a poll (the shared one reads 7): the rows arrive in a few reads.
    const quick = new OrderEventHub(test.db, { databaseUrl: test.url, pollMs: 20 });
    const response = await eventStreamResponse({
      hub: quick,
      filter: { orderId: order.id },
      lastEventId: null,
      signal: new AbortController().signal,
      stillSignedIn: async () => true,
      keepAliveMs: 60_000,
      retryMs: 1000,
      onClose: () => closed++,
    });
    // About 330 KB of messages, arriving live while nobody reads: more than a client may leave unread.
    const data = Array.from({ length: 3_000 }, () => ({ orderId: order.id, userId: other.id, restaurantId: restaurants[1]!.id, stage: "placed" }));
    await writer.orderEvent.createMany({ data });
    try {
      await expect.poll(() => closed, { timeout: 30_000 }).toBe(1);
      expect(quick.listeners).toBe(0);
    } finally {
      await quick.close();
    }
    // What was queued before the limit is still readable, then the stream ends: the client
    // reconnects with the last id it read and gets the rest from the table.
    const read = await readIds(response.body!, () => false);
    expect(read.ended).toBe(true);
    expect(read.ids.length).toBeGreaterThan(1_000);
    expect(read.ids.length).toBeLessThan(3_000);
    // Writing 3,000 rows takes seconds on a loaded machine.
  }, 60_000);

  /** A customer whose one order has `count` stored events; their ids, oldest first. */
  async function history(count: number) {
    const user = await writer.user.create({ data: { firstName: "Hal" } });
    const order = await writer.order.create({ data: { userId: user.id, restaurantId: restaurants[0]!.id, restaurantName: "R", stage: "placed" } });
    await writer.orderEvent.createMany({
      data: Array.from({ length: count }, () => ({ orderId: order.id, userId: user.id, restaurantId: restaurants[0]!.id, stage: "placed" })),
    });
    const rows = await writer.orderEvent.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" }, select: { id: true } });
    return { user, order, ids: ids(rows) };
  }

  it(`a backlog of ${MAX_REPLAY} events is read ${BACKLOG_PAGE} at a time, each page only once the client has taken the last`, async () => {
    const { user, order, ids: stored } = await history(MAX_REPLAY + 1);
    // The stored events the stream has read so far (the hub's real reads, counted).
    const read = vi.spyOn(hub, "backlog");
    let fetched = 0;
    const pages: number[] = [];
    read.mockImplementation(async function (this: OrderEventHub, ...args: Parameters<OrderEventHub["backlog"]>) {
      const page = await OrderEventHub.prototype.backlog.apply(hub, args);
      pages.push(page.length);
      fetched += page.length;
      return page;
    });
    const abort = new AbortController();
    try {
      const response = await eventStreamResponse({
        hub,
        filter: { userId: user.id },
        lastEventId: stored[0]!,
        signal: abort.signal,
        stillSignedIn: async () => true,
        keepAliveMs: 60_000,
        retryMs: 1000,
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      const received: number[] = [];
      let text = "";
      const readUntil = async (enough: () => boolean) => {
        while (!enough()) {
          const { value, done } = await reader.read();
          expect(done).toBe(false);
          // One message a chunk.
          const chunk = decoder.decode(value, { stream: true });
          text += chunk;
          received.push(...[...chunk.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1])));
          // Never more than a page read ahead of what the client has taken.
          expect(fetched - received.length).toBeLessThanOrEqual(BACKLOG_PAGE);
        }
      };
      await readUntil(() => received.length === MAX_REPLAY);
      expect(received).toEqual(stored.slice(1));
      expect(text).not.toContain("event: reload");
      expect(pages.length).toBeGreaterThanOrEqual(MAX_REPLAY / BACKLOG_PAGE);
      expect(Math.max(...pages)).toBeLessThanOrEqual(BACKLOG_PAGE);
      // Then live: the next step arrives on the same stream, once.
      const next = await writer.orderEvent.create({ data: { orderId: order.id, userId: user.id, restaurantId: restaurants[0]!.id, stage: "accepted" } });
      await readUntil(() => received.includes(next.id));
      expect(received.slice(MAX_REPLAY)).toEqual([next.id]);
    } finally {
      read.mockRestore();
      abort.abort();
    }
  });

  it(`a resume point more than ${MAX_REPLAY} events behind gets one reload event naming the newest, then live events`, async () => {
    const { user, order, ids: stored } = await history(MAX_REPLAY + 1);
    const read = vi.spyOn(hub, "backlog");
    const abort = new AbortController();
    try {
      const response = await eventStreamResponse({
        hub,
        filter: { userId: user.id },
        lastEventId: stored[0]! - 1,
        signal: abort.signal,
        stillSignedIn: async () => true,
        keepAliveMs: 60_000,
        retryMs: 1000,
      });
      const next = await writer.orderEvent.create({ data: { orderId: order.id, userId: user.id, restaurantId: restaurants[0]!.id, stage: "accepted" } });
      const got = await readIds(response.body!, (seen) => seen.includes(next.id));
      expect(got.text.split("\n\n").filter(Boolean)).toEqual([
        "retry: 1000",
        `id: ${stored.at(-1)}\nevent: reload\ndata: ${JSON.stringify({ id: stored.at(-1) })}`,
        expect.stringMatching(new RegExp(`^id: ${next.id}\nevent: order\n`)),
      ]);
      // None of the history was read.
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
      abort.abort();
    }
  });

  it("a delivery event goes out as `event: delivery` with its detail, read from the row; a stage's is `event: order` with none", async () => {
    const order = orders[0]!;
    const row = await writer.orderEvent.create({
      data: {
        orderId: order.id,
        userId: order.userId,
        restaurantId: order.restaurantId,
        stage: "courier_position",
        detail: JSON.stringify({ lat: 37.7612, lng: -122.4149 }),
      },
    });
    const [read] = await hub.backlog({ orderId: order.id }, row.id - 1, 1);
    expect(formatEvent(read!)).toBe(
      `id: ${row.id}\nevent: delivery\ndata: ${JSON.stringify({ id: row.id, orderId: order.id, restaurantId: order.restaurantId, stage: "courier_position", at: row.at.toISOString(), detail: { lat: 37.7612, lng: -122.4149 } })}\n\n`,
    );
    expect(formatEvent({ ...read!, stage: "ready", detail: null })).not.toContain("detail");
    expect(formatEvent({ ...read!, stage: "ready", detail: null })).toContain("\nevent: order\n");
  });

  it("a process shutting down ends its streams", async () => {
    const shutdown = new AbortController();
    const response = await eventStreamResponse({
      hub,
      filter: {},
      lastEventId: null,
      signal: new AbortController().signal,
      shutdown: shutdown.signal,
      stillSignedIn: async () => true,
      keepAliveMs: 60_000,
      retryMs: 1000,
    });
    const reader = response.body!.getReader();
    await reader.read(); // retry:
    shutdown.abort();
    expect((await reader.read()).done).toBe(true);
    expect(hub.listeners).toBe(0);
  });
});

describe("the bells' wake-ups (docs/architecture/notifications.md)", () => {
  const wakeUp: OrderEvent = { id: 9, orderId: 3, userId: 7, restaurantId: null, stage: "notification", at: new Date(0) };
  const placed: OrderEvent = { ...wakeUp, id: 8, restaurantId: 2, stage: "placed" };

  it("go only to the bell's stream, which gets nothing else", () => {
    expect(matches({ userId: 7 }, wakeUp)).toBe(false);
    expect(matches({ orderId: 3, userId: 7 }, wakeUp)).toBe(false);
    expect(matches({}, wakeUp)).toBe(false);
    expect(matches({ userId: 7, notifications: true }, wakeUp)).toBe(true);
    expect(matches({ userId: 8, notifications: true }, wakeUp)).toBe(false);
    expect(matches({ userId: 7, notifications: true }, placed)).toBe(false);
    expect(matches({ userId: 7 }, placed)).toBe(true);
  });

  it("are sent as `event: notification`", () => {
    expect(formatEvent(wakeUp)).toMatch(/^id: 9\nevent: notification\n/);
    expect(formatEvent(placed)).toMatch(/^id: 8\nevent: order\n/);
  });
});
