import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../platform/create-db";
import { restaurantRow, setUpTestDatabase } from "../platform/testing/db";
import type { OrderEvent, OrderEventHub } from "./hub";

// A member's live events (docs/architecture/team.md): their personal stream carries
// the orders of the restaurants they work at, and neither it nor the board's stream delivers one
// more event of a restaurant once they are removed from its team, without waiting for a reconnect.

const test = setUpTestDatabase();
const { OrderEventHub: Hub } = await import("./hub");
const { personalFilter, teamAdmits } = await import("./index");
const { eventStreamResponse } = await import("./stream");
let writer: Db;
let hub: OrderEventHub;
let owner: { id: number };
let member: { id: number };
let customer: { id: number };

beforeAll(async () => {
  writer = createDb(test.url);
  hub = new Hub(test.db, { databaseUrl: test.url, pollMs: 20 });
  owner = await writer.user.create({ data: { firstName: "Rosa", restaurantOwner: true } });
  member = await writer.user.create({ data: { firstName: "Cook" } });
  customer = await writer.user.create({ data: { firstName: "Casey" } });
});
afterAll(async () => {
  await hub.close();
  await writer.$disconnect();
});

async function write(userId: number, restaurantId: number, stage = "placed"): Promise<OrderEvent> {
  const order = await writer.order.create({ data: { userId, restaurantId, restaurantName: "R", stage: "placed" } });
  return writer.orderEvent.create({ data: { orderId: order.id, userId, restaurantId, stage } });
}

async function read(body: ReadableStream<Uint8Array>, count: number): Promise<number[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const ids = () => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
  while (ids().length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return ids();
}

async function join(restaurantId: number, role = "staff") {
  await writer.restaurantMember.create({ data: { restaurantId, userId: member.id, role } });
}

describe("a member's live events", () => {
  it("their personal stream carries the restaurant's orders while they work there, and none once removed", async () => {
    const restaurant = await writer.restaurant.create({ data: restaurantRow(owner.id, { name: "Works here" }) });
    await join(restaurant.id);
    const filter = await personalFilter(member);
    expect([...filter.restaurants]).toContain(restaurant.id);
    const abort = new AbortController();
    const response = await eventStreamResponse({
      hub,
      filter,
      lastEventId: null,
      signal: abort.signal,
      stillSignedIn: async () => true,
      refilter: () => personalFilter(member),
      admits: teamAdmits(member),
      keepAliveMs: 60_000,
      retryMs: 1000,
    });
    const before = await write(customer.id, restaurant.id);
    expect(await read(response.body!, 1)).toEqual([before.id]);
    await writer.restaurantMember.delete({ where: { restaurantId_userId: { restaurantId: restaurant.id, userId: member.id } } });
    await write(customer.id, restaurant.id, "accepted"); // the removed member's board: not theirs any more
    const own = await write(member.id, restaurant.id); // their own order there still is
    const [next] = await read(response.body!, 1);
    abort.abort();
    expect(next).toBe(own.id);
  });

  it("the board's stream delivers nothing of the restaurant once the member is removed", async () => {
    const restaurant = await writer.restaurant.create({ data: restaurantRow(owner.id, { name: "Board" }) });
    await join(restaurant.id, "manager");
    const answers: boolean[] = [];
    const admits = teamAdmits(member);
    const abort = new AbortController();
    const response = await eventStreamResponse({
      hub,
      filter: { restaurantId: restaurant.id },
      lastEventId: null,
      signal: abort.signal,
      stillSignedIn: async () => true,
      admits: async (id) => {
        const ok = await admits(id);
        answers.push(ok);
        return ok;
      },
      keepAliveMs: 60_000,
      retryMs: 1000,
    });
    const before = await write(customer.id, restaurant.id);
    expect(await read(response.body!, 1)).toEqual([before.id]);
    await writer.restaurantMember.delete({ where: { restaurantId_userId: { restaurantId: restaurant.id, userId: member.id } } });
    await write(customer.id, restaurant.id, "accepted");
    await expect.poll(() => answers).toContain(false);
    abort.abort();
    expect(await read(response.body!, 1)).toEqual([]);
  });
});
