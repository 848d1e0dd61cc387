// Live order events (`npm run bench -- --events`): BENCH_EVENT_STREAMS (default 1000)
// owner-board event streams held on one instance (scale 1, SQLite). GET /api/restaurants?limit=20
// is loaded in five phases: alone; with an owner's steps (an order placed, submitted and
// completed every 500 ms) and no streams; with the streams open and no steps; with the streams
// and the steps; with the steps and no streams again. The read ratio is "streams and steps"
// over the mean of the two "steps, no streams" phases either side of it (the same writes in
// both, so the ratio is the streams' cost, and drift on a shared machine cancels). Each phase
// also reports the server's CPU time per read. Also: the server's RSS with the streams open,
// and the time from the owner's step to its event on every stream (p50, p99).
// Targets: RSS under 400 MB, p99 under 1 s, reads within 10 %. BENCH_CPU_PROF=dir writes the
// server's CPU profile there (node --cpu-prof).
// The streams and the steps are bench/load.mjs's "event-streams" job.

import fs from "node:fs";
import path from "node:path";
import { signInAs, topUp, warmUp } from "../client.mjs";
import { fmt, machine, machineLine, writeResults } from "../report.mjs";
import { NOSH_FLAGS, load, seedAt, serverCpuMs, serverMemory, startNext, stopServer } from "../servers.mjs";
import { CONNECTIONS, DEMO_CUSTOMER, RESTAURANT, ROOT, SECONDS } from "../settings.mjs";
import { EVENT_TARGETS, eventsMet } from "../targets.mjs";

const EVENT_STREAMS = Number(process.env.BENCH_EVENT_STREAMS ?? 1000);

/** The five phases on one server: live order event streams held while the catalog reads run. */
async function benchEvents() {
  const { dataDir } = seedAt(1);
  const nosh = await startNext(
    "nosh-events",
    ROOT,
    {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      NOSH_SEED: "false",
      BCRYPT_COST: "4",
      // One account holds every stream here; the per-process cap stays above the load.
      ORDER_EVENTS_MAX_STREAMS_PER_USER: String(EVENT_STREAMS + 10),
      ORDER_EVENTS_MAX_STREAMS: String(EVENT_STREAMS + 100),
    },
    "/api/auth/",
    NOSH_FLAGS,
  );
  try {
    const url = `${nosh.base}/api/restaurants?limit=20`;
    await warmUp(url);
    const reads = async (label) => {
      process.stdout.write(`GET /api/restaurants?limit=20 ${label} ... `);
      const cpuBefore = serverCpuMs(nosh);
      const result = await load({ mode: "autocannon", url, connections: CONNECTIONS, seconds: SECONDS });
      // The server's own CPU time over the phase: steadier than throughput on a shared machine.
      result.serverCpuMs = serverCpuMs(nosh) - cpuBefore;
      console.log(
        `${fmt(result.requestsPerSec)} req/s, p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms, server CPU ${fmt(result.serverCpuMs / result.requests, 2)} ms a read`,
      );
      return result;
    };
    // A full phase first, not measured: the first seconds of load run slower (the JIT, the heap
    // growing), which would otherwise count against the phases without streams.
    process.stdout.write("\nwarming up: ");
    await load({ mode: "autocannon", url, connections: CONNECTIONS, seconds: SECONDS });
    console.log("done");
    const quiet = await reads("with no streams and no owner steps");
    const idle = serverMemory(nosh);

    const owner = await signInAs(nosh.base, 1); // the demo owner of restaurant 1
    const customer = await signInAs(nosh.base, DEMO_CUSTOMER);
    await topUp(nosh.base, customer, DEMO_CUSTOMER, 3);
    const [item] = await (await fetch(`${nosh.base}/api/menu-items?restaurantId=${RESTAURANT}`)).json();
    // The owner's steps (an order placed, submitted and completed every 500 ms) run in every
    // phase but the first, so the ratio compares streams against no streams with the same writes.
    let phase = 0;
    const hold = async (streams, quietSeconds = 0) => {
      const readyFile = path.join(dataDir, `streams-ready-${++phase}`);
      const steppingFile = path.join(dataDir, `streams-stepping-${phase}`);
      const job = load({
        mode: "event-streams",
        base: nosh.base,
        streams,
        owner,
        customer,
        restaurantId: RESTAURANT,
        items: [{ menuItemId: item.id, quantity: 1 }],
        openSeconds: 180,
        stepSeconds: SECONDS + 2,
        stepEveryMs: 500,
        readyFile,
        quietSeconds,
        steppingFile,
      });
      let failed = null;
      job.catch((error) => (failed = error));
      const started = Date.now();
      while (!fs.existsSync(readyFile)) {
        if (failed) throw failed;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const stepping = async () => {
        while (!fs.existsSync(steppingFile)) await new Promise((resolve) => setTimeout(resolve, 50));
      };
      return { job, stepping, openMs: Date.now() - started, open: Number(fs.readFileSync(readyFile, "utf8")) };
    };
    const stepsOnly = async (label) => {
      const { job } = await hold(0);
      const result = await reads(label);
      await job;
      return result;
    };
    const before = await stepsOnly("with the owner steps and no streams");
    process.stdout.write(`opening ${EVENT_STREAMS} event streams ... `);
    const held = await hold(EVENT_STREAMS, SECONDS + 1);
    console.log(`${held.open} open after ${fmt(held.openMs / 1000, 1)} s`);
    const streamsIdle = await reads("with the streams open and no owner steps");
    await held.stepping();
    const during = await reads("with the streams open and the owner steps");
    const memory = serverMemory(nosh);
    const streams = await held.job;
    const after = await stepsOnly("with the owner steps and no streams, again");
    // The baseline is the mean of the phases either side, so drift on a shared machine cancels.
    const alone = { requestsPerSec: (before.requestsPerSec + after.requestsPerSec) / 2, p50: (before.p50 + after.p50) / 2, p99: (before.p99 + after.p99) / 2 };
    const ratio = during.requestsPerSec / alone.requestsPerSec;
    return {
      streams: EVENT_STREAMS,
      openMs: held.openMs,
      quiet,
      streamsIdle,
      before,
      after,
      alone,
      during,
      readRatio: ratio,
      memory: { idle, held: memory },
      delivery: streams,
      met: eventsMet({ memory, delivery: streams, readRatio: ratio }),
    };
  } finally {
    await stopServer(nosh);
  }
}

/** `--events`: the phases, then the figures against EVENT_TARGETS. */
export async function runEvents() {
  const events = await benchEvents();
  const info = machine();
  const d = events.delivery;
  console.log(`\n${machineLine(info)}, load average ${info.loadAverage.join(" ")}`);
  console.log(`live order events: ${d.open} of ${events.streams} streams open (${d.refused} refused) on one instance`);
  console.log(
    `  reads with/without streams (owner steps in both): ${fmt(events.during.requestsPerSec)}/${fmt(events.alone.requestsPerSec)} req/s = ${fmt(events.readRatio, 2)}x (target >= ${EVENT_TARGETS.readRatio}x): ${events.met.reads ? "met" : "MISSED"}`,
  );
  console.log(
    `  (reads with no streams and no owner steps: ${fmt(events.quiet.requestsPerSec)} req/s; with the streams and the steps that is ${fmt(events.during.requestsPerSec / events.quiet.requestsPerSec, 2)}x)`,
  );
  console.log(
    `  server RSS: idle ${events.memory.idle.rssMb} MB, with the streams ${events.memory.held.rssMb} MB (target < ${EVENT_TARGETS.rssMb} MB): ${events.met.rss ? "met" : "MISSED"}`,
  );
  console.log(
    `  owner step -> event on every stream: p50 ${fmt(d.p50)} ms, p99 ${fmt(d.p99)} ms over ${d.deliveries} deliveries of ${d.steps} steps, ${d.missing} missing (target p99 < ${EVENT_TARGETS.deliveryP99Ms} ms): ${events.met.p99 ? "met" : "MISSED"}`,
  );
  writeResults(
    { date: new Date().toISOString(), settings: { seconds: SECONDS, connections: CONNECTIONS, streams: EVENT_STREAMS }, machine: info, targets: EVENT_TARGETS, events },
    "events-",
  );
}
