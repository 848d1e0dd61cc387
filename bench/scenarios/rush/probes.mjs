// What the dinner rush reads from the server's workers beside its answers: their CPU from /proc,
// the main thread (its tid is the pid) apart from V8's and libuv's helper threads, over each part of
// a step (the streams opening, the paced seconds, the drain: windowShares), and the worker's own
// probes (server/bench-probes.mjs, on with NOSH_BENCH_PROBES=1: statements by text, GC pauses,
// the event loop's delay, a CPU profile), read at the same marks (probesDuring). Used by the load
// generator (rush/drive.mjs) and the report (rush/steps.mjs, rush/verdicts.mjs). Also `top -H`'s
// view of the worker's threads, to check the main thread's share against (parseTop).

import fs from "node:fs";
import { RUSH_METRICS_TOKEN } from "./kept-pages.mjs";

/** A clock tick of /proc's utime and stime (100 a second on Linux), in ms. */
const TICK_MS = 10;

/** utime + stime (ms) of one /proc stat line (the name in (...) may contain spaces). */
export const statCpuMs = (stat) => {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

/**
 * { total, main, mainWait } ms the processes `pids` have used so far: CPU (their main threads
 * apart), and how long their main threads waited, runnable, for a core (schedstat's run_delay:
 * another process had it); NaNs without /proc.
 */
export function threadCpu(pids = []) {
  try {
    let total = 0;
    let main = 0;
    let mainWait = 0;
    for (const pid of pids) {
      total += statCpuMs(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
      main += statCpuMs(fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8"));
      mainWait += Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[1]) / 1e6;
    }
    return { total, main, mainWait };
  } catch {
    return { total: NaN, main: NaN, mainWait: NaN };
  }
}

/** A mark of a step: when (performance.now(), ms) and the CPU so far ({ total, main, mainWait }). */
export const mark = (pids) => ({ at: performance.now(), ...threadCpu(pids) });

/**
 * The step's parts between marks `{ start, paced, pacedEnd, drained }` (each { at, total, main }):
 * `opening` (the streams opening, before the load), `paced` (the load's seconds: the share a step
 * is judged by), `drain` (the answers still due and the paths still running after it). Each:
 * { seconds, cpuMs, mainMs, share, mainShare, helpersShare, mainWaitShare } (shares of one core;
 * the last: of the time the main thread waited for a core while it had work).
 */
export function windowShares({ start, paced, pacedEnd, drained }) {
  const part = (from, to) => {
    const ms = to.at - from.at;
    const cpuMs = to.total - from.total;
    const mainMs = to.main - from.main;
    const share = (n) => (ms > 0 ? n / ms : NaN);
    const mainWaitShare = share(to.mainWait - from.mainWait);
    return { seconds: ms / 1000, cpuMs, mainMs, share: share(cpuMs), mainShare: share(mainMs), helpersShare: share(cpuMs - mainMs), mainWaitShare };
  };
  return { opening: part(start, paced), paced: part(paced, pacedEnd), drain: part(pacedEnd, drained) };
}

/** Each server's probe snapshot (`bases`: their origins), null where it did not answer. */
export async function readProbes(bases = []) {
  return Promise.all(
    bases.map(async (base) => {
      try {
        const answer = await fetch(`${base}/bench/probes`, { headers: { authorization: `Bearer ${RUSH_METRICS_TOKEN}` }, signal: AbortSignal.timeout(10_000) });
        return answer.ok ? await answer.json() : null;
      } catch {
        return null;
      }
    }),
  );
}

/**
 * What the servers did between two readings of readProbes (the same servers, in order), summed:
 * statements (total and by text), GC pauses (count, ms, by kind; the longest, from `after`'s
 * window), the event loop's delay (p99 and max of `after`'s window: the highest of the servers).
 * A server restarted in between (another pid) counts from zero; one that did not answer, not at all.
 */
export function probesDuring(before, after) {
  const out = { servers: 0, statements: 0, byText: {}, slow: {}, gc: { count: 0, ms: 0, maxMs: 0, byKind: {} }, loop: { p99Ms: null, maxMs: null } };
  after.forEach((now, i) => {
    if (!now) return;
    const then = before[i]?.pid === now.pid ? before[i] : { statements: { total: 0, byText: {} }, gc: { count: 0, ms: 0, byKind: {} } };
    out.servers++;
    out.statements += now.statements.total - then.statements.total;
    for (const [text, n] of Object.entries(now.statements.byText)) {
      const added = n - (then.statements.byText[text] ?? 0);
      if (added > 0) out.byText[text] = (out.byText[text] ?? 0) + added;
    }
    // The slow ones: `after`'s window (since the snapshot before it), as the loop's delay.
    for (const [text, s] of Object.entries(now.statements.slow ?? {})) {
      const sum = (out.slow[text] ??= { count: 0, maxMs: 0, ms: 0 });
      sum.count += s.count;
      sum.maxMs = Math.max(sum.maxMs, s.maxMs);
      sum.ms += s.ms;
    }
    out.gc.count += now.gc.count - then.gc.count;
    out.gc.ms += now.gc.ms - then.gc.ms;
    out.gc.maxMs = Math.max(out.gc.maxMs, now.gc.windowMaxMs);
    for (const [kind, k] of Object.entries(now.gc.byKind)) {
      const was = then.gc.byKind[kind] ?? { count: 0, ms: 0 };
      const sum = (out.gc.byKind[kind] ??= { count: 0, ms: 0 });
      sum.count += k.count - was.count;
      sum.ms += k.ms - was.ms;
    }
    for (const key of ["p99Ms", "maxMs"]) if (now.loop[key] !== null) out.loop[key] = Math.max(out.loop[key] ?? 0, now.loop[key]);
    // Where the memory was at the end (the first server's: one worker on SQLite).
    out.memory ??= now.memory ?? null;
  });
  return out;
}

/** The `n` statements run most (by text, shortened to `chars`), each with its count divided by `per`. */
export function topStatements(byText, n = 5, per = 1, chars = 120) {
  return Object.entries(byText)
    .sort(([, a], [, b]) => b - a)
    .slice(0, n)
    .map(([text, count]) => ({ text: text.replace(/\s+/g, " ").slice(0, chars), each: count / per }));
}

/**
 * `top -H -b` output for one process: its frames, each { threads: [{ tid, name, cpu }] } (%CPU of
 * one core); `main`: the %CPU on the main thread's row (its tid is `pid`) in each frame, `others`:
 * the other rows' sum. top's first frame counts since the process started; the later ones over
 * their delay. procps-ng's top (4.0.2 here) reads the main thread's row from /proc/<pid>/stat,
 * which sums every thread of the process: the main thread alone is that row less the others'.
 */
export function parseTop(text, pid) {
  const frames = text
    .split(/^top - /m)
    .slice(1)
    .map((frame) => {
      const lines = frame.split("\n");
      const header = lines.findIndex((l) => /^\s*PID\s+USER\b/.test(l));
      if (header < 0) return { threads: [] };
      const columns = lines[header].trim().split(/\s+/);
      const cpuAt = columns.indexOf("%CPU");
      const threads = lines
        .slice(header + 1)
        .map((l) => l.trim().split(/\s+/))
        .filter((cols) => cols.length >= columns.length && /^\d+$/.test(cols[0]))
        .map((cols) => ({ tid: Number(cols[0]), cpu: Number(cols[cpuAt].replace(",", ".")), name: cols.slice(columns.length - 1).join(" ") }));
      return { threads };
    });
  const main = frames.map((f) => f.threads.find((t) => t.tid === pid)?.cpu ?? 0);
  const others = frames.map((f) => f.threads.filter((t) => t.tid !== pid).reduce((n, t) => n + t.cpu, 0));
  return { frames, main, others };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `top -H -b -n 3 -d 5 -p pid` after `delayMs`, beside /proc's figures over the same seconds (%):
 * { mainRow (top's main thread row, the mean of its frames after the first), othersRows (the other
 * rows' sum), mainProc, totalProc, threads (top's last frame, busiest first) }, or null without top.
 */
export async function watchTop(pid, delayMs) {
  const { spawn } = await import("node:child_process");
  await sleep(delayMs);
  const before = mark([pid]);
  const text = await new Promise((resolve) => {
    let out = "";
    const child = spawn("top", ["-H", "-b", "-n", "3", "-d", "5", "-p", String(pid)]);
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("close", () => resolve(out));
    child.on("error", () => resolve(""));
  });
  const after = mark([pid]);
  const { frames, main, others } = parseTop(text, pid);
  if (frames.length < 2) return null;
  const later = (list) => list.slice(1).reduce((n, c) => n + c, 0) / (list.length - 1);
  return {
    mainRow: later(main),
    othersRows: later(others),
    mainProc: (100 * (after.main - before.main)) / (after.at - before.at),
    totalProc: (100 * (after.total - before.total)) / (after.at - before.at),
    threads: frames
      .at(-1)
      .threads.sort((a, b) => b.cpu - a.cpu)
      .slice(0, 8),
  };
}

/**
 * The worker's CPU profile (server/bench-probes.mjs) from `at` (performance.now()) until stop():
 * stop(file, end) writes it to `file` and answers { seconds, mainMs } (the main thread's CPU from
 * the profile's start to the mark `end`), or null when it could not be taken.
 */
export function profileFrom(base, pid, at) {
  const ask = (action) => fetch(`${base}/bench/probes?profile=${action}`, { headers: { authorization: `Bearer ${RUSH_METRICS_TOKEN}` } });
  const began = sleep(Math.max(0, at - performance.now())).then(async () => ((await ask("start")).status === 204 ? mark([pid]) : null));
  return {
    async stop(file, end) {
      const from = await began.catch(() => null);
      if (!from) return null;
      const answer = await ask("stop");
      if (answer.status !== 200) return null;
      fs.writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
      return { seconds: (end.at - from.at) / 1000, mainMs: end.main - from.main, cpuMs: end.total - from.total };
    },
  };
}
