// The long synchronous steps of a V8 CPU profile (the rush worker's, rush/steps.mjs): every stretch
// of samples during which the main thread ran one call stack without going back to the event loop,
// at least LONG_TASK_MS long, named by the code it spent most of its samples in.
//
// A step is read from the sampled stacks: the thread is in one synchronous step while every sample
// sits under the same entry frame (the child of "(root)": a timer's, an I/O callback's, the
// microtask queue's) and none is "(idle)" (the loop waiting in epoll). GC and "(program)" samples
// belong to the step they interrupt. Two steps entered through the same frame back to back, with
// no idle sample between them (a busy loop running queued callbacks), read as one: a stretch is an
// upper bound of its longest step, and a list with none over LONG_TASK_MS proves there was none.

import { originalFrame } from "./cpu-profile.mjs";

/** The longest a synchronous step may hold the event loop (ms). */
export const LONG_TASK_MS = 20;

/** Nosh's own code (app/, lib/, components/, server/), not a package's, nor the bench's statement counter (its caller is named). */
const OURS = /(^|\/)(app|lib|components|server)\/[^]*\.(m?[jt]sx?)$/;
const PROBES = /server\/bench-probes\.mjs$/;

/**
 * The profile's stretches of at least `thresholdMs`, longest first: [{ ms, at (ms from the
 * profile's start), entry (the frame the step was entered through), where: [{ name, share }] (the
 * innermost frames of Nosh's code, else of any script, by their share of the stretch's samples)
 * }]. `frameOf` reads a call frame (originalFrame: through the build's source maps).
 */
export function longTasks(profile, thresholdMs = LONG_TASK_MS, frameOf = originalFrame) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const root = profile.nodes.find((n) => !parent.has(n.id))?.id;
  const frames = new Map();
  const frame = (id) => {
    if (!frames.has(id)) frames.set(id, frameOf(byId.get(id).callFrame));
    return frames.get(id);
  };
  // The entry frame and the frame it called (a microtask queue's entry runs one continuation after
  // another without returning to the loop: each continuation is a step of its own).
  const entryOf = (id) => {
    let at = id;
    let below = id;
    while (parent.has(at) && parent.get(at) !== root) {
      below = at;
      at = parent.get(at);
    }
    return `${at}/${below}`;
  };
  /** The innermost frame of Nosh's code on the sample's stack, else its innermost frame with a script. */
  const whereOf = (id) => {
    let script = null;
    for (let at = id; at !== undefined && at !== root; at = parent.get(at)) {
      const f = frame(at);
      if (!f.source || /^\(.*\)$/.test(f.functionName) || PROBES.test(f.source)) continue;
      const name = `${f.name || f.functionName || "(anonymous)"} ${f.source.replace(/^.*\/node_modules\//, "")}:${f.line + 1}`;
      if (OURS.test(f.source) && !/node_modules/.test(f.source)) return name;
      script ??= name;
    }
    return script ?? frame(id).functionName;
  };
  const out = [];
  let open = null;
  let at = 0;
  const close = () => {
    if (open && open.ms >= thresholdMs) {
      const where = [...open.counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
      out.push({
        ms: open.ms,
        at: open.at,
        entry: frame(Number(open.entry.split("/")[0])).functionName || "(anonymous)",
        where: where.map(([name, us]) => ({ name, share: us / open.ms / 1000 })),
      });
    }
    open = null;
  };
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    // The time until the next sample is this sample's.
    const us = profile.timeDeltas[i + 1] ?? 0;
    const name = byId.get(id).callFrame.functionName;
    if (name === "(idle)") close();
    else if (name === "(garbage collector)" || name === "(program)") {
      if (open) open.ms += us / 1000;
    } else {
      const entry = entryOf(id);
      if (open && open.entry !== entry) close();
      open ??= { ms: 0, at: at / 1000, entry, counts: new Map() };
      open.ms += us / 1000;
      const where = whereOf(id);
      open.counts.set(where, (open.counts.get(where) ?? 0) + us);
    }
    at += us;
  }
  close();
  return out.sort((a, b) => b.ms - a.ms);
}

/**
 * The stretches grouped by the frame they spent most in: [{ where, count, maxMs, totalMs }], the
 * longest first (what the step's report lists: every step over the threshold, with its duration).
 */
export function longTasksByPlace(tasks) {
  const places = new Map();
  for (const t of tasks) {
    const where = t.where[0]?.name ?? t.entry;
    const p = places.get(where) ?? { where, count: 0, maxMs: 0, totalMs: 0 };
    p.count++;
    p.maxMs = Math.max(p.maxMs, t.ms);
    p.totalMs += t.ms;
    places.set(where, p);
  }
  return [...places.values()].sort((a, b) => b.maxMs - a.maxMs);
}

/** The lines the rush's step prints (at most `limit` places). */
export function printLongTasks(places, limit = 15) {
  const count = places.reduce((n, p) => n + p.count, 0);
  console.log(`  synchronous steps of ${LONG_TASK_MS} ms or more on the worker's main thread (in its profile): ${count}${count ? ", by where they spent most:" : ""}`);
  for (const p of places.slice(0, limit))
    console.log(`    ${String(p.count).padStart(4)} x, longest ${Math.round(p.maxMs)} ms, ${Math.round(p.totalMs)} ms in all  ${p.where}`);
}

// `node bench/long-tasks.mjs <file.cpuprofile> [threshold ms]`: the same list for a kept profile.
if (import.meta.url === `file://${process.argv[1]}`) {
  const fs = await import("node:fs");
  const tasks = longTasks(JSON.parse(fs.readFileSync(process.argv[2], "utf8")), Number(process.argv[3] ?? LONG_TASK_MS));
  printLongTasks(longTasksByPlace(tasks), 40);
  for (const t of tasks.slice(0, 20))
    console.log(`  ${Math.round(t.ms)} ms at ${Math.round(t.at)} ms, entered by ${t.entry}: ${t.where.map((w) => `${w.name} ${Math.round(w.share * 100)}%`).join("; ")}`);
}
