import { describe, expect, it } from "vitest";
import { Gate } from "./gate";

describe("Gate", () => {
  it("runs at most `running` at once, queues `queued` first come first served, and refuses the rest with a 503", async () => {
    const gate = new Gate(() => ({ running: 2, queued: 2 }));
    const order: string[] = [];
    const first = await gate.acquire();
    const second = await gate.acquire();
    const third = gate.acquire().then((release) => (order.push("third"), release));
    const fourth = gate.acquire().then((release) => (order.push("fourth"), release));
    await expect(gate.acquire()).rejects.toMatchObject({ status: 503, headers: { "Retry-After": "1" } });
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    first();
    first(); // a second release of the same turn frees nothing more
    (await third)();
    expect(order).toEqual(["third"]);
    second();
    (await fourth)();
    expect(order).toEqual(["third", "fourth"]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the turn when the step throws", async () => {
    const gate = new Gate(() => ({ running: 1, queued: 0 }));
    await expect(gate.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => 42)).toBe(42);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
