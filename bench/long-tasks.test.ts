import { describe, expect, it } from "vitest";
import { longTasks, longTasksByPlace } from "./long-tasks.mjs";

// The rush bench's long-task detector (bench/long-tasks.mjs): a synchronous step is a stretch of
// samples under one entry frame with no idle sample in it, its GC included.

const frame = (functionName: string, url = "") => ({ functionName, url, lineNumber: 0, columnNumber: 0 });
// (root) -> timer -> pass (a file of Nosh's lib); (root) -> io -> render (a package's); idle; gc.
const profile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 4, 6, 7] },
    { id: 2, callFrame: frame("listOnTimeout", "node:internal/timers"), children: [3] },
    { id: 3, callFrame: frame("pass", "file:///app/lib/server/dispatch/pass.ts") },
    { id: 4, callFrame: frame("onread", "node:net"), children: [5] },
    { id: 5, callFrame: frame("render", "file:///app/node_modules/react-dom/server.js") },
    { id: 6, callFrame: frame("(idle)") },
    { id: 7, callFrame: frame("(garbage collector)") },
  ],
};
const plain = (f: { functionName: string; url: string; lineNumber: number }) => ({
  functionName: f.functionName,
  name: f.functionName,
  source: f.url.replace("file://", ""),
  url: f.url,
  line: f.lineNumber,
});

/** A profile of `ids` sampled every `ms` milliseconds. */
const sampled = (ids: number[], ms: number) => ({ ...profile, samples: ids, timeDeltas: ids.map(() => ms * 1000) });

describe("long synchronous steps in a CPU profile", () => {
  it("finds a step of 25 ms (GC inside it counted) and names it by Nosh's frame, and leaves out one of 10 ms", () => {
    const tasks = longTasks(sampled([6, 3, 3, 7, 3, 3, 3, 6, 5, 5, 6], 5), 20, plain);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.ms).toBe(30);
    expect(tasks[0]!.entry).toBe("listOnTimeout");
    expect(tasks[0]!.where[0]!.name).toBe("pass /app/lib/server/dispatch/pass.ts:1");
  });

  it("splits two steps entered through different frames with no idle between them", () => {
    const tasks = longTasks(sampled([3, 3, 3, 5, 5, 5, 5, 6], 5), 10, plain);
    expect(tasks.map((t) => [t.entry, t.ms])).toEqual([
      ["onread", 20],
      ["listOnTimeout", 15],
    ]);
    expect(tasks[0]!.where[0]!.name).toBe("render react-dom/server.js:1");
  });

  it("finds none when every step yields to the loop within the threshold", () => {
    expect(longTasks(sampled([3, 3, 6, 3, 3, 6, 5, 5, 6], 5), 20, plain)).toEqual([]);
  });

  it("groups the steps by where they spent most, longest first", () => {
    const tasks = longTasks(sampled([3, 3, 3, 3, 3, 6, 3, 3, 3, 3, 6, 5, 5, 5, 5, 5, 5, 6], 5), 20, plain);
    expect(longTasksByPlace(tasks)).toEqual([
      { where: "render react-dom/server.js:1", count: 1, maxMs: 30, totalMs: 30 },
      { where: "pass /app/lib/server/dispatch/pass.ts:1", count: 2, maxMs: 25, totalMs: 45 },
    ]);
  });
});
