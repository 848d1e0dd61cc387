import http from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { benchProbes, countStatements } from "./bench-probes.mjs";

// The rush bench's probes in the worker (server/bench-probes.mjs): off unless the bench asks and
// never in production; SQL statements counted by their text on a real SQLite connection; the event
// loop's delay and the GC's pauses in windows that each snapshot resets; a CPU profile of the
// main thread taken between two requests. Each test puts the drivers' methods back.

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the bench's probes", () => {
  it("are off unless NOSH_BENCH_PROBES=1, and never in production", () => {
    expect(benchProbes({})).toBeNull();
    expect(benchProbes({ NOSH_BENCH_PROBES: "0" })).toBeNull();
    expect(benchProbes({ NOSH_BENCH_PROBES: "1", NOSH_ENV: "production" })).toBeNull();
  });

  it("count every statement run on a SQLite connection by its text, prepared or executed", () => {
    const counts = new Map<string, number>();
    stops.push(countStatements(process.cwd(), counts));
    const db = new Database(":memory:");
    db.exec("CREATE TABLE t (x INTEGER)");
    const insert = db.prepare("INSERT INTO t (x) VALUES (?)");
    for (let i = 0; i < 3; i++) insert.run(i);
    const read = db.prepare("SELECT x FROM t WHERE x >= ?");
    read.all(1);
    read.raw(true).all(0);
    read.raw(false).get(2);
    expect([...read.iterate(0)]).toHaveLength(3);
    db.close();
    expect(Object.fromEntries(counts)).toEqual({
      "CREATE TABLE t (x INTEGER)": 1,
      "INSERT INTO t (x) VALUES (?)": 3,
      "SELECT x FROM t WHERE x >= ?": 4,
    });
  });

  it("name the statements that held the thread 20 ms or more, and only those", () => {
    const counts = new Map<string, number>();
    const slow = new Map<string, { count: number; maxMs: number; ms: number }>();
    stops.push(countStatements(process.cwd(), counts, slow));
    const db = new Database(":memory:");
    const long = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) SELECT count(*) FROM n";
    db.prepare(long).get();
    db.prepare("SELECT 1").get();
    db.close();
    expect([...slow.keys()]).toEqual([long]);
    expect(slow.get(long)).toMatchObject({ count: 1 });
    expect(slow.get(long)!.maxMs).toBeGreaterThanOrEqual(20);
  });

  it("stop counting once the methods are put back", () => {
    const counts = new Map<string, number>();
    countStatements(process.cwd(), counts)();
    const db = new Database(":memory:");
    db.prepare("SELECT 1").get();
    db.close();
    expect(counts.size).toBe(0);
  });

  it("report the event loop's delay and the longest GC pause since the last snapshot", async () => {
    const probes = benchProbes({ NOSH_BENCH_PROBES: "1" })!;
    stops.push(probes.stop);
    probes.snapshot();
    await sleep(30);
    busy(120);
    const garbage: unknown[] = [];
    for (let i = 0; i < 200_000; i++) garbage.push({ i, text: `row ${i}` });
    garbage.length = 0;
    await sleep(60);
    const first = probes.snapshot();
    expect(first.loop.maxMs).toBeGreaterThanOrEqual(90);
    expect(first.gc.count).toBeGreaterThan(0);
    expect(first.gc.windowMaxMs).toBeGreaterThan(0);
    expect(first.pid).toBe(process.pid);
    await sleep(60);
    const second = probes.snapshot();
    expect(second.loop.maxMs).toBeLessThan(first.loop.maxMs!);
    expect(second.gc.count).toBeGreaterThanOrEqual(first.gc.count);
  });

  it("say where the worker's memory is: V8's heap within the RSS, buffers as they are allocated, the C heap's main arena", () => {
    const probes = benchProbes({ NOSH_BENCH_PROBES: "1" })!;
    stops.push(probes.stop);
    const before = probes.snapshot().memory;
    const held = Buffer.alloc(32 * 1024 * 1024, 1);
    const after = probes.snapshot().memory;
    expect(after.heapTotalMb).toBeLessThan(after.rssMb);
    expect(after.heapUsedMb).toBeLessThanOrEqual(after.heapTotalMb);
    expect(after.arrayBuffersMb - before.arrayBuffersMb).toBeGreaterThanOrEqual(31);
    expect(after.cHeapMb).toBeGreaterThan(0);
    expect(held[0]).toBe(1);
  });

  it("answer a snapshot, and a profile of the main thread taken between ?profile=start and ?profile=stop", async () => {
    const probes = benchProbes({ NOSH_BENCH_PROBES: "1" })!;
    stops.push(probes.stop);
    const server = http.createServer((req, res) => void probes.serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    stops.push(() => server.close());
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench/probes`;
    expect((await fetch(`${base}?profile=stop`)).status).toBe(409);
    expect((await fetch(`${base}?profile=start`)).status).toBe(204);
    busy(200);
    const profiled = await fetch(`${base}?profile=stop`);
    expect(profiled.status).toBe(200);
    const profile = (await profiled.json()) as { nodes: { callFrame: { functionName: string; url: string } }[]; samples: number[] };
    // The busy loop, in this file (Vitest's transform inlines `busy` into the test).
    expect(profile.nodes.some((n) => n.callFrame.url.endsWith("/server/bench-probes.test.ts"))).toBe(true);
    expect(profile.samples.length).toBeGreaterThan(0);
    const snapshot = (await (await fetch(base)).json()) as ReturnType<typeof probes.snapshot>;
    expect(snapshot.loop.resolutionMs).toBe(10);
    expect(typeof snapshot.statements.total).toBe("number");
  });
});
