// The dinner rush's steps (bench/scenarios/rush.mjs runs them on SQLite, rush/two-instances.mjs on
// PostgreSQL, rush/soak.mjs for minutes): the server's environment, the city seeded, one step of
// the mix at a multiplier (each class alone: rush/classes.mjs), the stepping up until a target
// breaks, and the end checks. Apart from rush.mjs so the runners import it without importing their caller.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforePhase } from "../../machine-state.mjs";
import { machine, machineLine, writeResults } from "../../report.mjs";
import { load, makeTempDir, serverCpuMs, serverMemory } from "../../servers.mjs";
import { ROOT } from "../../settings.mjs";
import { RUSH_TARGETS } from "../../targets.mjs";
import { profileByModule } from "../../cpu-profile.mjs";
import { longTasks, longTasksByPlace } from "../../long-tasks.mjs";
import { keptDuring, RUSH_METRICS_TOKEN, scrapeKept } from "./kept-pages.mjs";
import { broken, printStep, times, verdictOf } from "./verdicts.mjs";
import { citySeed } from "./world.mjs";
import { renewedCookie } from "./http.mjs";

export const RUSH_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 300);
export const WARMUP_SECONDS = Number(process.env.BENCH_RUSH_WARMUP_SECONDS ?? 60);
const MAX_STEP = Number(process.env.BENCH_RUSH_MAX_STEP ?? Infinity);
const STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 6, 8, 10];
/** The step whose worker is profiled (BENCH_RUSH_PROFILE_AT, 0.5; "off": none) over its paced seconds' last BENCH_RUSH_PROFILE_SECONDS (60). */
const PROFILE_AT = Number(process.env.BENCH_RUSH_PROFILE_AT ?? 0.5);
const PROFILE_SECONDS = Number(process.env.BENCH_RUSH_PROFILE_SECONDS ?? 60);
/** The step during which `top -H` watches the worker, to check the main thread's share against (BENCH_RUSH_TOP_AT, 0.5; "off": none). */
const TOP_AT = Number(process.env.BENCH_RUSH_TOP_AT ?? 0.5);

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
  // Statements by text, GC pauses, the loop's delay, the profile: server/bench-probes.mjs, read by rush/probes.mjs.
  NOSH_BENCH_PROBES: "1",
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

/** Placements of every step so far (the warm-up's and the classes' too) that got no answer within the client's 10 s. */
let placementsUnanswered = 0;

/** Prints the end checks; true when all hold. */
export function printAudit(checks) {
  const p = checks.placedOnce;
  const placedOk = p.missingCount === 0 && p.notAnsweredCount === 0;
  // An order in the database that the bench was not answered for: the server never answered, or
  // answered after the client gave up (a placement without an answer in 10 s, counted here).
  console.log(
    `  every order placed once: ${placedOk ? "yes" : "NO"} (${p.answered} answered 201, ${p.missingCount} not in the database, ${p.notAnsweredCount} in it unanswered; ${placementsUnanswered} placements got no answer within the client's 10 s)`,
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
 * sampled every 2 s); `during(step)` runs beside it (the PostgreSQL run's kill); `watched` (the
 * stepping's): at TOP_AT `top -H` watches the worker, at PROFILE_AT its main thread is profiled.
 */
export async function runStep({ label, base, servers, world, multiplier, seconds, checkoutOffset, placed, only = null, database, during = null, watched = false }) {
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
    const probeBases = servers.map((s) => s.base);
    const top = watched && multiplier === TOP_AT;
    const profile =
      watched && multiplier === PROFILE_AT
        ? { seconds: Math.min(seconds, PROFILE_SECONDS), file: path.join(makeTempDir("nosh-rush-profile-"), "worker.cpuprofile") }
        : null;
    const job = { mode: "rush", base, multiplier, seconds, checkoutOffset, only, world, cpuPids, probeBases, top, profile };
    const [result] = await Promise.all([load(job), during?.()]);
    placed.push(...result.placed);
    placementsUnanswered += result.deliveries.placeUnanswered ?? 0;
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
    // The share of a core over the paced seconds (the opening and the drain apart: step.load.cpu).
    const cpuShare = result.cpu.paced.share;
    const step = { label, database, multiplier, state, load: result, rssPeakMb, cpuMs, elapsedMs, cpuShare, cpuPerRequest: cpuMs / Math.max(1, requests), kept };
    if (result.profile) step.profile = profileByModule(profile.file, result.profile);
    // Every synchronous step of LONG_TASK_MS or more in the profile, by where it spent most (bench/long-tasks.mjs).
    if (result.profile) step.longTasks = longTasksByPlace(longTasks(JSON.parse(fs.readFileSync(profile.file, "utf8"))));
    // BENCH_NODE_FLAGS=--trace-gc: the last full collections of the step (the heap they left).
    const gcLog = /--trace-gc/.test(process.env.BENCH_NODE_FLAGS ?? "")
      ? servers
          .map((s) =>
            s
              .output()
              .split("\n")
              .filter((l) => /Mark-Compact/.test(l))
              .slice(-10)
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

/** Carries the couriers' positions and the renewed session cookies from one step to the next. */
export function carry(world, step) {
  step.load.couriersAt.forEach((at, i) => (world.couriers[i].at = at));
  const renewed = new Map(step.load.renewedSessions ?? []);
  if (!renewed.size) return;
  for (const person of [...world.owners, ...world.buyers, ...world.long, ...world.couriers]) person.auth.cookie = renewedCookie(person.auth.cookie, renewed);
}

/**
 * Steps 0.25x, 0.5x, 0.75x, 1x, 1.5x ... until a judged step breaks a target or MAX_STEP is passed;
 * then, when the stepping stopped below PROFILE_AT, one more step at it for the worker's profile, unjudged.
 */
export async function stepUp(ctx, cpu, { maxStep = MAX_STEP, seconds = RUSH_SECONDS, during = null } = {}) {
  const steps = [];
  const next = async (multiplier, label) => {
    const step = await runStep({ ...ctx, label, multiplier, seconds, during: multiplier === 1 ? during : null, watched: true });
    carry(ctx.world, step);
    ctx.checkoutOffset += 100_000;
    printStep(step, cpu);
    steps.push(step);
    return step;
  };
  for (const multiplier of STEPS.filter((m) => m <= maxStep)) {
    const step = await next(multiplier, `step ${steps.length + 1}`);
    if (step.broken.length && !step.state?.busy) break;
  }
  if (PROFILE_AT <= maxStep && !steps.some((s) => s.multiplier === PROFILE_AT)) (await next(PROFILE_AT, "profile (unjudged)")).unjudged = true;
  return steps;
}

/** The report's summary lines and the results file. */
export function finish({ database, steps, cpu, checks, extra = {} }) {
  const info = machine();
  console.log(`\n${machineLine(info)}, load average ${info.loadAverage.join(" ")}`);
  console.log(`dinner rush on ${database}: ${steps.length} steps`);
  for (const step of steps) console.log(`  ${times(step.multiplier)}: ${verdictOf(step)}`);
  const judged = steps.filter((s) => !s.state?.busy && !s.unjudged);
  const first = judged.find((s) => s.broken.length);
  console.log(first ? `first target broken: at ${times(first.multiplier)}, ${first.broken[0]}` : "no judged step broke a target");
  const held = judged.filter((s) => !s.broken.length && (!first || s.multiplier < first.multiplier)).map((s) => s.multiplier);
  console.log(`the highest multiplier held (every target): ${held.length ? times(Math.max(...held)) : "none"}`);
  const strip = (step) => ({ ...step, load: { ...step.load, placed: step.load.placed.length, couriersAt: undefined, renewedSessions: undefined } });
  writeResults({ date: new Date().toISOString(), database, machine: info, targets: RUSH_TARGETS, cpuByClass: cpu, steps: steps.map(strip), checks, ...extra }, "rush-");
}
