import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../platform/testing/db";

// The worker's heap budget for live streams (lib/server/platform/heap-budget.ts): past its share
// of the heap's limit, a new stream is refused with 503 and Retry-After before anything is
// opened, and one is opened again once a full collection has left room. A HEAD asks the same
// checks as a GET without opening a stream (lib/server/live/index.ts).

const test = setUpTestDatabase();
const { fullCollection, heapReading, STREAM_BYTES, STREAM_SHARE, streamFits } = await import("../platform/heap-budget");
const { orderEventStream, customerFilter } = await import("./index");
const { ApiError } = await import("../platform/errors");

const MB = 1024 * 1024;

describe("the heap budget's decision", () => {
  const limitBytes = 344 * MB; // `npm start`'s heap: 320 MB of old space and the young generation
  it("admits a stream while what the heap holds, with the streams opened since, stays under the share", () => {
    expect(streamFits({ liveBytes: 120 * MB, streamsSince: 0, limitBytes })).toBe(true);
    expect(streamFits({ liveBytes: STREAM_SHARE * limitBytes - STREAM_BYTES, streamsSince: 0, limitBytes })).toBe(true);
  });
  it("refuses one past the share, or when the streams opened since the last collection would take it there", () => {
    expect(streamFits({ liveBytes: STREAM_SHARE * limitBytes, streamsSince: 0, limitBytes })).toBe(false);
    expect(streamFits({ liveBytes: 300 * MB, streamsSince: 0, limitBytes })).toBe(false);
    const room = Math.floor((STREAM_SHARE * limitBytes - 120 * MB) / STREAM_BYTES);
    expect(streamFits({ liveBytes: 120 * MB, streamsSince: room - 1, limitBytes })).toBe(true);
    expect(streamFits({ liveBytes: 120 * MB, streamsSince: room, limitBytes })).toBe(false);
  });
  it("leaves room under V8's old-space cap for the requests under way", () => {
    expect(STREAM_SHARE * limitBytes).toBeLessThanOrEqual(320 * MB - 24 * MB);
  });
});

describe("a new stream past the budget", () => {
  it("is refused with 503 and Retry-After, and opened again once a collection has left room", async () => {
    const row = await test.db.user.create({ data: { firstName: "Heap", email: "heap-budget@example.com" } });
    const { passwordHash: _, ...user } = row;
    const request = () => new NextRequest("http://127.0.0.1/api/orders/events", { method: "HEAD" });
    const { limitBytes } = heapReading();
    try {
      fullCollection(limitBytes);
      const refused = await orderEventStream(request(), user, customerFilter(user)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as InstanceType<typeof ApiError>).status).toBe(503);
      expect((refused as InstanceType<typeof ApiError>).message).toBe("Too many live connections on this server. Try again in a moment");
      expect((refused as InstanceType<typeof ApiError>).headers).toEqual({ "Retry-After": "5" });
      fullCollection(0);
      expect((await orderEventStream(request(), user, customerFilter(user))).status).toBe(200);
    } finally {
      fullCollection(0);
    }
  });

  it("asks for a full collection when it refuses (V8 starts none on a heap that stopped growing), so the client's retry finds the room", async () => {
    const row = await test.db.user.create({ data: { firstName: "Heap", email: "heap-recheck@example.com" } });
    const { passwordHash: _, ...user } = row;
    const request = () => new NextRequest("http://127.0.0.1/api/orders/events", { method: "HEAD" });
    const { limitBytes } = heapReading();
    const holder = globalThis as { gc?: () => void };
    const before = holder.gc;
    let collections = 0;
    // What `npm start`'s --expose-gc gives, and what the `gc` observer then reads: room.
    holder.gc = () => {
      collections++;
      fullCollection(0);
    };
    try {
      fullCollection(limitBytes);
      expect(await orderEventStream(request(), user, customerFilter(user)).catch((error: unknown) => (error as { status?: number }).status)).toBe(503);
      expect(collections).toBe(1);
      expect((await orderEventStream(request(), user, customerFilter(user))).status).toBe(200);
    } finally {
      holder.gc = before;
      fullCollection(0);
    }
  });
});
