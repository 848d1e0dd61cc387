// @ts-check
// The worker's metrics (docs/architecture/operations.md "Metrics"): prom-client's registry with
// Node's default metrics, the HTTP requests by route template, the app's figures (recorded
// through lib/shared/host-registries/ops.mjs, or read from it at a scrape) and, appended to the
// scrape, the primary's own lines (server/supervisor.mjs primaryMetrics, asked over the cluster's
// IPC): one scrape shows both processes. Recording is a label lookup and an add: nothing is
// measured per request beyond the request's labels and its time.
import client from "prom-client";

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const JOB_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60];

/** @typedef {import("../lib/shared/host-registries/ops.mjs").Sample} Sample */

export function workerMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const http = new client.Histogram({
    name: "nosh_http_request_duration_seconds",
    help: "HTTP requests by route template, method, status and what answered (next, replay, static, host-route, host), with their time to the last byte",
    labelNames: ["route", "method", "status", "served"],
    buckets: SECONDS,
    registers,
  });
  const heapRefusals = new client.Counter({
    name: "nosh_heap_refusals_total",
    help: "Work refused for the worker's heap budget: requests (503 before reading) and new event streams",
    labelNames: ["what"],
    registers,
  });
  const jobRuns = new client.Counter({ name: "nosh_job_runs_total", help: "Background job runs by job and outcome", labelNames: ["job", "outcome"], registers });
  const jobSeconds = new client.Histogram({
    name: "nosh_job_duration_seconds",
    help: "Background job run time by job",
    labelNames: ["job"],
    buckets: JOB_SECONDS,
    registers,
  });
  const querySeconds = new client.Histogram({
    name: "nosh_db_query_duration_seconds",
    help: "Database time of the app's SQL: reads, statements and whole transactions",
    labelNames: ["kind"],
    buckets: QUERY_SECONDS,
    registers,
  });
  const gauge = (/** @type {string} */ name, /** @type {string} */ help, /** @type {string[]} */ labelNames = []) =>
    new client.Gauge({ name, help, labelNames, registers });
  const streams = gauge("nosh_event_streams_open", "Live order event streams open in this worker");
  const outboxDepth = gauge("nosh_outbox_depth", "Notifications waiting in the outbox (pending)");
  const outboxAge = gauge("nosh_outbox_oldest_seconds", "Age of the oldest pending notification that is due");
  const payments = gauge("nosh_payments", "Card payments by state", ["state"]);
  const unassigned = gauge("nosh_dispatch_unassigned_jobs", "Delivery jobs waiting for a courier");
  const unassignedAge = gauge("nosh_dispatch_unassigned_oldest_seconds", "Age of the oldest delivery job waiting for a courier");

  /** The app's figures into the gauges. @param {Sample} sample */
  const apply = (sample) => {
    streams.set(sample.openStreams);
    outboxDepth.set(sample.outbox.depth);
    outboxAge.set(sample.outbox.oldestSeconds);
    payments.reset();
    for (const [state, count] of Object.entries(sample.payments)) payments.set({ state }, count);
    unassigned.set(sample.unassigned.count);
    unassignedAge.set(sample.unassigned.oldestSeconds);
  };

  return {
    registry,
    contentType: registry.contentType,
    /** @param {string} route @param {string} method @param {number} status @param {string} served @param {number} seconds */
    request: (route, method, status, served, seconds) => http.observe({ route, method, status, served }, seconds),
    /** @param {"requests" | "streams"} what */
    heapRefused: (what) => heapRefusals.inc({ what }),
    /** @param {string} job @param {number} seconds @param {boolean} failed */
    jobRan: (job, seconds, failed) => {
      jobRuns.inc({ job, outcome: failed ? "failed" : "ok" });
      jobSeconds.observe({ job }, seconds);
    },
    /** @param {string} kind @param {number} seconds */
    queryTook: (kind, seconds) => querySeconds.observe({ kind }, seconds),
    apply,
  };
}
