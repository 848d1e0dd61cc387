// Couriers (`npm run bench -- --couriers`): BENCH_COURIERS (default 1000) on-shift
// couriers, each carrying one picked-up order, report their position every 5 s (200 writes a
// second) while the customer of each order watches it (one order event stream each, so every
// accepted position is also an event on one stream). One instance, scale 1, SQLite.
//
// Phases, each BENCH_SECONDS x 2 long (a p99 needs a few thousand samples):
//   1. the bare Next.js handler at the same paced rate: bench/baseline's POST /api/position, the
//      same request as a report (body, a cookie as long) with as small an answer, by the same
//      loader: the latency of doing nothing on this machine at this rate;
//   2. Nosh, streams open: the couriers' position writes at that rate, alone;
//   3. catalog reads (GET /api/restaurants?limit=20, autocannon) with the streams and no couriers,
//      then with the streams and the couriers, then without the couriers again.
// Beside each phase: the server's CPU (ms a request, or its share of a core) and each load
// generator's share of the load core, so a saturated loader, or a machine too busy to measure
// on, shows in the output.
// Targets: position writes' p99 <= 2x the bare handler's p99 at the same rate, and their
// CPU per request <= 1.0x the bare POST twin's; catalog reads with the couriers >= 0.8x of their
// rate without them (the mean of the phases either side, so drift on a shared machine cancels).
// Each phase samples the machine first (machine-state.mjs): a verdict over a phase taken on a
// busy machine reads "machine busy: not judged".
//
// The couriers, customers, orders and jobs are written straight into the seeded SQLite file
// before the server starts (sessions are real: each signs in with the demo login).

import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { buildBaseline } from "../bare.mjs";
import { signInAs, warmUp } from "../client.mjs";
import { beforePhase, verdict } from "../machine-state.mjs";
import { fmt, machine, machineLine, writeResults } from "../report.mjs";
import { NOSH_FLAGS, load, loadWithCpu, seedAt, serverCpuMs, serverMemory, startNext, stopServer } from "../servers.mjs";
import { CONNECTIONS, RESTAURANT, ROOT, SECONDS } from "../settings.mjs";
import { COURIER_TARGETS } from "../targets.mjs";

const COURIERS = Number(process.env.BENCH_COURIERS ?? 1000);
const REPORT_EVERY_S = 5;
const RATE = COURIERS / REPORT_EVERY_S;
const PHASE_SECONDS = SECONDS * 2;
/** About the length of a Nosh session cookie's value (an iron-session seal): the bare run sends one as long. */
const SESSION_COOKIE_CHARS = 280;

/** COURIERS couriers and customers, one picked-up order each from RESTAURANT; returns their user ids. */
function seedFleet(dataDir) {
  const db = new Database(path.join(dataDir, "nosh.db"));
  const now = new Date().toISOString().replace("Z", "+00:00");
  const restaurant = db.prepare(`SELECT "id", "name", "lat", "lng" FROM "Restaurant" WHERE "id" = ?`).get(RESTAURANT);
  const lat = restaurant.lat ?? 37.7749;
  const lng = restaurant.lng ?? -122.4194;
  const user = db.prepare(
    `INSERT INTO "User" ("firstName", "lastName", "email", "demoAccount", "courier", "lat", "lng", "address", "city", "state", "zip", "createdAt", "updatedAt")
     VALUES (?, 'Bench', ?, 1, ?, ?, ?, '1 Market Street', 'San Francisco', 'CA', '94105', ?, ?)`,
  );
  const order = db.prepare(
    `INSERT INTO "Order" ("userId", "restaurantId", "restaurantName", "subtotalCents", "deliveryFeeCents", "tipCents", "totalCents", "deliveryOption", "paymentMethod", "stage", "submittedAt", "acceptedAt", "createdAt", "updatedAt")
     VALUES (?, ?, ?, 1500, 299, 200, 1999, 'standard', 'card', 'out_for_delivery', ?, ?, ?, ?)`,
  );
  const job = db.prepare(
    `INSERT INTO "DeliveryJob" ("orderId", "restaurantId", "userId", "state", "courierId", "payCents", "pickupLat", "pickupLng", "dropoffLat", "dropoffLng", "dropoffAddress", "itemsCount", "createdAt", "assignedAt", "pickedUpAt")
     VALUES (?, ?, ?, 'picked_up', ?, 499, ?, ?, ?, ?, '1 Market Street, San Francisco, CA 94105', 1, ?, ?, ?)`,
  );
  const state = db.prepare(
    `INSERT INTO "CourierState" ("userId", "onShift", "lat", "lng", "accuracy", "positionAt", "activeJobs", "updatedAt") VALUES (?, 1, ?, ?, 8, ?, 1, ?)`,
  );
  const fleet = [];
  db.transaction(() => {
    for (let i = 0; i < COURIERS; i++) {
      const courier = Number(user.run(`Courier${i}`, `bench.courier.${i}@example.com`, 1, lat, lng, now, now).lastInsertRowid);
      const customer = Number(user.run(`Watcher${i}`, `bench.watcher.${i}@example.com`, 0, 37.79, -122.39, now, now).lastInsertRowid);
      const orderId = Number(order.run(customer, RESTAURANT, restaurant.name, now, now, now, now).lastInsertRowid);
      job.run(orderId, RESTAURANT, customer, courier, lat, lng, 37.79, -122.39, now, now, now);
      // Each courier starts where the bench's paced loader starts them (bench/load.mjs runPaced).
      state.run(courier, 37.7 + (i % 50) * 0.002, -122.47 + Math.floor(i / 50) * 0.002, now, now);
      fleet.push({ courier, customer, orderId });
    }
  })();
  db.close();
  return fleet;
}

/** The load generators' own CPU (share of the load core), so a saturated loader shows: ", loader 12%" or ", loaders 40% + 12%". */
const loader = (...runs) => {
  const shares = runs.filter((r) => r?.loaderCpuShare !== undefined).map((r) => `${fmt(r.loaderCpuShare * 100)}%`);
  return shares.length ? `, loader${shares.length > 1 ? "s" : ""} ${shares.join(" + ")} of the load core` : "";
};

async function inBatches(items, size, work) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

async function benchCouriers() {
  // 1. The bare handler at the couriers' rate: bench/baseline's POST /api/position, the same
  // request as a courier's report (its JSON body, a cookie as long as a session's) answered with
  // as small a JSON, by the same paced loader (GET /api/constant, the reads' bare handler, answers
  // 14 KB to a GET: not what a write's bare twin is).
  const baseline = buildBaseline();
  const bare = await startNext("bare", baseline, {}, "/api/constant");
  const bareClients = Array.from({ length: COURIERS }, () => ({ cookie: `nosh_session=${"x".repeat(SESSION_COOKIE_CHARS)}`, xsrf: "x".repeat(43) }));
  let bareRun;
  let bareState;
  try {
    await warmUp(`${bare.base}/api/constant`);
    const bareJob = { mode: "paced", url: `${bare.base}/api/position`, method: "POST", clients: bareClients, rate: RATE, body: "position" };
    await load({ ...bareJob, seconds: SECONDS });
    bareState = await beforePhase("bare POST /api/position");
    process.stdout.write(`bare Next.js handler (POST /api/position), paced at ${fmt(RATE)} req/s for ${PHASE_SECONDS} s ... `);
    bareRun = await loadWithCpu(bare, { ...bareJob, seconds: PHASE_SECONDS });
    console.log(`p50 ${fmt(bareRun.p50, 1)} ms, p99 ${fmt(bareRun.p99, 1)} ms, ${fmt(bareRun.cpuPerRequest, 2)} ms server CPU a request${loader(bareRun)}`);
  } finally {
    await stopServer(bare);
  }

  const { dataDir } = seedAt(1);
  const fleet = seedFleet(dataDir);
  const nosh = await startNext(
    "nosh-couriers",
    ROOT,
    {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      NOSH_SEED: "false",
      COURIER_SIMULATOR: "off",
      BCRYPT_COST: "4",
      LOGIN_MAX_SUCCESSES_PER_ADDRESS: String(COURIERS * 4),
      LOGIN_MAX_SUCCESSES_PER_ACCOUNT: "100",
      ORDER_EVENTS_MAX_STREAMS: String(COURIERS + 200),
    },
    "/api/auth/",
    NOSH_FLAGS,
  );
  try {
    process.stdout.write(`signing in ${COURIERS} couriers and ${COURIERS} customers ... `);
    const couriers = await inBatches(fleet, 20, (f) => signInAs(nosh.base, f.courier));
    const watchers = (await inBatches(fleet, 20, (f) => signInAs(nosh.base, f.customer))).map((s, i) => ({ cookie: s.cookie, orderId: fleet[i].orderId }));
    console.log("done");

    const readyFile = path.join(dataDir, "watchers-ready");
    const total = PHASE_SECONDS * 4 + SECONDS * 2 + 30;
    const watching = load({ mode: "order-watchers", base: nosh.base, watchers, seconds: total, readyFile });
    let failed = null;
    watching.catch((error) => (failed = error));
    while (!fs.existsSync(readyFile)) {
      if (failed) throw failed;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(`${fs.readFileSync(readyFile, "utf8")} of ${COURIERS} customers watching their orders`);

    const positions = async (label) => {
      const state = await beforePhase(`position writes ${label}`);
      process.stdout.write(`position writes, ${COURIERS} couriers every ${REPORT_EVERY_S} s (${fmt(RATE)}/s) ${label} ... `);
      return loadWithCpu(nosh, {
        mode: "paced",
        url: `${nosh.base}/api/courier/position`,
        method: "POST",
        clients: couriers,
        rate: RATE,
        seconds: PHASE_SECONDS,
        body: "position",
      }).then((r) => {
        console.log(
          `p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms, ${r.errors} errors${r.errors ? ` (${r.errorSamples.join("; ")})` : ""}, ${fmt(r.cpuPerRequest, 2)} ms server CPU a write${loader(r)}`,
        );
        return { ...r, state };
      });
    };
    // 2. The position writes alone (a first round warms the server up, unmeasured).
    await load({ mode: "paced", url: `${nosh.base}/api/courier/position`, method: "POST", clients: couriers, rate: RATE, seconds: SECONDS, body: "position" });
    const alone = await positions("with the streams open");

    // 3. Catalog reads without, with, and again without the couriers.
    const url = `${nosh.base}/api/restaurants?limit=20`;
    await warmUp(url);
    // The server's CPU is read around each phase: with the couriers it is the reads' and the
    // writes' together, so what the writes took from the reads shows beside the rates.
    const reads = async (label, alongside = null) => {
      const state = await beforePhase(`catalog reads ${label}`);
      const cpuBefore = serverCpuMs(nosh);
      const startedAt = performance.now();
      // The reads' phase: the writes alongside may run over it (a backlog still answered after it).
      const reading = load({ mode: "autocannon", url, connections: CONNECTIONS, seconds: PHASE_SECONDS }).then((r) => {
        r.serverCpuShare = (serverCpuMs(nosh) - cpuBefore) / (performance.now() - startedAt);
        return r;
      });
      const [r, side] = await Promise.all([reading, alongside && alongside()]);
      r.state = state;
      console.log(
        `GET /api/restaurants?limit=20 ${label}: ${fmt(r.requestsPerSec)} req/s, p99 ${fmt(r.p99)} ms, server ${fmt(r.serverCpuShare * 100)}% of a core${loader(r, side)}`,
      );
      return [r, side];
    };
    const [before] = await reads("with the streams, no couriers");
    const [during, duringPositions] = await reads("with the streams and the couriers", () =>
      load({ mode: "paced", url: `${nosh.base}/api/courier/position`, method: "POST", clients: couriers, rate: RATE, seconds: PHASE_SECONDS, body: "position" }),
    );
    console.log(`  the couriers' writes meanwhile: p50 ${fmt(duringPositions.p50, 1)} ms, p99 ${fmt(duringPositions.p99, 1)} ms, ${duringPositions.errors} errors`);
    const [after] = await reads("with the streams, no couriers, again");
    const watched = await watching;
    // The server's RSS after the run and its peak over it (VmHWM), the streams still open.
    const memory = serverMemory(nosh);
    console.log(`the customers' streams' reader used ${fmt(watched.loaderCpuShare * 100)}% of the load core over the run`);
    const without = (before.requestsPerSec + after.requestsPerSec) / 2;
    const readRatio = during.requestsPerSec / without;
    const p99Ratio = alone.p99 / bareRun.p99;
    // A report's CPU over the bare POST twin's at the same rate (lower is better).
    const cpuRatio = alone.cpuPerRequest / bareRun.cpuPerRequest;
    // A verdict is judged only when the machine was quiet before each phase it compares.
    const busyOf = (...states) => states.find((state) => state?.busy) ?? states[0];
    return {
      couriers: COURIERS,
      rate: RATE,
      bare: bareRun,
      positions: alone,
      duringPositions,
      reads: { before, during, after, without },
      watched,
      readRatio,
      p99Ratio,
      cpuRatio,
      memory,
      met: {
        p99: alone.errors === 0 && p99Ratio <= COURIER_TARGETS.positionP99Ratio,
        cpu: alone.errors === 0 && cpuRatio <= COURIER_TARGETS.positionCpuRatio,
        reads: readRatio >= COURIER_TARGETS.readRatio,
        rss: memory.peakMb !== null && memory.peakMb < COURIER_TARGETS.rssMb,
      },
      states: { positions: busyOf(alone.state, bareState), reads: busyOf(during.state, before.state, after.state) },
    };
  } finally {
    await stopServer(nosh);
  }
}

/** `--couriers`: the phases, then the figures against COURIER_TARGETS. */
export async function runCouriers() {
  const result = await benchCouriers();
  const info = machine();
  console.log(`\n${machineLine(info)}, load average ${info.loadAverage.join(" ")}`);
  console.log(`couriers: ${result.couriers} on shift reporting every ${REPORT_EVERY_S} s (${fmt(result.rate)} writes/s), ${result.watched.open} customers watching`);
  console.log(
    `  position write p99 ${fmt(result.positions.p99, 1)} ms over the bare handler's ${fmt(result.bare.p99, 1)} ms at the same rate = ${fmt(result.p99Ratio, 2)}x (target <= ${COURIER_TARGETS.positionP99Ratio}x): ${verdict(result.met.p99, result.states.positions)}`,
  );
  console.log(
    `  position write CPU ${fmt(result.positions.cpuPerRequest, 2)} ms a request over the bare POST twin's ${fmt(result.bare.cpuPerRequest, 2)} ms = ${fmt(result.cpuRatio, 2)}x (target <= ${COURIER_TARGETS.positionCpuRatio}x): ${verdict(result.met.cpu, result.states.positions)}`,
  );
  console.log(
    `  catalog reads with/without the couriers: ${fmt(result.reads.during.requestsPerSec)}/${fmt(result.reads.without)} req/s = ${fmt(result.readRatio, 2)}x (target >= ${COURIER_TARGETS.readRatio}x): ${verdict(result.met.reads, result.states.reads)}`,
  );
  console.log(
    `  server RSS ${result.memory.rssMb} MB after the run, peak ${result.memory.peakMb} MB (target < ${COURIER_TARGETS.rssMb} MB): ${result.met.rss ? "met" : "MISSED"}`,
  );
  console.log(`  positions seen on the customers' streams: ${result.watched.positions} (${result.watched.refused} streams refused)`);
  writeResults(
    {
      date: new Date().toISOString(),
      settings: { seconds: PHASE_SECONDS, connections: CONNECTIONS, couriers: COURIERS },
      machine: info,
      targets: COURIER_TARGETS,
      result,
    },
    "couriers-",
  );
}
