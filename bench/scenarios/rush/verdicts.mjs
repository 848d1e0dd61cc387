// The dinner rush's step table and verdicts (bench/scenarios/rush.mjs): each step's p50/p99 per
// class, errors, the server's RSS and CPU, and the rush's targets (bench/targets.mjs
// RUSH_TARGETS) in the order they are checked; the first one broken ends the stepping.

import { stateLine } from "../../machine-state.mjs";
import { fmt, printColumns } from "../../report.mjs";
import { RUSH_TARGETS } from "../../targets.mjs";
import { printProfileByModule } from "../../cpu-profile.mjs";
import { printLongTasks } from "../../long-tasks.mjs";
import { keptLine } from "./kept-pages.mjs";

/** A multiplier as printed: 0.25x, 0.5x, 1x, 1.5x. */
export const times = (m) => `${m}x`;

export const CLASSES = [
  ["page", "pages"],
  ["catalog", "catalog JSON"],
  ["personal", "personal reads"],
  ["checkout", "checkout placement"],
  ["board", "board steps"],
  ["courier", "courier steps"],
  ["position", "position reports"],
  ["edit", "menu edits, pauses"],
];

/** Every error of a step: 5xx, timeouts and network errors of every class, streams refused or dropped. */
export function errorsOf(step) {
  const perClass = Object.values(step.load.classes).reduce((n, c) => n + c.errors, 0);
  return perClass + step.load.streams.refused + step.load.streams.dropped;
}

/** The targets a step broke, in RUSH_TARGETS' order: [] when it held. */
export function broken(step) {
  const t = RUSH_TARGETS;
  const c = step.load.classes;
  const out = [];
  const p99 = (name, limit, label) => {
    if ((c[name]?.p99 ?? 0) > limit) out.push(`${label} p99 ${fmt(c[name].p99)} ms > ${limit} ms`);
  };
  p99("page", t.pageP99Ms, "page");
  p99("personal", t.personalP99Ms, "personal read");
  p99("checkout", t.checkoutP99Ms, "checkout placement");
  p99("board", t.boardP99Ms, "board step");
  p99("position", t.positionP99Ms, "position report");
  const events = step.load.events;
  if ((events.p99 ?? 0) > t.eventP99Ms || events.missing > 0)
    out.push(`order event to its streams p99 ${fmt(events.p99)} ms, ${events.missing} never arrived (target ${t.eventP99Ms} ms, none missing)`);
  const errors = errorsOf(step);
  if (errors > 0) out.push(`${errors} errors (5xx, timeouts, streams refused or dropped)`);
  if (step.restarts) out.push(`the server's worker died and was replaced during the step`);
  if (step.rssPeakMb !== null && step.rssPeakMb >= t.rssMb) out.push(`server RSS ${step.rssPeakMb} MB >= ${t.rssMb} MB`);
  if (step.load.deliveries.unfinished > 0) out.push(`${step.load.deliveries.unfinished} checkouts' paths unfinished`);
  return out;
}

/** A step's verdict as printed: "held", "BROKE: ...", "machine busy: not judged", or a step run for its profile alone. */
export const verdictOf = (step) =>
  step.unjudged
    ? "run for the profile: not judged"
    : step.state?.busy
      ? "machine busy: not judged"
      : step.broken.length
        ? `BROKE: ${step.broken[0]}`
        : "held every target";

const pct = (share) => `${fmt(share * 100)}%`;

/**
 * A step's CPU (rush/probes.mjs windowShares: the paced seconds, the drain and the streams' opening
 * apart; the workers' main threads apart from their helper threads), its event loop's delay, GC
 * pauses and statements over the paced seconds, and `top -H`'s reading when it watched.
 */
/** GC pauses by kind: each kind's count a minute and its mean pause ("major 6/min of 180 ms"). */
const gcKinds = (byKind = {}, seconds) =>
  Object.entries(byKind)
    .filter(([, k]) => k.count > 0)
    .map(([kind, k]) => `${kind} ${fmt((60 * k.count) / seconds, 1)}/min of ${fmt(k.ms / k.count, 1)} ms`)
    .join(", ");

export function cpuLines(step) {
  const { opening, paced, drain } = step.load.cpu;
  const p = step.load.probes?.paced;
  const lines = [
    `CPU over the paced ${fmt(paced.seconds)} s: ${pct(paced.share)} of a core (main thread ${pct(paced.mainShare)}, helper threads ${pct(paced.helpersShare)}; ` +
      `the main thread waited for the core ${pct(paced.mainWaitShare)} of the time); ` +
      `the drain after them ${fmt(drain.seconds, 1)} s at ${pct(drain.share)}; the streams' opening before them ${fmt(opening.seconds, 1)} s at ${pct(opening.share)}`,
  ];
  if (p?.servers)
    lines.push(
      `over the paced seconds: event loop delay p99 ${fmt(p.loop.p99Ms, 1)} ms, max ${fmt(p.loop.maxMs)} ms; GC ${p.gc.count} pauses, ${fmt(p.gc.ms)} ms (${fmt(p.gc.ms / paced.seconds / 10, 1)}% of the time), ` +
        `longest ${fmt(p.gc.maxMs, 1)} ms (${gcKinds(p.gc.byKind, paced.seconds)}); ${fmt(p.statements / paced.seconds)} SQL statements a second`,
    );
  const m = p?.memory;
  if (m)
    lines.push(
      `memory at the paced seconds' end: RSS ${fmt(m.rssMb)} MB = V8's heap ${fmt(m.heapTotalMb)} (${fmt(m.heapUsedMb)} used) + buffers and other external ${fmt(m.externalMb)} ` +
        `+ V8's own malloc ${fmt(m.v8MallocMb)} (peak ${fmt(m.v8MallocPeakMb)}) + the C heap's main arena ${fmt(m.cHeapMb)} + other anonymous ${fmt(m.otherAnonymousMb)} (V8's heap is in it) + the rest (code, files)`,
    );
  const slow = Object.entries(p?.slow ?? {}).sort(([, a], [, b]) => b.ms - a.ms);
  if (slow.length)
    lines.push(
      `SQL statements that held the thread 20 ms or more over the paced seconds: ${slow.reduce((n, [, s]) => n + s.count, 0)}` +
        slow
          .slice(0, 6)
          .map(([text, s]) => `\n    ${s.count} x, longest ${fmt(s.maxMs)} ms, ${fmt(s.ms)} ms in all: ${text.replace(/\s+/g, " ").slice(0, 160)}`)
          .join(""),
    );
  const t = step.load.top;
  if (t)
    lines.push(
      `top -H on the worker (two 5 s frames): the main thread's row ${fmt(t.mainRow)}%, the other threads' ${fmt(t.othersRows)}% (the row less them: ${fmt(t.mainRow - t.othersRows)}%); ` +
        `/proc over the same seconds: the process ${fmt(t.totalProc)}%, the main thread ${fmt(t.mainProc)}%; top's threads: ${t.threads.map((th) => `${th.tid} ${fmt(th.cpu, 1)}%`).join(", ")}`,
    );
  return lines;
}

/** A class's requests in a step as its CPU alone counts them (a checkout: its placed paths). */
const answeredOf = (step, name) => (name === "checkout" ? step.load.deliveries.placed : (step.load.classes[name]?.count ?? 0));

/**
 * The step's CPU (the servers' /proc, over every request of the mix) against each class at its
 * cost alone: `atAlone` the sum of answered x cost alone, `scale` the step's CPU over it (the
 * factor each class's "in the mix" figure is estimated with: the server's CPU is one figure per
 * process, so a class's share under the mix is estimated, not read). Null without the figures.
 */
function mixShare(step, cpuByClass) {
  if (!cpuByClass || !Number.isFinite(step.cpuMs)) return null;
  const atAlone = CLASSES.reduce((sum, [name]) => sum + (cpuByClass[name] ?? 0) * answeredOf(step, name), 0);
  return atAlone > 0 ? { atAlone, scale: step.cpuMs / atAlone } : null;
}

/** Prints one step: the machine before it, its classes, streams, events, deliveries, verdict. */
export function printStep(step, cpuByClass) {
  const l = step.load;
  console.log(`\n${step.label}: ${times(step.multiplier)} for ${fmt(l.seconds)} s (${step.database})`);
  console.log(`  ${stateLine(step.state)}`);
  const share = mixShare(step, cpuByClass);
  const lines = CLASSES.filter(([name]) => l.classes[name]).map(([name, label]) => {
    const c = l.classes[name];
    const alone = cpuByClass?.[name];
    return [
      label,
      String(c.count),
      fmt(c.count / l.seconds, 1),
      fmt(c.p50, 1),
      fmt(c.p99, 1),
      String(c.errors),
      String(c.refused),
      alone === undefined ? "-" : fmt(alone, 2),
      alone === undefined || !share ? "-" : fmt(alone * share.scale, 2),
      alone === undefined || !share ? "-" : `${fmt((100 * alone * answeredOf(step, name)) / step.cpuMs, 1)}%`,
    ];
  });
  printColumns(
    ["class", "answered", "a second", "p50 ms", "p99 ms", "errors", "4xx", "ms CPU/req alone", "in the mix (est.)", "share at alone cost"],
    lines,
    (i) => i === 0,
  );
  if (share)
    console.log(
      `  CPU by class: the classes at their cost alone make ${fmt(share.atAlone)} of the step's ${fmt(step.cpuMs)} ms (${fmt((100 * share.atAlone) / step.cpuMs, 1)}%); ` +
        `"in the mix" scales each by ${fmt(share.scale, 2)} (the rest: streams held open, board and courier steps past a checkout's, contention)`,
    );
  const pages = keptLine(step.kept);
  if (pages) console.log(`  ${pages}`);
  const pagesAlone = keptLine(cpuByClass?.pagesAlone);
  if (pagesAlone) console.log(`  alone, ${pagesAlone}`);
  const s = l.streams;
  console.log(`  streams: ${s.opened} of ${s.wanted} open at the start (in ${fmt(s.openSeconds, 1)} s), ${s.refused} refused, ${s.dropped} dropped`);
  const e = l.events;
  const byStage = Object.entries(e.missingByStage ?? {}).filter(([, n]) => n > 0);
  const missed = byStage.length ? ` (${byStage.map(([stage, n]) => `${stage} ${n}`).join(", ")})` : "";
  console.log(`  order events to their streams: p50 ${fmt(e.p50)} ms, p99 ${fmt(e.p99)} ms over ${e.deliveries} arrivals, ${e.missing} never arrived${missed}`);
  const d = l.deliveries;
  console.log(
    `  checkouts: ${d.placed} placed of ${l.checkouts} due (${d.scheduled} scheduled: their slot is after the step), ${d.autoAccepted} auto-accepted, ${d.offers} offers to the free couriers, ${d.delivered} delivered, ${d.unfinished} of this step's unfinished; ${d.resumed ?? 0} jobs held from earlier steps resumed; ${d.placeUnanswered ?? 0} placements unanswered` +
      (d.unfinishedTraces ?? [])
        .slice(0, 5)
        .map((trace) => `\n    unfinished: ${trace}`)
        .join(""),
  );
  console.log(
    `  server: RSS peak ${step.rssPeakMb ?? "-"} MB, ${fmt(step.cpuPerRequest, 2)} ms of CPU a request over all classes; loader ${fmt(l.loaderCpuShare * 100)}% of its core`,
  );
  for (const line of cpuLines(step)) console.log(`  ${line}`);
  for (const [name, c] of Object.entries(l.classes)) if (c.samples.length) console.log(`  ${name} samples: ${c.samples.join(" | ")}`);
  if (s.samples.length) console.log(`  stream samples: ${s.samples.join(" | ")}`);
  if (step.profile) printProfileByModule(step.profile);
  if (step.longTasks) printLongTasks(step.longTasks);
  if (step.gcLog) console.log(`  the server's last full collections:\n${step.gcLog.replace(/^/gm, "    ")}`);
  if (step.restarts) console.log(`  the worker was replaced during the step; the server's log ends:\n${step.serverLog.replace(/^/gm, "    ")}`);
  console.log(`  verdict: ${verdictOf(step)}`);
}
