// The dinner rush's steps (bench/scenarios/rush.mjs runs them on SQLite, rush/two-instances.mjs on
// PostgreSQL, rush/soak.mjs for minutes): the server's environment, the city seeded, one step of
// the mix at a multiplier, the CPU of each class alone, the stepping up until a target breaks, and
// the end checks. Apart from rush.mjs so the runners import it without importing their caller.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforePhase } from "../../machine-state.mjs";
import { fmt, machine, machineLine, writeResults } from "../../report.mjs";
import { load, makeTempDir, serverCpuMs, serverMemory } from "../../servers.mjs";
import { ROOT } from "../../settings.mjs";
import { RUSH_TARGETS } from "../../targets.mjs";
import { keptDuring, RUSH_METRICS_TOKEN, scrapeKept } from "./kept-pages.mjs";
import { broken, printStep, verdictOf } from "./verdicts.mjs";
import { citySeed } from "./world.mjs";

export const RUSH_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 300);
export const WARMUP_SECONDS = Number(process.env.BENCH_RUSH_WARMUP_SECONDS ?? 60);
const SOLO_SECONDS = Number(process.env.BENCH_RUSH_SOLO_SECONDS ?? 10);
const MAX_STEP = Number(process.env.BENCH_RUSH_MAX_STEP ?? Infinity);
const STEPS = [1, 1.5, 2, 3, 4, 5, 6, 8, 10];

/**
 * The server's environment for the rush: the demo simulators off (the bench's couriers are the
 * fleet), a cheap password hash (the seed's too), the stream caps above the load (an owner of 10
 * restaurants holds a board each; at 3x, 3 each).
 */
export const RUSH_ENV = {
  NOSH_SEED: "false",
  COURIER_SIMULATOR: "off",
  BCRYPT_COST: "4",
  ORDER_EVENTS_MAX_STREAMS: "20000",
  ORDER_EVENTS_MAX_STREAMS_PER_USER: "64",
  // The step's kept-page figures are read from /metrics (rush/kept-pages.mjs).
  METRICS_TOKEN: RUSH_METRICS_TOKEN,
};

/** Seeds the city into `env`'s database (DATA_DIR or DATABASE_URL) with prisma/cli.ts; seconds taken. */
export function seedCity(env) {
  const started = Date.now();
  const seed = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "prisma/cli.ts", "seed", ...citySeed()], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: "", DATABASE_URL: "", BCRYPT_COST: "4", ...env },
    encoding: "utf8",
  });
  if (seed.status !== 0) throw new Error(`seeding the city failed:\n${seed.stdout}\n${seed.stderr}`);
  return (Date.now() - started) / 1000;
}

/** The end checks (rush/audit.ts) on `env`'s database. */
export function audit(env, placed, buyers, since) {
  const file = path.join(makeTempDir("nosh-rush-audit-"), "audit.json");
  fs.writeFileSync(file, JSON.stringify({ placed, buyers, since }));
  const run = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "bench/scenarios/rush/audit.ts", file], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: "", DATABASE_URL: "", ...env },
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`the end checks failed:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").pop());
}

/** Prints the end checks; true when all hold. */
export function printAudit(checks) {
  const p = checks.placedOnce;
  const placedOk = p.missingCount === 0 && p.notAnsweredCount === 0;
  console.log(
    `  every order placed once: ${placedOk ? "yes" : "NO"} (${p.answered} answered 201, ${p.missingCount} not in the database, ${p.notAnsweredCount} in it unanswered)`,
  );
  console.log(
    `  every captured payment matched: ${checks.payments.differenceCount === 0 ? "yes" : "NO"} (the rush's card payments ${JSON.stringify(checks.payments.byStatus)}; ${checks.payments.differenceCount} differences with the provider)`,
  );
  console.log(`  the ledger balanced: ${checks.ledger.problemCount === 0 ? "yes" : "NO"} (${checks.ledger.problemCount} broken invariants)`);
  for (const problem of [...checks.payments.differences, ...checks.ledger.problems].slice(0, 5)) console.log(`    ${JSON.stringify(problem)}`);
  return placedOk && checks.payments.differenceCount === 0 && checks.ledger.problemCount === 0;
}

/**
 * Runs one step (`only`: one class alone) against `servers` (CPU and RSS read around it, RSS
 * sampled every 2 s); `during(step)` runs beside it (the PostgreSQL run's kill).
 */
export async function runStep({ label, base, servers, world, multiplier, seconds, checkoutOffset, placed, only = null, database, during = null }) {
  const state = only ? null : await beforePhase(label);
  const keptBefore = await scrapeKept(servers);
  const cpuBefore = servers.reduce((n, s) => n + (serverCpuMs(s) || 0), 0);
  const workersBefore = servers.map((s) => serverMemory(s).pid);
  let rssPeakMb = null;
  const sampler = setInterval(() => {
    for (const s of servers) {
      const { rssMb } = serverMemory(s);
      if (rssMb !== null) rssPeakMb = Math.max(rssPeakMb ?? 0, rssMb);
    }
  }, 2_000);
  const started = performance.now();
  try {
    const cpuPids = workersBefore.filter(Boolean);
    const [result] = await Promise.all([load({ mode: "rush", base, multiplier, seconds, checkoutOffset, only, world, cpuPids }), during?.()]);
    placed.push(...result.placed);
    const elapsedMs = performance.now() - started;
    const cpuAfter = servers.reduce((n, s) => n + (serverCpuMs(s) || 0), 0);
    const kept = keptDuring(keptBefore, await scrapeKept(servers));
    // A worker replaced mid-step starts its count again: no figure then.
    const cpuMs = cpuAfter >= cpuBefore ? cpuAfter - cpuBefore : NaN;
    const requests = Object.values(result.classes).reduce((n, c) => n + c.count + c.errors + c.refused, 0);
    // A worker replaced during the step (the host restarts one that died): its log's lines about
    // exits, signals and the heap say why (the rest of a dying worker's log is aborted requests).
    const restarted = servers.filter((s, i) => serverMemory(s).pid !== workersBefore[i]);
    const serverLog = restarted
      .map((s) =>
        s
          .output()
          .split("\n")
          .filter((l) => /exited|heap|FATAL|memory|Allocation|signal|SIG|code 1/i.test(l))
          .slice(-40)
          .join("\n"),
      )
      .join("\n");
    const step = { label, database, multiplier, state, load: result, rssPeakMb, cpuMs, cpuShare: cpuMs / elapsedMs, cpuPerRequest: cpuMs / Math.max(1, requests), kept };
    // BENCH_NODE_FLAGS=--trace-gc: the last full collections of the step (the heap they left).
    const gcLog = /--trace-gc/.test(process.env.BENCH_NODE_FLAGS ?? "")
      ? servers
          .map((s) =>
            s
              .output()
              .split("\n")
              .filter((l) => /Mark-Compact/.test(l))
              .slice(-3)
              .join("\n"),
          )
          .join("\n")
      : "";
    Object.assign(step, { restarts: restarted.length, serverLog, gcLog });
    step.broken = broken(step);
    return step;
  } finally {
    clearInterval(sampler);
  }
}

/** Carries the couriers' positions from one step to the next. */
export const carry = (world, step) => step.load.couriersAt.forEach((at, i) => (world.couriers[i].at = at));

/** The classes measured alone (BENCH_RUSH_CLASSES, comma-separated: a subset, in this order). */
const SOLO_CLASSES = (process.env.BENCH_RUSH_CLASSES ?? "idle,stream,page,catalog,personal,position,checkout,edit").split(",").filter(Boolean);

/**
 * Each class alone at its 1x rate: the server's CPU a request (a checkout: its whole path);
 * `pagesAlone`: the kept-page figures of the pages' run (its replays and renders by reason).
 * `idle`: nothing sent, the server's CPU a second (the background jobs and the dispatch tick: in
 * every class's figure, `net` takes it out); `stream`: the 1x order streams held open with nothing
 * sent, the server's CPU a second for each 1,000 of them, read once they are open, idle's floor
 * taken out (both over BENCH_RUSH_IDLE_SECONDS, 30: rush/drive.mjs); `personal/orders` (order, notifications, wallet): one of the
 * personal reads alone.
 */
export async function cpuByClass(ctx) {
  const out = { net: {} };
  if (SOLO_SECONDS <= 0) return out; // BENCH_RUSH_SOLO_SECONDS=0: not measured
  console.log(`each class alone at 1x for ${SOLO_SECONDS} s (ms of the server's CPU a request; net: less the idle floor):`);
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
    const c = step.load.classes[only.split("/")[0]];
    const answered = only === "checkout" ? step.load.deliveries.placed : (c?.count ?? 0);
    // Negative or NaN: the server's process could not be read the same at both ends.
    out[only] = Number.isFinite(step.cpuMs) ? step.cpuMs / Math.max(1, answered) : undefined;
    // The phase's wall time (its drain included): the floor over it.
    if (out.idle !== undefined && out[only] !== undefined) out.net[only] = (step.cpuMs - (out.idle * step.cpuMs) / step.cpuShare / 1000) / Math.max(1, answered);
    console.log(
      `  ${only}: ${answered} answered (${c?.errors ?? 0} errors), ${fmt(out[only], 2)} ms a request` +
        (out.net[only] !== undefined ? `, net ${fmt(out.net[only], 2)}` : "") +
        (c ? `, p50 ${fmt(c.p50, 1)} ms p99 ${fmt(c.p99, 1)} ms` : ""),
    );
    if (only === "page") out.pagesAlone = step.kept;
    if (only === "checkout") out.board = out.courier = undefined;
  }
  return out;
}

/** Steps 1x, 1.5x, 2x ... until a judged step breaks a target or MAX_STEP is passed. */
export async function stepUp(ctx, cpu, { maxStep = MAX_STEP, seconds = RUSH_SECONDS, during = null } = {}) {
  const steps = [];
  for (const multiplier of STEPS.filter((m) => m <= maxStep)) {
    const step = await runStep({ ...ctx, label: `step ${steps.length + 1}`, multiplier, seconds, during: multiplier === 1 ? during : null });
    carry(ctx.world, step);
    ctx.checkoutOffset += 100_000;
    printStep(step, cpu);
    steps.push(step);
    if (step.broken.length && !step.state?.busy) break;
  }
  return steps;
}

/** The report's summary lines and the results file. */
export function finish({ database, steps, cpu, checks, extra = {} }) {
  const info = machine();
  console.log(`\n${machineLine(info)}, load average ${info.loadAverage.join(" ")}`);
  console.log(`dinner rush on ${database}: ${steps.length} steps`);
  for (const step of steps) console.log(`  ${fmt(step.multiplier, 1)}x: ${verdictOf(step)}`);
  const first = steps.find((s) => s.broken.length && !s.state?.busy);
  console.log(first ? `first target broken: at ${fmt(first.multiplier, 1)}x, ${first.broken[0]}` : "no judged step broke a target");
  const held = steps.filter((s) => !s.broken.length && !s.state?.busy).map((s) => s.multiplier);
  console.log(`held every target up to: ${held.length ? `${fmt(Math.max(...held), 1)}x` : "none"}`);
  const strip = (step) => ({ ...step, load: { ...step.load, placed: step.load.placed.length, couriersAt: undefined } });
  writeResults({ date: new Date().toISOString(), database, machine: info, targets: RUSH_TARGETS, cpuByClass: cpu, steps: steps.map(strip), checks, ...extra }, "rush-");
}
