// The machine's state before a phase of `npm run bench`: is anything else using the cores? On a
// shared machine a verdict taken beside someone else's build says nothing, so every phase
// samples the machine first, and each of its verdicts reads "machine busy: not judged" instead
// of met or MISSED when the machine was busy (docs/performance.md "Verdicts").
//
// Over a short window (BENCH_SAMPLE_MS, default 1000 ms), with the bench's own processes idle
// between phases, sampleMachine() reads from /proc:
//   - every process's CPU time (utime + stime of /proc/<pid>/stat) at both ends of the window,
//     leaving out the bench's own process tree (this process and everything it started: the
//     servers, the load generators); each other process's share of a core is its CPU time over
//     the window;
//   - how many of those other processes are runnable (state R, or D: waiting on the disk, as the
//     kernel's load average counts them), every 50 ms: their mean is the load others put on
//     the machine now;
//   - the 1-minute load average (/proc/loadavg), printed for the record only: it still carries
//     the bench's own previous phase for a minute after it ran, so it cannot tell others' load
//     from the bench's own.
// The machine is busy when others' load is above BUSY_LOAD_PER_CORE per core (1.5 on 2 cores) or
// one other process used more than BUSY_PROCESS_SHARE of a core (10%). Without /proc (not Linux)
// nothing can be known: the state says so and the verdicts are given as they are.

import fs from "node:fs";
import os from "node:os";

export const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_MS ?? 1000);
/** Others' load (runnable processes) above this per core: busy (1.5 on 2 cores). */
export const BUSY_LOAD_PER_CORE = 0.75;
/** One other process above this share of a core: busy. */
export const BUSY_PROCESS_SHARE = 0.1;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const POLL_MS = 50;

/** pid -> { ppid, state, cpuMs, name } of every process readable now. */
function processes() {
  const all = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The name in (...) may contain spaces and parentheses: the fields start after the last ")".
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // Fields 3 (state), 4 (ppid), 14 and 15 (utime, stime) of stat(5), counted from the state.
      all.set(Number(entry), { name, state: fields[0], ppid: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return all;
}

/** This process and all its descendants (the bench's servers and load generators). */
function ownTree(all) {
  const own = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of all) {
      if (!own.has(pid) && own.has(p.ppid)) {
        own.add(pid);
        grew = true;
      }
    }
  }
  return own;
}

/**
 * The machine now, over `windowMs`: { known, busy, reason, othersLoad, busiest: { pid, name,
 * share } | null, othersCpuShare (all others together, in cores), loadAverage (1 min), cores }.
 */
export async function sampleMachine(windowMs = SAMPLE_MS) {
  const cores = os.availableParallelism();
  const loadAverage = Number(os.loadavg()[0].toFixed(2));
  if (!fs.existsSync("/proc/self/stat")) return { known: false, busy: false, reason: "no /proc: the machine's state is unknown", cores, loadAverage };
  const before = processes();
  const started = performance.now();
  let polls = 0;
  let runnable = 0;
  while (performance.now() - started < windowMs) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const now = processes();
    const own = ownTree(now);
    polls++;
    for (const [pid, p] of now) if (!own.has(pid) && (p.state === "R" || p.state === "D")) runnable++;
  }
  const elapsed = performance.now() - started;
  const after = processes();
  const own = ownTree(after);
  let busiest = null;
  let othersCpuMs = 0;
  for (const [pid, p] of after) {
    const then = before.get(pid);
    if (own.has(pid) || !then) continue;
    const used = p.cpuMs - then.cpuMs;
    othersCpuMs += used;
    if (!busiest || used > busiest.cpuMs) busiest = { pid, name: p.name, cpuMs: used };
  }
  const othersLoad = runnable / Math.max(1, polls);
  const busyLoad = BUSY_LOAD_PER_CORE * cores;
  const share = busiest ? busiest.cpuMs / elapsed : 0;
  const reasons = [];
  if (othersLoad > busyLoad) reasons.push(`others' load ${othersLoad.toFixed(2)} > ${busyLoad}`);
  if (share > BUSY_PROCESS_SHARE) reasons.push(`${busiest.name} (pid ${busiest.pid}) used ${(share * 100).toFixed(0)}% of a core`);
  return {
    known: true,
    busy: reasons.length > 0,
    reason: reasons.join(", "),
    othersLoad: Number(othersLoad.toFixed(2)),
    othersCpuShare: Number((othersCpuMs / elapsed).toFixed(2)),
    busiest: busiest ? { pid: busiest.pid, name: busiest.name, share: Number(share.toFixed(2)) } : null,
    loadAverage,
    cores,
  };
}

/** One line for a phase's state: "machine idle (others' load 0.10, busiest ...)" or "machine busy: ...". */
export function stateLine(state) {
  if (!state?.known) return state?.reason ?? "machine not sampled";
  const busiest = state.busiest ? `, busiest other ${state.busiest.name} ${(state.busiest.share * 100).toFixed(0)}% of a core` : "";
  const figures = `others' load ${state.othersLoad}, others' CPU ${state.othersCpuShare} cores${busiest}; load average ${state.loadAverage}`;
  return state.busy ? `machine busy (${state.reason}; ${figures})` : `machine quiet (${figures})`;
}

/** A verdict as printed: "met", "MISSED", or "machine busy: not judged" when `state` was busy. */
export const verdict = (met, state) => (state?.busy ? "machine busy: not judged" : met ? "met" : "MISSED");

/** Samples the machine before a phase and prints its state under `label`; returns the state. */
export async function beforePhase(label) {
  const state = await sampleMachine();
  console.log(`  [${label}] ${stateLine(state)}`);
  return state;
}
