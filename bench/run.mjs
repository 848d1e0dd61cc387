// `npm run bench`: loads Nosh's production build and a bare Next.js app on the same machine and
// prints each endpoint's throughput and CPU per request as a ratio of the bare app's.
//
// Servers run on core 0 and the load generator on core 1 (`taskset`, when present), so the
// numbers measure one server core rather than how the OS shares cores between the two.
// With no flag: the checkouts, the JSON reads, the personal lists and the pages at each of
// BENCH_SCALES (default 1 and 10), then the login flood; every target is printed at the end, met,
// MISSED, or "machine busy: not judged" when the machine was busy before that phase (each target
// a ratio to its bare twin in the same run: targets.mjs, machine-state.mjs, docs/performance.md
// "Verdicts"), and everything goes to bench/results/<date>.json. Each mode, described in its module:
//
//   (none)              scenarios/pages-and-reads.mjs (+ checkout.mjs, login-flood.mjs)
//   --login-flood       scenarios/login-flood.mjs
//   --lists             scenarios/personal-lists.mjs (also part of the default run)
//   --events            scenarios/events.mjs
//   --couriers          scenarios/couriers.mjs
//   --dispatch          scenarios/dispatch.mjs (a simulation: no build, no server)
//   --search            scenarios/search.mjs
//   --insights          scenarios/insights.mjs
//   --profile-page      scenarios/profile-page.mjs
//   --ab DIR            scenarios/ab.mjs; with --personal [--database postgres]: the rush's
//                       personal reads and their bare twin, scenarios/ab-personal.mjs
//   --aged              scenarios/aged.mjs: one server fresh, then after every route by every
//                       role, streams and searches: pages, heap, a stream, CPU at rest
//   --instances N       scenarios/instances.mjs (N from 1 to 8; 1 is the default run)
//   --rush              scenarios/rush.mjs: the dinner rush, a seeded city under the
//                       issue's mix at 1x, 1.5x, 2x, 3x ... until a target breaks (BENCH_RUSH_SECONDS
//                       a step, default 300), then the money checks; with --database postgres
//                       two instances behind nginx on PostgreSQL, one killed mid-rush and
//                       restarted; with --soak MINUTES 1x that long, then idle (heap, RSS, CPU)
//
// Environment: BENCH_SECONDS (default 10) per endpoint, BENCH_CONNECTIONS (default 50),
// BENCH_CHECKOUT_CONCURRENCY (default 20), BENCH_SCALES (default "1,10"), BENCH_PORT (first
// port to listen on; default: any free port), BENCH_CPU_PROF=dir (Nosh's CPU profile of the
// whole run, node --cpu-prof). A mode's own variables are listed in its module.
// Exits non-zero only when the bench itself fails, never for a missed target.
//
// The rest of bench/: settings.mjs (the shared settings), targets.mjs (every target and its
// verdict), report.mjs (tables, the machine, results files), servers.mjs (the processes, their
// CPU and memory, seeding), client.mjs (signing in, probing a page), bare.mjs (the bare app),
// load.mjs (the load generator, a child process), cpu-profile.mjs (--profile-page's summary).

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { runAB } from "./scenarios/ab.mjs";
import { runPersonalAB } from "./scenarios/ab-personal.mjs";
import { runAged } from "./scenarios/aged.mjs";
import { runCouriers } from "./scenarios/couriers.mjs";
import { runDispatch } from "./scenarios/dispatch.mjs";
import { runEvents } from "./scenarios/events.mjs";
import { runInsights } from "./scenarios/insights.mjs";
import { runInstances } from "./scenarios/instances.mjs";
import { runLoginFlood } from "./scenarios/login-flood.mjs";
import { runPagesAndReads } from "./scenarios/pages-and-reads.mjs";
import { runPersonalLists } from "./scenarios/personal-lists.mjs";
import { runProfilePage } from "./scenarios/profile-page.mjs";
import { runRush } from "./scenarios/rush.mjs";
import { runSearch } from "./scenarios/search.mjs";
import { handleSignals, isInterrupted, setPinning, stopAll } from "./servers.mjs";
import { ROOT } from "./settings.mjs";

const AB_DIR = (() => {
  const i = process.argv.indexOf("--ab");
  return i >= 0 ? path.resolve(process.argv[i + 1] ?? "") : null;
})();
const INSTANCES = (() => {
  const i = process.argv.indexOf("--instances");
  const raw = i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith("--instances="))?.slice("--instances=".length);
  const n = raw === undefined ? 1 : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`--instances must be a whole number from 1 to 8, got "${raw}"`);
  return n;
})();
// With several instances nothing is pinned (see scenarios/instances.mjs).
setPinning(INSTANCES === 1);

/** The value after `flag` on the command line, or undefined. */
const argumentOf = (flag) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

/** The mode asked for (first match wins, as the flags are checked in this order), or null: the default run. */
function modeAsked() {
  if (AB_DIR && process.argv.includes("--personal")) return () => runPersonalAB(AB_DIR, argumentOf("--database") ?? "sqlite");
  if (AB_DIR) return () => runAB(AB_DIR);
  if (INSTANCES > 1) return () => runInstances(INSTANCES);
  if (process.argv.includes("--rush")) return runRush;
  if (process.argv.includes("--aged")) return runAged;
  if (process.argv.includes("--profile-page")) return runProfilePage;
  if (process.argv.includes("--insights")) return runInsights;
  if (process.argv.includes("--search")) return runSearch;
  if (process.argv.includes("--events")) return runEvents;
  if (process.argv.includes("--couriers")) return runCouriers;
  if (process.argv.includes("--login-flood")) return runLoginFlood;
  if (process.argv.includes("--lists")) return runPersonalLists;
  return null;
}

handleSignals();
try {
  if (process.argv.includes("--dispatch")) {
    await runDispatch();
    process.exit(0);
  }
  const mode = modeAsked();
  const built = fs.existsSync(path.join(ROOT, ".next/BUILD_ID"));
  if (mode) {
    if (!built) throw new Error("no production build: npm run build first");
    await mode();
  } else {
    if (!built) {
      console.log("no production build: running npm run build ...");
      const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
      if (build.status !== 0) throw new Error("npm run build failed");
    }
    await runPagesAndReads();
  }
  await stopAll();
} catch (error) {
  if (isInterrupted()) await new Promise(() => {}); // interrupted: the signal handler stops and exits
  console.error(`\nbench failed: ${error?.stack ?? error}`);
  await stopAll();
  process.exit(1);
}
