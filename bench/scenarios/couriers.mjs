// Couriers (`npm run bench -- --couriers`), issue 37: BENCH_COURIERS (default 1000) on-shift
// couriers, each carrying one picked-up order, report their position every 5 s (200 writes a
// second) while the customer of each order watches it (one order event stream each, so every
// accepted position is also an event on one stream). One instance, scale 1, SQLite.
//
// Phases, each BENCH_SECONDS x 2 long (a p99 needs a few thousand samples):
//   1. the bare Next.js handler (bench/baseline's /api/constant) at the same paced rate: the
//      latency of doing nothing on this machine at this rate;
//   2. Nosh, streams open: the couriers' position writes at that rate, alone;
//   3. catalog reads (GET /api/restaurants?limit=20, autocannon) with the streams and no couriers,
//      then with the streams and the couriers, then without the couriers again.
// Targets: position writes' p99 <= 2x the bare handler's p99 at the same rate; catalog reads with
// the couriers >= 0.8x of their rate without them (the mean of the phases either side, so drift
// on a shared machine cancels).
//
// The couriers, customers, orders and jobs are written straight into the seeded SQLite file
// before the server starts (sessions are real: each signs in with the demo login).

import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { buildBaseline } from "../bare.mjs";
import { signInAs, warmUp } from "../client.mjs";
import { fmt, machine, machineLine, writeResults } from "../report.mjs";
import { NOSH_FLAGS, load, seedAt, startNext, stopServer } from "../servers.mjs";
import { CONNECTIONS, RESTAURANT, ROOT, SECONDS } from "../settings.mjs";
import { COURIER_TARGETS } from "../targets.mjs";

const COURIERS = Number(process.env.BENCH_COURIERS ?? 1000);
const REPORT_EVERY_S = 5;
const RATE = COURIERS / REPORT_EVERY_S;
const PHASE_SECONDS = SECONDS * 2;

/** COURIERS couriers and customers, one picked-up order each from RESTAURANT; returns their user ids. */
function seedFleet(dataDir) {
  const db = new Database(path.join(dataDir, "nosh.db"));
  const now = new Date().toISOString().replace("Z", "+00:00");
  const restaurant = db.prepare(`SELECT "id", "name", "lat", "lng" FROM "Restaurant" WHERE "id" = ?`).get(RESTAURANT);
  const lat = restaurant.lat ?? 37.7749;
  const lng = restaurant.lng ?? -122.4194;
  const user = db.prepare(
    `INSERT INTO "User" ("firstName", "lastName", "email", "walletCents", "demoAccount", "courier", "lat", "lng", "address", "city", "state", "zip", "createdAt", "updatedAt")
     VALUES (?, 'Bench', ?, 0, 1, ?, ?, ?, '1 Market Street', 'San Francisco', 'CA', '94105', ?, ?)`,
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

async function inBatches(items, size, work) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

async function benchCouriers() {
  // 1. The bare handler at the couriers' rate.
  const baseline = buildBaseline();
  const bare = await startNext("bare", baseline, {}, "/api/constant");
  let bareRun;
  try {
    await warmUp(`${bare.base}/api/constant`);
    process.stdout.write(`bare Next.js handler, paced at ${fmt(RATE)} req/s for ${PHASE_SECONDS} s ... `);
    bareRun = await load({ mode: "paced", url: `${bare.base}/api/constant`, rate: RATE, seconds: PHASE_SECONDS });
    console.log(`p50 ${fmt(bareRun.p50, 1)} ms, p99 ${fmt(bareRun.p99, 1)} ms`);
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

    const positions = (label) => {
      process.stdout.write(`position writes, ${COURIERS} couriers every ${REPORT_EVERY_S} s (${fmt(RATE)}/s) ${label} ... `);
      return load({
        mode: "paced",
        url: `${nosh.base}/api/courier/position`,
        method: "POST",
        clients: couriers,
        rate: RATE,
        seconds: PHASE_SECONDS,
        body: "position",
      }).then((r) => {
        console.log(`p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms, ${r.errors} errors${r.errors ? ` (${r.errorSamples.join("; ")})` : ""}`);
        return r;
      });
    };
    // 2. The position writes alone (a first round warms the server up, unmeasured).
    await load({ mode: "paced", url: `${nosh.base}/api/courier/position`, method: "POST", clients: couriers, rate: RATE, seconds: SECONDS, body: "position" });
    const alone = await positions("with the streams open");

    // 3. Catalog reads without, with, and again without the couriers.
    const url = `${nosh.base}/api/restaurants?limit=20`;
    await warmUp(url);
    const reads = async (label) => {
      process.stdout.write(`GET /api/restaurants?limit=20 ${label} ... `);
      const r = await load({ mode: "autocannon", url, connections: CONNECTIONS, seconds: PHASE_SECONDS });
      console.log(`${fmt(r.requestsPerSec)} req/s, p99 ${fmt(r.p99)} ms`);
      return r;
    };
    const before = await reads("with the streams, no couriers");
    const [during, duringPositions] = await Promise.all([
      reads("with the streams and the couriers"),
      load({ mode: "paced", url: `${nosh.base}/api/courier/position`, method: "POST", clients: couriers, rate: RATE, seconds: PHASE_SECONDS, body: "position" }),
    ]);
    const after = await reads("with the streams, no couriers, again");
    const watched = await watching;
    const without = (before.requestsPerSec + after.requestsPerSec) / 2;
    const readRatio = during.requestsPerSec / without;
    const p99Ratio = alone.p99 / bareRun.p99;
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
      met: { p99: alone.errors === 0 && p99Ratio <= COURIER_TARGETS.positionP99Ratio, reads: readRatio >= COURIER_TARGETS.readRatio },
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
    `  position write p99 ${fmt(result.positions.p99, 1)} ms over the bare handler's ${fmt(result.bare.p99, 1)} ms at the same rate = ${fmt(result.p99Ratio, 2)}x (target <= ${COURIER_TARGETS.positionP99Ratio}x): ${result.met.p99 ? "met" : "MISSED"}`,
  );
  console.log(
    `  catalog reads with/without the couriers: ${fmt(result.reads.during.requestsPerSec)}/${fmt(result.reads.without)} req/s = ${fmt(result.readRatio, 2)}x (target >= ${COURIER_TARGETS.readRatio}x): ${result.met.reads ? "met" : "MISSED"}`,
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
