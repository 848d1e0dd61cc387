// @ts-check
// The worker: Next.js behind the limits (server/pipeline.mjs). Slow clients are cut off by the
// header/request timeouts and the connection cap, at which a new connection sheds the one waiting
// longest for its request (half-sent, or idle between requests; never one with a request under
// way: server/connections.mjs). None of these cuts a long-lived answer (the live order event
// streams): headersTimeout and requestTimeout only time the *request* until it has fully arrived
// (Node stops timing a connection once its request is complete), keepAliveTimeout only the idle
// time between requests, and no socket timeout is set (server.timeout stays 0). Each open stream
// holds one of the NOSH_MAX_CONNECTIONS connections; the app caps streams below that
// (ORDER_EVENTS_MAX_STREAMS). e2e/orders/events.api.spec.ts holds a stream past both timeouts.
import http from "node:http";
import path from "node:path";
import { answerClientErrors, shedConnections } from "./connections.mjs";
import { watchForEdits } from "./dev-edits.mjs";
import { announceWhenServing, originOf, shutDownOnSignal } from "./lifecycle.mjs";
import { log, startPinoLogger } from "./log.mjs";
import { workerMetrics } from "./metrics.mjs";
import { operations } from "./ops.mjs";
import { heapGuard } from "./heap-guard.mjs";
import { hearJobProcess } from "./job-process.mjs";
import { buildTemplates, routeMatcher } from "./route-templates.mjs";
import { manifestsWithoutRealms } from "./manifest-realms.mjs";
import { requestListener } from "./pipeline.mjs";
import { keptAnswers } from "./kept-answers/store.mjs";
import { staticTwins } from "./static-twins.mjs";
import { offerStreams } from "./stream-handoff.mjs";
import { installHostRoutes } from "../lib/shared/web/registries/host-routes.mjs";
import { signInStandInOrigin, signInStandInWanted } from "../lib/shared/web/host-contract.mjs";

/** @param {import("./settings.mjs").Settings} settings */
export async function runWorker(settings) {
  // Next.js reads NODE_ENV (typed read-only by its own declarations) before it loads anything.
  Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? (settings.dev ? "development" : "production") });
  await startPinoLogger();
  // Before Next.js reads its first manifest: one realm per route otherwise (server/manifest-realms.mjs).
  manifestsWithoutRealms();
  const { default: next } = await import("next");
  // Before the app starts: its start-up (instrumentation.ts) fills the table in.
  const routes = installHostRoutes();
  // Before the app starts too: its start-up fills the operations registry in (server/ops.mjs).
  /** @type {{ server: import("node:http").Server | null }} */
  const serving = { server: null };
  const heapFull = heapGuard();
  const metrics = workerMetrics();
  hearJobProcess(metrics);
  // The rush bench's probes (NOSH_BENCH_PROBES=1 only): before Next.js loads the database drivers.
  const probes = process.env.NOSH_BENCH_PROBES === "1" ? (await import("./bench-probes.mjs")).benchProbes() : null;
  const ops = operations({
    probes,
    metrics,
    heapFull,
    accepting: () => Boolean(serving.server?.listening),
    route: routeMatcher(buildTemplates(path.join(process.cwd(), ".next"))),
  });
  const app = next({ dev: settings.dev, dir: process.cwd(), hostname: settings.hostname, port: settings.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const allowHandOff = offerStreams();
  // Under `npm run dev` the build in .next (if any) is not what is served: no twins.
  const twins = settings.dev ? new Map() : staticTwins(path.join(process.cwd(), ".next"));
  const shared = keptAnswers();
  // Sign in with Google and Apple's local stand-in, where the settings run it (never in production: the app refuses to start so).
  const signInStandIn =
    signInStandInWanted(process.env) && process.env.NOSH_ENV !== "production"
      ? await (await import("./sign-in-stand-in.mjs")).signInStandIn(signInStandInOrigin(process.env))
      : null;
  metrics.keptAnswers(() => ({ stats: shared.stats, size: shared.size }));
  if (settings.dev) watchForEdits(() => shared.clear());

  const server = http.createServer(
    {
      headersTimeout: settings.headersTimeoutMs,
      requestTimeout: settings.requestTimeoutMs,
      keepAliveTimeout: settings.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above (its default is every 30 s).
      connectionsCheckingInterval: Math.min(1_000, settings.headersTimeoutMs),
    },
    requestListener({ handle: (req, res) => handle(req, res), twins, shared, allowHandOff, maxBodyBytes: settings.maxBodyBytes, routes, ops, heapFull, signInStandIn }),
  );
  serving.server = server;
  shedConnections(server, settings.maxConnections, log);
  answerClientErrors(server);
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  shutDownOnSignal(server);

  await new Promise((resolve) => server.listen(settings.port, settings.hostname, () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : settings.port;
  const origin = originOf(settings.hostname, port);
  shared.listening(origin);
  await announceWhenServing(origin);
  const twinBytes = [...twins.values()].reduce((sum, entry) => sum + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0), 0);
  log(`worker ${process.pid} serving ${origin}; ${twins.size} pre-compressed static files (${Math.round(twinBytes / 1024)} KB in memory)`);
}
