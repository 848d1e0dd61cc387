// @ts-check
// The worker's metrics (docs/architecture/operations.md "Metrics"): prom-client's registry with
// Node's default metrics, the HTTP requests by route template, the app's figures (recorded
// through lib/shared/web/registries/ops.mjs, or read from it at a scrape) and, appended to the
// scrape, the primary's own lines (server/supervisor.mjs primaryMetrics, asked over the cluster's
// IPC): one scrape shows both processes. Recording is a label lookup and an add: nothing is
// measured per request beyond the request's labels and its time.
import client from "prom-client";

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const JOB_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60];

/** @typedef {import("../lib/shared/web/registries/ops.mjs").Sample} Sample */

/** @typedef {{ stats: import("./kept-answers/stats.mjs").KeptStats, size: { entries: number, bytes: number, budget: number } }} KeptFigures */

const HTTP_NAME = "nosh_http_request_duration_seconds";
/** @typedef {{ labels: Record<string, string | number>, buckets: Float64Array, sum: number, count: number }} Series */

/**
 * The HTTP histogram, on the request path: prom-client's Histogram hashes a label object into a
 * string on every observe (3 µs a request measured); this one finds its series through nested
 * Maps (route, method, status, served: no string is built) and adds to a bucket array. prom-client's
 * registry renders it like its own (get() in its histogram's shape).
 */
function requestHistogram() {
  /** @type {Map<string, Map<string, Map<number, Map<string, Series>>>>} */
  const byRoute = new Map();
  /** @type {Series[]} */
  const all = [];
  /** @template K, V @param {Map<K, V>} map @param {K} key @param {() => V} make */
  const at = (map, key, make) => {
    let value = map.get(key);
    if (value === undefined) map.set(key, (value = make()));
    return value;
  };
  return {
    name: HTTP_NAME,
    help: "HTTP requests by route template, method, status and what answered (next, replay, static, host-route, host), with their time to the last byte",
    type: "histogram",
    aggregator: "sum",
    /** @param {string} route @param {string} method @param {number} status @param {string} served @param {number} seconds */
    observe(route, method, status, served, seconds) {
      const byServed = at(
        at(
          at(byRoute, route, () => new Map()),
          method,
          () => new Map(),
        ),
        status,
        () => new Map(),
      );
      let series = byServed.get(served);
      if (!series) {
        series = { labels: { route, method, status, served }, buckets: new Float64Array(SECONDS.length), sum: 0, count: 0 };
        byServed.set(served, series);
        all.push(series);
      }
      let i = 0;
      while (i < SECONDS.length && seconds > SECONDS[i]) i++;
      if (i < SECONDS.length) series.buckets[i]++;
      series.sum += seconds;
      series.count++;
    },
    async get() {
      /** @type {{ labels: Record<string, string | number>, value: number, metricName: string }[]} */
      const values = [];
      for (const { labels, buckets, sum, count } of all) {
        let cumulative = 0;
        for (let i = 0; i < SECONDS.length; i++) {
          cumulative += buckets[i];
          values.push({ labels: { ...labels, le: SECONDS[i] }, value: cumulative, metricName: `${HTTP_NAME}_bucket` });
        }
        values.push({ labels: { ...labels, le: "+Inf" }, value: count, metricName: `${HTTP_NAME}_bucket` });
        values.push({ labels, value: sum, metricName: `${HTTP_NAME}_sum` });
        values.push({ labels, value: count, metricName: `${HTTP_NAME}_count` });
      }
      return { name: HTTP_NAME, help: this.help, type: this.type, values, aggregator: this.aggregator };
    },
  };
}

export function workerMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const http = requestHistogram();
  registry.registerMetric(/** @type {client.Metric} */ (/** @type {unknown} */ (http)));
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

  /** @type {(() => KeptFigures) | null} */
  let kept = null;
  keptAnswerMetrics(registers, () => kept?.() ?? null);

  return {
    registry,
    contentType: registry.contentType,
    /** Where the kept answers' figures are read at a scrape (server/kept-answers/store.mjs `stats`, `size`). @param {() => KeptFigures} read */
    keptAnswers: (read) => void (kept = read),
    /** @param {string} route @param {string} method @param {number} status @param {string} served @param {number} seconds */
    request: http.observe,
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

/**
 * The host's kept answers, read from its store at a scrape (nothing is recorded per request here):
 * pages replayed and rendered (by why: a first visit, the second that keeps it, an eviction, a
 * write to what it shows, a request the check sent on), the pages' hit rate, API answers replayed
 * and kept, evictions, and the bytes kept against the budget.
 * @param {client.Registry[]} registers @param {() => KeptFigures | null} read
 */
function keptAnswerMetrics(registers, read) {
  new client.Counter({
    name: "nosh_kept_pages_total",
    help: "Catalog page requests by outcome (replayed, rendered) and, for a render, why (once, keeping, unkeepable, cut-off, evicted, invalidated, not-replayable) and by which write (a scope's kind, or clock)",
    labelNames: ["outcome", "reason", "by"],
    registers,
    collect() {
      const figures = read();
      this.reset();
      if (!figures) return;
      this.inc({ outcome: "replayed", reason: "", by: "" }, figures.stats.pageReplays);
      for (const [label, count] of Object.entries(figures.stats.pageRenders)) {
        const [reason, by = ""] = label.split(":");
        this.inc({ outcome: "rendered", reason, by }, count);
      }
    },
  });
  new client.Gauge({
    name: "nosh_kept_pages_hit_ratio",
    help: "Share of catalog page requests replayed from the kept pages since the worker started",
    registers,
    collect() {
      const figures = read();
      const renders = Object.values(figures?.stats.pageRenders ?? {}).reduce((sum, n) => sum + n, 0);
      const replays = figures?.stats.pageReplays ?? 0;
      this.set(replays + renders ? replays / (replays + renders) : 0);
    },
  });
  new client.Counter({
    name: "nosh_kept_api_answers_total",
    help: "Shared API answers replayed, and kept (a render marked shared)",
    labelNames: ["outcome"],
    registers,
    collect() {
      const figures = read();
      this.reset();
      this.inc({ outcome: "replayed" }, figures?.stats.apiReplays ?? 0);
      this.inc({ outcome: "kept" }, figures?.stats.apiKept ?? 0);
    },
  });
  new client.Counter({
    name: "nosh_kept_answers_evictions_total",
    help: "Kept answers pushed out of the byte or entry budget, the least recently used first",
    registers,
    collect() {
      this.reset();
      this.inc(read()?.stats.evictions ?? 0);
    },
  });
  new client.Gauge({
    name: "nosh_kept_answers_bytes",
    help: "Bytes of the kept answers (pages counted compressed) and their budget",
    labelNames: ["what"],
    registers,
    collect() {
      const size = read()?.size;
      this.set({ what: "kept" }, size?.bytes ?? 0);
      this.set({ what: "budget" }, size?.budget ?? 0);
    },
  });
  new client.Gauge({
    name: "nosh_kept_answers_entries",
    help: "Kept answers (pages and API answers)",
    registers,
    collect() {
      this.set(read()?.size.entries ?? 0);
    },
  });
}
