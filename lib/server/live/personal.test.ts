import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createDb, type Db } from "../platform/create-db";
import { restaurantRow, setUpTestDatabase } from "../platform/testing/db";
import type { OrderEvent, OrderEventHub } from "./hub";

// A person's one stream (GET /api/events) against a real database: it carries every row naming
// them (their orders, bell, courier jobs) and their restaurants' orders, and nothing of another
// owner's board or another customer's orders; a restaurant they lose stops reaching it.

const test = setUpTestDatabase();
// The modules under test load after the file's database is set (their db is this file's).
const { NOTIFICATION_STAGE, OrderEventHub: Hub } = await import("./hub");
const { personalFilter } = await import("./index");
const { eventStreamResponse } = await import("./stream");
let writer: Db;
let hub: OrderEventHub;
let owner: { id: number };
let rival: { id: number };
let customer: { id: number };
let mine: { id: number }[];
let theirs: { id: number };

beforeAll(async () => {
  writer = createDb(test.url);
  hub = new Hub(test.db, { databaseUrl: test.url, pollMs: 20 });
  owner = await writer.user.create({ data: { firstName: "Rosa", restaurantOwner: true } });
  rival = await writer.user.create({ data: { firstName: "Rival", restaurantOwner: true } });
  customer = await writer.user.create({ data: { firstName: "Casey" } });
  mine = [];
  for (const name of ["One", "Two", "Three", "Four", "Five"]) mine.push(await writer.restaurant.create({ data: restaurantRow(owner.id, { name }) }));
  theirs = await writer.restaurant.create({ data: restaurantRow(rival.id, { name: "Elsewhere" }) });
});
afterAll(async () => {
  await hub.close();
  await writer.$disconnect();
});

/** One row, as a step writes it: an order of `userId` at `restaurantId` (null: a courier's or a bell's row). */
async function write(userId: number, restaurantId: number | null, stage = "placed"): Promise<OrderEvent> {
  const order = await writer.order.create({ data: { userId, restaurantId: restaurantId ?? theirs.id, restaurantName: "R", stage: "placed" } });
  return writer.orderEvent.create({ data: { orderId: order.id, userId, restaurantId, stage } });
}

/** Reads an SSE body until `count` events have come, or `until` says the events so far are enough
 * (or the stream ends); the ids and the messages' data. */
async function read(body: ReadableStream<Uint8Array>, count: number, until?: (events: { id: number }[]) => boolean) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const got = () =>
    [...text.matchAll(/^id: (\d+)\nevent: (\w+)\ndata: (.*)$/gm)].map((m) => ({ id: Number(m[1]), event: m[2]!, data: JSON.parse(m[3]!) as { mine: boolean } }));
  while (until ? !until(got()) : got().length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return got();
}

describe("a person's one stream", () => {
  it("carries their orders, their bell, their courier jobs and all five restaurants' orders, each once, and no one else's", async () => {
    const filter = await personalFilter(owner);
    expect([...filter.restaurants].sort((a, b) => a - b)).toEqual(mine.map((r) => r.id));
    const seen: OrderEvent[] = [];
    const stop = await hub.subscribe(filter, (event) => void seen.push(event));
    const wanted: OrderEvent[] = [];
    for (const r of mine) wanted.push(await write(customer.id, r.id)); // every restaurant's board, the fifth too
    wanted.push(
      await write(owner.id, theirs.id), // the owner's own order elsewhere
      await write(owner.id, mine[0]!.id), // the owner ordering from their own restaurant: once
      await write(owner.id, null, NOTIFICATION_STAGE), // their bell
      await write(owner.id, null, "job_offered"), // a courier offer to them
    );
    const unwanted = [
      await write(customer.id, theirs.id),
      await write(rival.id, theirs.id),
      await write(customer.id, null, NOTIFICATION_STAGE),
      await write(rival.id, null, "job_offered"),
    ];
    const last = await write(customer.id, mine[4]!.id, "accepted");
    wanted.push(last);
    await expect.poll(() => seen.some((event) => event.id === last.id)).toBe(true);
    stop();
    expect(seen.map((event) => event.id)).toEqual(wanted.map((event) => event.id));
    expect(seen.filter((event) => unwanted.some((u) => u.id === event.id))).toEqual([]);
    // The backlog reads the same rows from the table.
    const backlog = await hub.backlog(filter, wanted[0]!.id - 1, 100);
    expect(backlog.map((event) => event.id)).toEqual(wanted.map((event) => event.id));
  });

  it("marks the person's own rows `mine`, and names the bell's `event: notification`, on the wire", async () => {
    const abort = new AbortController();
    const from = await write(owner.id, null, "job_offered");
    const response = await eventStreamResponse({
      hub,
      filter: await personalFilter(owner),
      lastEventId: from.id - 1,
      signal: abort.signal,
      stillSignedIn: async () => true,
      keepAliveMs: 60_000,
      retryMs: 1000,
    });
    await write(customer.id, mine[1]!.id);
    await write(owner.id, null, NOTIFICATION_STAGE);
    const got = await read(response.body!, 3);
    abort.abort();
    expect(got.map((m) => [m.event, m.data.mine])).toEqual([
      ["delivery", true],
      ["order", false],
      ["notification", true],
    ]);
  });

  it("stops carrying a restaurant's orders once the person no longer owns it (handed over, or deleted)", async () => {
    const abort = new AbortController();
    const handedOver = await writer.restaurant.create({ data: restaurantRow(owner.id, { name: "Handed over" }) });
    let checks = 0;
    const response = await eventStreamResponse({
      hub,
      filter: await personalFilter(owner),
      lastEventId: null,
      signal: abort.signal,
      stillSignedIn: async () => true,
      refilter: async () => {
        checks++;
        return personalFilter(owner);
      },
      keepAliveMs: 30,
      retryMs: 1000,
    });
    onTestFinished(() => abort.abort());
    const before = await write(customer.id, handedOver.id);
    // Without a Last-Event-ID the stream may also carry rows committed just before it opened (on
    // PostgreSQL their notifications arrive after it subscribed: the earlier tests' rows): read
    // up to the row written now, which must come, and nothing past it.
    const opening = await read(response.body!, 1, (events) => events.some((event) => event.id >= before.id));
    expect(opening.at(-1)!.id).toBe(before.id);
    await writer.restaurant.update({ where: { id: handedOver.id }, data: { ownerId: rival.id } });
    // After the next access check, the restaurant's orders go to its new owner only.
    const atChange = checks;
    await expect.poll(() => checks).toBeGreaterThan(atChange + 1);
    await write(customer.id, handedOver.id, "accepted");
    const still = await write(customer.id, mine[2]!.id, "accepted");
    const [next] = await read(response.body!, 1);
    abort.abort();
    expect(next!.id).toBe(still.id);
  });
});
