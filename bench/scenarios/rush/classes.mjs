// Each class of the dinner rush alone at its 1x rate (bench/scenarios/rush.mjs, rush/two-instances.mjs):
// what a request of it costs the server, read over its paced seconds and their drain (the streams'
// opening left out): the CPU (the worker's main thread apart), the SQL statements (counted by text in
// the worker: server/bench-probes.mjs), the GC's pauses, the event loop's delay; and what each
// request carried (its shape), which its bare twin carries too (rush/floors.mjs).

import { fmt, printColumns } from "../../report.mjs";
import { runStep, carry } from "./steps.mjs";
import { topStatements } from "./probes.mjs";

const SOLO_SECONDS = Number(process.env.BENCH_RUSH_SOLO_SECONDS ?? 10);
/** The classes measured alone (BENCH_RUSH_CLASSES, comma-separated: a subset, in this order). */
const SOLO_CLASSES = (process.env.BENCH_RUSH_CLASSES ?? "idle,stream,page,catalog,personal,position,checkout,edit").split(",").filter(Boolean);
/** The classes a checkout's whole path sends (its placement, the board's and the courier's steps, the riding courier's reports). */
export const PATH_CLASSES = ["checkout", "board", "courier", "position"];

/**
 * What one class alone cost, from its step: `answered` (a checkout: its placed orders, each with its
 * whole path), the CPU a request over the paced seconds and the drain (`ms`; `mainMs` the main
 * thread's; `net` less the idle floor over those seconds), statements, GC and the loop's delay,
 * and the shapes of the requests it sent (a checkout's: its path's, with their counts).
 */
export function classFigures(step, only, idlePerSecond) {
  const c = step.load.classes[only.split("/")[0]];
  const answered = only === "checkout" ? step.load.deliveries.placed : (c?.count ?? 0);
  const { paced, drain } = step.load.cpu;
  const per = Math.max(1, answered);
  const cpuMs = paced.cpuMs + drain.cpuMs;
  const { whole, paced: inPaced } = step.load.probes;
  const kinds = only === "checkout" ? PATH_CLASSES : [only.split("/")[0]];
  return {
    answered,
    errors: c?.errors ?? 0,
    p50: c?.p50 ?? null,
    p99: c?.p99 ?? null,
    // Negative or NaN: the server's process could not be read the same at both ends.
    ms: Number.isFinite(cpuMs) && cpuMs >= 0 ? cpuMs / per : undefined,
    mainMs: Number.isFinite(cpuMs) ? (paced.mainMs + drain.mainMs) / per : undefined,
    net: idlePerSecond !== undefined && Number.isFinite(cpuMs) ? (cpuMs - idlePerSecond * (paced.seconds + drain.seconds)) / per : undefined,
    statements: whole.servers ? whole.statements / per : undefined,
    topStatements: whole.servers ? topStatements(whole.byText, 5, per) : [],
    gcMs: whole.servers ? whole.gc.ms / per : undefined,
    gcPauses: whole.servers ? whole.gc.count / per : undefined,
    loopP99Ms: inPaced.loop.p99Ms,
    loopMaxMs: inPaced.loop.maxMs,
    gcMaxMs: inPaced.gc.maxMs,
    seconds: paced.seconds,
    path: Object.fromEntries(
      kinds.filter((k) => step.load.classes[k]?.shape).map((k) => [k, { ...step.load.classes[k].shape, each: step.load.classes[k].shape.requests / per }]),
    ),
  };
}

/**
 * Each class alone at its 1x rate: the server's CPU a request (a checkout: its whole path); `out[class]`
 * the CPU a request, `out.net[class]` less the idle floor, `out.detail[class]` classFigures';
 * `pagesAlone`: the kept-page figures of the pages' run (its replays and renders by reason).
 * `idle`: nothing sent, the server's CPU a second (the background jobs and the dispatch tick: in
 * every class's figure, `net` takes it out); `stream`: the 1x order streams held open with nothing
 * sent, the server's CPU a second for each 1,000 of them, read once they are open, idle's floor
 * taken out (both over BENCH_RUSH_IDLE_SECONDS, 30: rush/drive.mjs); `personal/orders` (order,
 * notifications, wallet): one of the personal reads alone.
 */
export async function cpuByClass(ctx) {
  const out = { net: {}, detail: {} };
  if (SOLO_SECONDS <= 0) return out; // BENCH_RUSH_SOLO_SECONDS=0: not measured
  console.log(`each class alone at 1x for ${SOLO_SECONDS} s (ms of the server's CPU a request over the paced seconds and their drain; net: less the idle floor):`);
  for (const only of SOLO_CLASSES) {
    const step = await runStep({ ...ctx, label: `${only} alone`, multiplier: 1, seconds: SOLO_SECONDS, only });
    carry(ctx.world, step);
    ctx.checkoutOffset += 1000;
    if (only === "idle") {
      out.idle = step.load.streams.heldCpuMs / step.load.seconds;
      console.log(`  idle: ${fmt(out.idle, 1)} ms a second`);
      continue;
    }
    if (only === "stream") {
      const s = step.load.streams;
      const perSecond = s.heldCpuMs / step.load.seconds;
      out.stream = (1000 * (perSecond - (out.idle ?? 0))) / Math.max(1, s.opened);
      console.log(
        `  stream: ${s.opened} held (${s.dropped} dropped, ${s.refused} refused): ${fmt(perSecond, 1)} ms a second, ${fmt(out.stream, 2)} ms a second for each 1,000 past the idle floor`,
      );
      continue;
    }
    const f = classFigures(step, only, out.idle);
    out[only] = f.ms;
    if (f.net !== undefined) out.net[only] = f.net;
    out.detail[only] = f;
    console.log(
      `  ${only}: ${f.answered} answered (${f.errors} errors), ${fmt(f.ms, 2)} ms a request (main thread ${fmt(f.mainMs, 2)})` +
        (f.net !== undefined ? `, net ${fmt(f.net, 2)}` : "") +
        `, ${fmt(f.statements, 1)} statements, GC ${fmt(f.gcMs, 2)} ms, loop delay p99 ${fmt(f.loopP99Ms, 1)} max ${fmt(f.loopMaxMs, 1)} ms` +
        (f.p50 !== null ? `; p50 ${fmt(f.p50, 1)} ms p99 ${fmt(f.p99, 1)} ms` : ""),
    );
    if (only === "page") out.pagesAlone = step.kept;
  }
  return out;
}

/** The classes' table (with their floors when measured: rush/floors.mjs), and each class's most run statements. */
export function printClasses(cpu, floors = {}) {
  const rows = Object.entries(cpu.detail ?? {}).map(([name, f]) => {
    const floor = floors[name];
    const ratio = (ms) => (floor && ms !== undefined ? `${fmt(ms / floor.ms, 1)}x` : "-");
    return [
      name,
      String(f.answered),
      fmt(f.ms, 2),
      fmt(f.net, 2),
      fmt(f.mainMs, 2),
      fmt(f.statements, 1),
      fmt(f.gcMs, 2),
      `${fmt(f.loopP99Ms, 1)} / ${fmt(f.loopMaxMs, 1)}`,
      floor ? fmt(floor.ms, 2) : "-",
      `${ratio(f.ms)} / ${ratio(f.net)}`,
    ];
  });
  if (!rows.length) return;
  console.log("\neach class alone, a request (a checkout: its whole path), against its floor (a bare Next.js twin of the same method, sizes and cookie, this run):");
  printColumns(["class", "answered", "ms CPU", "net", "main thread", "statements", "GC ms", "loop p99 / max ms", "floor ms", "x floor / net"], rows, (i) => i === 0);
  for (const [name, f] of Object.entries(cpu.detail ?? {}))
    if (f.topStatements.length) console.log(`  ${name}'s most run statements (a request): ${f.topStatements.map((s) => `${fmt(s.each, 2)}x ${s.text}`).join(" | ")}`);
}
