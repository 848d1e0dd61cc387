// `npm run bench -- --rush --soak MINUTES`: the dinner rush's 1x mix on SQLite for
// MINUTES in steps of five minutes (rush/drive.mjs; streams held through each), sampled each minute, then
// BENCH_SOAK_IDLE_SECONDS (default 600) with no connection at all. After each minute: the worker's
// heap after two full collections (its inspector, opened by SIGUSR1 on --inspect-port + 1, read by
// e2e/support/heap-after-gc.mjs, as e2e/reliability/visitor-memory.spec.ts reads it), its RSS and
// its CPU over the minute. Judged: after the warm-up (the first BENCH_SOAK_WARMUP_MINUTES, default
// 5, or a quarter of a shorter soak) heap and RSS stay within 10% of their first sample; idle CPU
// (each idle minute after the first) under 2% of a core; the worker never replaced (same pid).
// BENCH_SOAK_MULTIPLIER (default 1) scales the mix: on a machine that cannot carry 1x (these two
// cores: docs/log/2026-11-27.md), a soak at a rate it carries still shows whether memory stays flat.

import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { fmt, machine, machineLine, printColumns, writeResults } from "../../report.mjs";
import { NOSH_FLAGS, makeTempDir, serverCpuMs, serverMemory, startNext, takePort } from "../../servers.mjs";
import { ROOT } from "../../settings.mjs";
import { RUSH_ENV, carry, runStep, seedCity } from "./steps.mjs";
import { errorsOf } from "./verdicts.mjs";
import { openDb, readyCity } from "./world.mjs";

const IDLE_SECONDS = Number(process.env.BENCH_SOAK_IDLE_SECONDS ?? 600);
const MULTIPLIER = Number(process.env.BENCH_SOAK_MULTIPLIER ?? 1);
const FLAT = 0.1;
const IDLE_CPU_SHARE = 0.02;
const CHUNK_MINUTES = 5;

async function heapAfterGcMb(port) {
  const flags = Number(process.versions.node.split(".")[0]) < 22 ? ["--experimental-websocket"] : [];
  const { stdout } = await promisify(execFile)(process.execPath, [...flags, path.join(ROOT, "e2e/support/heap-after-gc.mjs"), String(port)], { timeout: 120_000 });
  return JSON.parse(stdout).usedBytes / 1024 / 1024;
}

export async function runSoak(minutes) {
  const dataDir = makeTempDir("nosh-rush-soak-");
  process.stdout.write("seeding the city ... ");
  console.log(`${fmt(seedCity({ DATA_DIR: dataDir }), 1)} s`);
  const inspectPort = await takePort();
  await takePort(); // the worker's inspector listens on the next port
  const server = await startNext("nosh-soak", ROOT, { ...RUSH_ENV, DATA_DIR: dataDir, DATABASE_URL: "" }, "/api/auth/", [...NOSH_FLAGS, `--inspect-port=${inspectPort}`]);
  const db = await openDb({ dataDir });
  const world = await readyCity(server.base, db);
  await db.close();
  const worker = serverMemory(server).pid;
  process.kill(worker, "SIGUSR1"); // opens the worker's inspector
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const ctx = { base: server.base, servers: [server], world, checkoutOffset: 0, placed: [], database: "SQLite" };
  const samples = [];
  const sample = async (label, cpuShare, extra = {}) => {
    const { pid, rssMb } = serverMemory(server);
    const s = { label, heapMb: await heapAfterGcMb(inspectPort + 1), rssMb, cpuShare, pid, ...extra };
    samples.push(s);
    console.log(
      `  ${label}: heap after GC ${fmt(s.heapMb, 1)} MB, RSS ${rssMb} MB, CPU ${fmt(cpuShare * 100, 1)}% of a core${extra.errors !== undefined ? `, ${extra.errors} errors, p99 page ${fmt(extra.pageP99)} ms` : ""}`,
    );
    return s;
  };
  if (!(MULTIPLIER > 0)) throw new Error(`BENCH_SOAK_MULTIPLIER must be a positive number, got "${process.env.BENCH_SOAK_MULTIPLIER}"`);
  console.log(`soak: the ${MULTIPLIER}x mix for ${minutes} minutes, then ${IDLE_SECONDS} s idle`);
  // The load in steps of CHUNK_MINUTES (one load generator each: one for a whole hour kept every
  // latency and ran out of its heap at minute 35), sampled each minute beside it, so that a minute
  // of the soak is about a minute of wall time (the streams reopen once a chunk).
  let m = 0;
  while (m < minutes) {
    const chunk = Math.min(CHUNK_MINUTES, minutes - m);
    const perMinute = async () => {
      const started = performance.now();
      let [cpuBefore, at] = [serverCpuMs(server), started];
      for (let i = 1; i <= chunk; i++) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + i * 60_000 - performance.now())));
        const [cpu, now] = [serverCpuMs(server), performance.now()];
        await sample(`minute ${m + i}`, (cpu - cpuBefore) / (now - at));
        [cpuBefore, at] = [serverCpuMs(server), performance.now()];
      }
    };
    const step = await runStep({ ...ctx, label: `minutes ${m + 1}-${m + chunk}`, multiplier: MULTIPLIER, seconds: chunk * 60, during: perMinute });
    carry(world, step);
    ctx.checkoutOffset += 100_000;
    const pages = step.load.classes.page;
    console.log(
      `  minutes ${m + 1}-${m + chunk}: ${errorsOf(step)} errors, page p50 ${fmt(pages?.p50)} ms p99 ${fmt(pages?.p99)} ms, CPU ${fmt(step.cpuShare * 100, 1)}% of a core`,
    );
    m += chunk;
  }
  const loaded = samples.length;
  for (let s = 0; s < Math.ceil(IDLE_SECONDS / 60); s++) {
    const before = serverCpuMs(server);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    await sample(`idle minute ${s + 1}`, (serverCpuMs(server) - before) / (performance.now() - started));
  }
  const warm = Math.min(Number(process.env.BENCH_SOAK_WARMUP_MINUTES ?? 5), Math.max(1, Math.floor(minutes / 4)));
  const after = samples.slice(warm - 1, loaded);
  const within = (key) => after.every((s) => Math.abs(s[key] - after[0][key]) <= FLAT * after[0][key]);
  const idle = samples.slice(loaded + 1);
  const idleCpu = idle.length ? idle.reduce((n, s) => n + s.cpuShare, 0) / idle.length : null;
  const verdicts = {
    heapFlat: within("heapMb"),
    rssFlat: within("rssMb"),
    idleCpu: idleCpu !== null && idleCpu < IDLE_CPU_SHARE,
    noRestart: samples.every((s) => s.pid === worker),
  };
  const info = machine();
  console.log(`\n${machineLine(info)}, load average ${info.loadAverage.join(" ")}`);
  printColumns(
    ["sample", "heap after GC MB", "RSS MB", "CPU % of a core"],
    samples.map((s) => [s.label, fmt(s.heapMb, 1), String(s.rssMb), fmt(s.cpuShare * 100, 1)]),
    (i) => i === 0,
  );
  const range = (key) => `${fmt(Math.min(...after.map((s) => s[key])), 1)}-${fmt(Math.max(...after.map((s) => s[key])), 1)}`;
  console.log(
    `after the warm-up (from minute ${warm}): heap ${range("heapMb")} MB, within 10%: ${verdicts.heapFlat ? "yes" : "NO"}; RSS ${range("rssMb")} MB, within 10%: ${verdicts.rssFlat ? "yes" : "NO"}`,
  );
  console.log(
    `idle CPU (after its first minute): ${fmt((idleCpu ?? NaN) * 100, 2)}% of a core, under 2%: ${verdicts.idleCpu ? "yes" : "NO"}; worker never replaced: ${verdicts.noRestart ? "yes" : "NO"}`,
  );
  writeResults({ date: new Date().toISOString(), minutes, multiplier: MULTIPLIER, idleSeconds: IDLE_SECONDS, machine: info, samples, verdicts }, "rush-soak-");
}
