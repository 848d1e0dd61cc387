// @ts-check
// What the host serves for operations (docs/architecture/operations.md), before anything else a
// request goes through: GET /healthz (liveness), GET /readyz (readiness: the app's checks, the
// heap, the worker accepting) and GET /metrics (Prometheus text, this worker's and the primary's).
// None needs a session; /metrics needs `Authorization: Bearer <METRICS_TOKEN>` when the token is
// set, and in production (NOSH_ENV=production) without one it is not served at all (404).
// GET /bench/probes, behind the same token, only while the rush bench asks (server/bench-probes.mjs).
// Each request gets an id here (a valid incoming X-Request-Id, else a new one): the header the
// app reads, the answer's X-Request-Id, the `reqId` of every log line written while it is served.
import { randomUUID, timingSafeEqual } from "node:crypto";
import { errorField, levelOf, logger, requestScope } from "./log.mjs";
import { sendJson } from "./json-errors.mjs";
import { installOps } from "../lib/shared/web/registries/ops.mjs";
import { ASK_PRIMARY_METRICS } from "./supervisor.mjs";

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @typedef {import("../lib/shared/web/registries/ops.mjs").Ops} Ops */
/** @typedef {import("../lib/shared/web/registries/ops.mjs").Check} Check */
/** @typedef {ReturnType<typeof import("./metrics.mjs").workerMetrics>} Metrics */
/** @typedef {import("./bench-probes.mjs").BenchProbes} BenchProbes */

/** An incoming id kept as it is: short, and only characters safe in a header and a log. */
const VALID_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** The request's id: the caller's when valid, else a new one. @param {string | string[] | undefined} incoming */
export const requestIdOf = (incoming) => (typeof incoming === "string" && VALID_ID.test(incoming) ? incoming : randomUUID());

/**
 * Who may read /metrics: "open" (no token set, not production), "token" (a bearer token is set),
 * "hidden" (production without one: 404, as if there were no such path).
 * @param {{ token: string | undefined, production: boolean }} setting
 */
export const metricsAccess = ({ token, production }) => (token ? "token" : production ? "hidden" : "open");

/** Whether `header` carries the token (constant time). @param {string | undefined} header @param {string} token */
export function bearerMatches(header, token) {
  const given = Buffer.from(header?.startsWith("Bearer ") ? header.slice(7).trim() : "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** How long a readiness answer is reused: a probe every second costs one round of checks. */
const READY_CACHE_MS = 1_000;
/** How long /metrics waits for the app's figures or the primary's lines. */
const ASK_TIMEOUT_MS = 2_000;

/** @template T @param {Promise<T>} promise @param {T} fallback */
const within = (promise, fallback) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(fallback), ASK_TIMEOUT_MS).unref())]).catch(() => fallback);

/** The primary's metric lines, asked over the cluster's IPC (empty without a primary). */
function primaryLines() {
  if (!process.send) return Promise.resolve("");
  return new Promise((resolve) => {
    /** @param {unknown} message */
    const onMessage = (message) => {
      if (message && typeof message === "object" && "primaryMetrics" in message) {
        process.off("message", onMessage);
        resolve(String(message.primaryMetrics));
      }
    };
    process.on("message", onMessage);
    process.send?.(ASK_PRIMARY_METRICS);
    setTimeout(() => (process.off("message", onMessage), resolve("")), ASK_TIMEOUT_MS).unref();
  });
}

/**
 * The host's operations: installs the registry the app fills (lib/shared/web/registries/ops.mjs)
 * and returns what server/pipeline.mjs calls.
 * `probes`: the rush bench's (server/bench-probes.mjs), served at /bench/probes behind the same token; null otherwise.
 * @param {{ metrics: Metrics, heapFull: () => boolean, accepting: () => boolean, route: (url: string) => string, probes?: BenchProbes | null }} host
 */
export function operations({ metrics, heapFull, accepting, route, probes = null }) {
  const access = metricsAccess({ token: process.env.METRICS_TOKEN || undefined, production: process.env.NOSH_ENV === "production" });
  const token = process.env.METRICS_TOKEN ?? "";
  // LOG_LEVEL=debug: a line per request (its path without the query, its headers with the
  // cookie and authorization blanked by the log's redact paths); nothing is built otherwise.
  const accessLog = levelOf(process.env.LOG_LEVEL) === "debug";
  /** @type {Ops} */
  const ops = installOps({
    log: logger,
    requestId: () => requestScope.getStore()?.reqId,
    // Timers started while a request is served (the jobs, at the first request) belong to none.
    detached: (work) => requestScope.exit(work),
    jobRan: metrics.jobRan,
    queryTook: metrics.queryTook,
    streamRefusedForHeap: () => metrics.heapRefused("streams"),
    app: null,
  });

  /** @type {{ at: number, answer: Promise<{ ready: boolean, checks: Record<string, Check> }> } | null} */
  let lastReady = null;
  const readiness = async () => {
    /** @type {Record<string, Check>} */
    const checks = {
      worker: accepting() && ops.app ? { ok: true } : { ok: false, detail: ops.app ? "shutting down" : "starting" },
      heap: heapFull() ? { ok: false, detail: "past the heap budget: new requests are refused" } : { ok: true },
    };
    if (ops.app) {
      const app = await within(ops.app.ready(), { database: { ok: false, detail: `no answer in ${ASK_TIMEOUT_MS} ms` } });
      Object.assign(checks, app);
    }
    return { ready: Object.values(checks).every((check) => check.ok), checks };
  };

  /** True when the request may not read /metrics (answered 404 or 401 here). @param {IncomingMessage} req @param {ServerResponse} res */
  const refused = (req, res) => {
    if (access === "hidden") sendJson(res, 404, { message: "Not found" });
    else if (access === "token" && !bearerMatches(req.headers.authorization, token))
      sendJson(res, 401, { message: "A bearer token is required for /metrics" }, { "WWW-Authenticate": 'Bearer realm="metrics"' });
    else return false;
    return true;
  };

  /** @param {IncomingMessage} req @param {ServerResponse} res */
  const serveMetrics = async (req, res) => {
    if (refused(req, res)) return;
    if (ops.app) {
      const sample = await within(ops.app.sample(), null);
      if (sample) metrics.apply(sample);
    }
    const [own, primary] = await Promise.all([metrics.registry.metrics(), primaryLines()]);
    const body = primary ? `${own}${primary}` : own;
    res.writeHead(200, { "Content-Type": metrics.contentType, "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(body) });
    res.end(req.method === "HEAD" ? undefined : body);
  };

  /** @param {IncomingMessage} req @param {ServerResponse} res */
  const serveReady = async (req, res) => {
    const now = Date.now();
    if (!lastReady || now - lastReady.at >= READY_CACHE_MS) lastReady = { at: now, answer: readiness() };
    const { ready, checks } = await lastReady.answer;
    sendJson(res, ready ? 200 : 503, { status: ready ? "ready" : "not ready", checks }, { "Cache-Control": "no-store" });
  };

  const OWN = new Set(["/healthz", "/readyz", "/metrics", ...(probes ? ["/bench/probes"] : [])]);
  /** @type {Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>>} */
  const serveOwn = {
    "/readyz": serveReady,
    "/metrics": serveMetrics,
    "/bench/probes": async (req, res) => void (refused(req, res) || (await probes?.serve(req, res))),
  };

  return {
    /**
     * The request's id set (header in, header out), its time and labels recorded when it ends;
     * `served` is filled in by whoever answers. Runs `next` in the request's log scope.
     * @param {IncomingMessage} req @param {ServerResponse} res @param {(req: IncomingMessage, res: ServerResponse, scope: Scope) => void} next
     */
    begin(req, res, next) {
      const reqId = requestIdOf(req.headers["x-request-id"]);
      req.headers["x-request-id"] = reqId;
      res.setHeader("X-Request-Id", reqId);
      /** @type {Scope} */
      const scope = { reqId, served: "next", start: performance.now() };
      res.once("close", () => {
        const method = req.method && METHODS.has(req.method) ? req.method : "other";
        const seconds = (performance.now() - scope.start) / 1000;
        const template = route(String(req.url));
        metrics.request(template, method, res.statusCode, scope.served, seconds);
        if (accessLog) {
          const { headers } = req;
          requestScope.run(scope, () =>
            logger.debug({ method: req.method, route: template, status: res.statusCode, served: scope.served, ms: Math.round(seconds * 1000), headers }, "request"),
          );
        }
      });
      requestScope.run(scope, next, req, res, scope);
    },
    /** Answers /healthz, /readyz and /metrics; false for any other request. @param {IncomingMessage} req @param {ServerResponse} res */
    answer(req, res) {
      const url = String(req.url);
      const end = url.indexOf("?");
      const path = end < 0 ? url : url.slice(0, end);
      if (!OWN.has(path) || (req.method !== "GET" && req.method !== "HEAD")) return false;
      req.resume();
      if (path === "/healthz")
        sendJson(res, 200, { status: "alive", checks: { host: { ok: true }, worker: { ok: true, pid: process.pid } } }, { "Cache-Control": "no-store" });
      else
        serveOwn[path](req, res).catch((error) => {
          logger.error({ err: errorField(error) }, `${path} failed`);
          if (!res.headersSent) sendJson(res, 500, { message: "Something went wrong. Please try again" });
        });
      return true;
    },
    /** A request refused for the heap (server/heap-guard.mjs). */
    heapRefused: () => metrics.heapRefused("requests"),
  };
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** @typedef {{ reqId: string, served: "next" | "replay" | "static" | "host-route" | "host", start: number }} Scope */
