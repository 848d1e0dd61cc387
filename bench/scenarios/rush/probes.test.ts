import { describe, expect, it } from "vitest";
import { bodyOf, floorsOf, twinsWanted } from "./floors.mjs";
import { Tally } from "./http.mjs";
import { parseTop, probesDuring, statCpuMs, topStatements, windowShares } from "./probes.mjs";

// The rush bench's arithmetic (bench/scenarios/rush/probes.mjs, http.mjs, floors.mjs): a step's CPU
// share over its paced seconds with the drain apart and the main thread apart, the worker's probes
// between two readings, top's thread lines, the shapes a class's requests had and the floors their
// twins make.

describe("a step's CPU by part", () => {
  it("is a share of one core over the paced seconds alone, the streams' opening and the drain apart, the main thread apart from its helpers", () => {
    const shares = windowShares({
      start: { at: 0, total: 0, main: 0, mainWait: 0 },
      paced: { at: 5_000, total: 3_000, main: 2_500, mainWait: 100 },
      pacedEnd: { at: 65_000, total: 63_000, main: 57_500, mainWait: 6_100 },
      drained: { at: 85_000, total: 65_000, main: 59_000, mainWait: 6_200 },
    });
    expect(shares.paced).toEqual({
      seconds: 60,
      cpuMs: 60_000,
      mainMs: 55_000,
      share: 1,
      mainShare: 55_000 / 60_000,
      helpersShare: 5_000 / 60_000,
      mainWaitShare: 0.1,
    });
    expect(shares.drain.seconds).toBe(20);
    expect(shares.drain.share).toBeCloseTo(0.1);
    expect(shares.opening.share).toBeCloseTo(0.6);
    // What the bench reported before: the whole phase, drain included, read as "not CPU".
    expect((65_000 - 3_000) / (85_000 - 5_000)).toBeLessThan(0.8);
  });

  it("reads utime and stime from a /proc stat line whose name has spaces and parentheses", () => {
    const stat = "4242 (next-server (v16)) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 56 0 0 20 0 11 0 100 1000 200";
    expect(statCpuMs(stat)).toBe((1234 + 56) * 10);
  });
});

describe("the worker's probes between two readings", () => {
  const reading = (pid: number, total: number, byText: Record<string, number>, gc: { count: number; ms: number; max: number }, loop: [number, number]) => ({
    pid,
    statements: { total, byText },
    gc: { count: gc.count, ms: gc.ms, windowMaxMs: gc.max, byKind: { minor: { count: gc.count, ms: gc.ms } } },
    loop: { resolutionMs: 10, samples: 100, p50Ms: 0.1, p99Ms: loop[0], maxMs: loop[1] },
  });

  it("adds up what each server ran, statements by text, GC pauses, and takes the worst loop delay and longest pause of the later window", () => {
    const before = [reading(1, 10, { "SELECT 1": 10 }, { count: 5, ms: 20, max: 9 }, [50, 90]), reading(2, 0, {}, { count: 0, ms: 0, max: 0 }, [1, 1])];
    const after = [
      reading(1, 40, { "SELECT 1": 25, "BEGIN IMMEDIATE": 15 }, { count: 9, ms: 32, max: 4 }, [3.5, 12]),
      reading(2, 6, { "SELECT 1": 6 }, { count: 2, ms: 3, max: 2.5 }, [7, 20]),
    ];
    const d = probesDuring(before, after);
    expect(d.servers).toBe(2);
    expect(d.statements).toBe(36);
    expect(d.byText).toEqual({ "SELECT 1": 21, "BEGIN IMMEDIATE": 15 });
    expect(d.gc).toEqual({ count: 6, ms: 15, maxMs: 4, byKind: { minor: { count: 6, ms: 15 } } });
    expect(d.loop).toEqual({ p99Ms: 7, maxMs: 20 });
  });

  it("counts a restarted worker from zero and leaves out one that did not answer", () => {
    const d = probesDuring(
      [reading(1, 100, { x: 100 }, { count: 50, ms: 70, max: 1 }, [1, 1]), null],
      [reading(7, 12, { x: 12 }, { count: 3, ms: 4, max: 2 }, [2, 5]), null],
    );
    expect(d).toMatchObject({ servers: 1, statements: 12, byText: { x: 12 }, gc: { count: 3, ms: 4 } });
  });

  it("names the statements run most, a request's share each, shortened to one line", () => {
    const top = topStatements({ "SELECT *\n  FROM t": 30, BEGIN: 10, COMMIT: 10, "UPDATE u": 40 }, 2, 10, 10);
    expect(top).toEqual([
      { text: "UPDATE u", each: 4 },
      { text: "SELECT * F", each: 3 },
    ]);
  });
});

describe("top -H's view of the worker", () => {
  const frame = (main: string, other: string) => `top - 07:00:01 up  1:35,  0 user,  load average: 1.05, 0.90, 0.80
Threads:  11 total,   1 running,  10 sleeping,   0 stopped,   0 zombie
%Cpu(s): 50.0 us,  2.0 sy,  0.0 ni, 48.0 id,  0.0 wa,  0.0 hi,  0.0 si,  0.0 st

  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND
 4242 root      20   0   11.2g 400000  50000 R  ${main}   1.6   1:02.03 next-server (v
 4250 root      20   0   11.2g 400000  50000 S  ${other}   1.6   0:05.00 V8Worker
 4251 root      20   0   11.2g 400000  50000 S   0.0   1.6   0:00.00 libuv-worker
`;

  it("reads each frame's threads, the main thread's row (its tid is the pid) and the other rows' sum", () => {
    const { frames, main, others } = parseTop(frame("12.0", " 1.0") + frame("98.7", " 8.3") + frame("99.1", " 6.0"), 4242);
    expect(main).toEqual([12, 98.7, 99.1]);
    expect(others).toEqual([1, 8.3, 6]);
    expect(frames[1].threads).toEqual([
      { tid: 4242, cpu: 98.7, name: "next-server (v" },
      { tid: 4250, cpu: 8.3, name: "V8Worker" },
      { tid: 4251, cpu: 0, name: "libuv-worker" },
    ]);
  });
});

describe("what a class sent, and its floor", () => {
  it("keeps each class's shape: its method, body and answer sizes, its cookie on a share of its requests", () => {
    const tally = new Tally();
    const answer = (cookieChars: number, body: string) => ({
      status: 200,
      ms: 1,
      text: body,
      raw: Buffer.from(body),
      sent: { method: "POST", bytes: 40, cookieChars, gzip: false },
    });
    tally.add("position", answer(300, '{"accepted":1}'), "position");
    tally.add("position", answer(0, '{"accepted":1,"dropped":0}'), "position");
    tally.add("position", { status: 0, ms: 0, text: "boom" }, "position"); // a path's failure: no shape
    expect(tally.summary().position.shape).toEqual({
      requests: 2,
      method: "POST",
      sentBytes: 40,
      cookieShare: 0.5,
      cookieChars: 300,
      gzip: false,
      answerBytes: 20,
      wireBytes: 20,
      htmlBytes: null,
    });
  });

  const shape = (requests: number, each: number) => ({
    requests,
    each,
    method: "POST",
    sentBytes: 40,
    cookieShare: 1,
    cookieChars: 300,
    gzip: false,
    answerBytes: 30,
    wireBytes: 30,
    htmlBytes: null,
  });

  it("sends each kind's twin at the rate of the kind's own class alone, else of the class whose path sent it", () => {
    const detail = {
      position: { seconds: 10, path: { position: shape(2000, 1) } },
      checkout: { seconds: 10, path: { checkout: shape(40, 1), board: shape(60, 1.5), position: shape(500, 12.5) } },
    };
    const wanted = twinsWanted(detail);
    expect(Object.keys(wanted).sort()).toEqual(["board", "checkout", "position"]);
    expect(wanted.position.rate).toBe(200);
    expect(wanted.board.rate).toBe(6);
  });

  it("makes a class's floor the twins' CPU of every request it sent for one answered, a checkout's its whole path's", () => {
    const detail = {
      position: { seconds: 10, path: { position: shape(2000, 1) } },
      checkout: { seconds: 10, path: { checkout: shape(40, 1), board: shape(60, 1.5), position: shape(500, 12.5) } },
      edit: { seconds: 10, path: { edit: shape(7, 1) } },
    };
    const floors = floorsOf(detail, { position: { ms: 2 }, checkout: { ms: 3 }, board: { ms: 2.5 } });
    expect(floors.position).toEqual({ ms: 2, requests: 1 });
    expect(floors.checkout).toEqual({ ms: 3 + 1.5 * 2.5 + 12.5 * 2, requests: 15 });
    // No twin measured for its kind: no floor rather than a wrong one.
    expect(floors.edit).toBeUndefined();
  });

  it("gives a twin a JSON body of the size the class sent", () => {
    expect(bodyOf(0)).toBe("{}");
    expect(bodyOf(57).length).toBe(57);
    expect(JSON.parse(bodyOf(57))).toHaveProperty("pad");
  });
});
