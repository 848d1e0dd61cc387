// The dinner rush (`npm run bench -- --rush`): a seeded city (prisma/seed-scale.ts with
// the sizes of rush/world.mjs citySeed: 500 restaurants, 50,000 customers, 1,000 of them with a
// long history, 1,000 couriers; the restaurants in the time zone where it is 6 pm now) under the
// issue's mix, one unit a second being 60 page views, 20 catalog reads, 10 personal reads, 4
// checkouts through the whole path, 200 position reports, 1,000 order streams, 500 boards and 200
// courier apps streaming, 0.5 menu edits and 0.2 kitchen pauses (rush/drive.mjs, in the load
// generator on core 1; the server on core 0).
//   1. A warm-up at 1x (BENCH_RUSH_WARMUP_SECONDS, default 60), unjudged; then each class alone
//      at its 1x rate for BENCH_RUSH_SOLO_SECONDS (default 10): its CPU a request (the main
//      thread's apart), statements, GC and event loop delay (rush/classes.mjs), then its floor: a
//      bare Next.js twin of its requests, and its ratio to it (rush/floors.mjs);
//   2. 0.25x for BENCH_RUSH_SECONDS (default 300), then 0.5x, 0.75x, 1x, 1.5x, 2x, 3x ... each as
//      long, until a target breaks (bench/targets.mjs RUSH_TARGETS; rush/verdicts.mjs) or past
//      BENCH_RUSH_MAX_STEP (default: no limit; 0.25 runs 0.25x alone). A step begun on a busy
//      machine reads "machine busy: not judged" (machine-state.mjs) and the stepping goes on. Each
//      step's CPU is over its paced seconds, the drain apart (rush/probes.mjs); at 0.5x `top -H`
//      watches the worker (BENCH_RUSH_TOP_AT) and its main thread is profiled, summed by module
//      (BENCH_RUSH_PROFILE_AT, BENCH_RUSH_PROFILE_SECONDS: bench/cpu-profile.mjs profileByModule);
//   3. the end checks (rush/audit.ts): every order placed once, every captured payment matched
//      (the reconciliation), the ledger balanced; bench/results/rush-<date>.json.
// `--database postgres`: the same on a throwaway PostgreSQL cluster with two instances behind
// nginx (rush/two-instances.mjs), one of them killed mid-step and restarted. `--soak MINUTES`:
// rush/soak.mjs.
import { makeTempDir, NOSH_FLAGS, startNext } from "../servers.mjs";
import { fmt } from "../report.mjs";
import { ROOT } from "../settings.mjs";
import { cpuByClass, printClasses } from "./rush/classes.mjs";
import { measureFloors } from "./rush/floors.mjs";
import { audit, carry, finish, printAudit, RUSH_ENV, runStep, seedCity, stepUp, WARMUP_SECONDS } from "./rush/steps.mjs";
import { openDb, readyCity } from "./rush/world.mjs";

/** `--rush` on SQLite: one server on core 0. */
export async function runRushSqlite() {
  const dataDir = makeTempDir("nosh-rush-data-");
  process.stdout.write("seeding the city (500 restaurants, 50,000 customers, 1,000 couriers) ... ");
  console.log(`${fmt(seedCity({ DATA_DIR: dataDir }), 1)} s`);
  const env = { ...RUSH_ENV, DATA_DIR: dataDir, DATABASE_URL: "" };
  const server = await startNext("nosh-rush", ROOT, env, "/api/auth/", NOSH_FLAGS);
  const db = await openDb({ dataDir });
  process.stdout.write("readying the city (sign-ins, cards, wallets, shifts) ... ");
  const world = await readyCity(server.base, db);
  await db.close();
  console.log(`${world.buyers.length} buyers, ${world.couriers.length} couriers, ${world.restaurants.length} restaurants taking orders`);
  const since = new Date().toISOString();
  const ctx = { base: server.base, servers: [server], world, checkoutOffset: 0, placed: [], database: "SQLite" };
  if (WARMUP_SECONDS > 0) {
    process.stdout.write(`warming up at 1x for ${WARMUP_SECONDS} s ... `);
    carry(world, await runStep({ ...ctx, label: "warm-up", multiplier: 1, seconds: WARMUP_SECONDS }));
    ctx.checkoutOffset += 100_000;
    console.log("done");
  }
  const cpu = await cpuByClass(ctx);
  cpu.floors = await measureFloors(cpu);
  printClasses(cpu, cpu.floors.classes);
  const steps = await stepUp(ctx, cpu);
  console.log("\nend checks:");
  const checks = audit(
    env,
    ctx.placed,
    world.buyers.map((b) => b.userId),
    since,
  );
  checks.held = printAudit(checks);
  finish({ database: "SQLite", steps, cpu, checks });
}

/** `--rush` (SQLite), `--rush --database postgres`, `--rush --soak MINUTES`. */
export async function runRush() {
  const argument = (flag) => {
    const i = process.argv.indexOf(flag);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const soak = argument("--soak");
  const database = argument("--database") ?? "sqlite";
  if (!["sqlite", "postgres", "postgresql"].includes(database)) throw new Error(`--database must be sqlite or postgres, got "${database}"`);
  if (soak !== undefined) {
    const minutes = Number(soak);
    if (!(minutes > 0)) throw new Error(`--soak must be a number of minutes, got "${soak}"`);
    return (await import("./rush/soak.mjs")).runSoak(minutes);
  }
  if (database === "sqlite") return runRushSqlite();
  return (await import("./rush/two-instances.mjs")).runRushPostgres();
}
