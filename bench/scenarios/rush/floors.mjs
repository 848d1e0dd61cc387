// The floor of each class of the dinner rush (rush/classes.mjs): what the framework alone costs for
// the same requests, measured in the same run. Each kind of request a class sent gets a bare Next.js
// twin (bench/baseline: GET/POST/PUT /api/twin, or for pages the bare page rendered per request with
// the same HTML size, bench/bare.mjs cardsFor) sent what it sent: the same method, body size,
// cookie (its length, on the same share of requests), gzip asked or not, and an answer of the
// same size unzipped, at the class's rate (at least MIN_RATE) for as long (BENCH_RUSH_SOLO_SECONDS),
// on core 0 as the server was. Its CPU a request (the bare server's /proc, less its idle floor) is
// that kind's floor; a class's floor is the floors of the requests it sent for each one answered:
// a checkout's is its whole path's (the placement, the board's and the courier's steps, the riding
// courier's reports; its streams and the provider's webhooks have no twin). BENCH_RUSH_FLOORS=0
// skips them.

import { buildBaseline, cardsFor } from "../../bare.mjs";
import { probe } from "../../client.mjs";
import { beforePhase, stateLine } from "../../machine-state.mjs";
import { fmt } from "../../report.mjs";
import { load, loadWithCpu, startNext, stopServer } from "../../servers.mjs";
import { DOCUMENT_HEADERS } from "../../settings.mjs";

const SOLO_SECONDS = Number(process.env.BENCH_RUSH_SOLO_SECONDS ?? 10);
const WANTED = process.env.BENCH_RUSH_FLOORS !== "0";
/** Clients of a twin, each on its own connection (bench/load.mjs "paced"); a share of them with the cookie. */
const CLIENTS = 20;

/**
 * The kinds of request the classes sent, each with the shape and the rate to send its twin at:
 * a kind's own class alone when it was measured (position alone), else the class whose path sent it.
 */
export function twinsWanted(detail) {
  /** @type {Record<string, { shape: any, rate: number }>} */
  const out = {};
  for (const [name, f] of Object.entries(detail))
    for (const [kind, shape] of Object.entries(f.path ?? {}))
      if (!out[kind] || name === kind) out[kind] = { shape, rate: Math.max(0.5, shape.requests / Math.max(1, f.seconds)) };
  return out;
}

/** Each class's floor: the sum, over the kinds of request it sent, of how many it sent for one answered times that kind's twin's CPU a request. */
export function floorsOf(detail, costs) {
  /** @type {Record<string, { ms: number, requests: number }>} */
  const out = {};
  for (const [name, f] of Object.entries(detail)) {
    const kinds = Object.entries(f.path ?? {});
    if (!kinds.length || kinds.some(([kind]) => !Number.isFinite(costs[kind]?.ms))) continue;
    out[name] = { ms: kinds.reduce((sum, [kind, shape]) => sum + shape.each * costs[kind].ms, 0), requests: kinds.reduce((n, [, shape]) => n + shape.each, 0) };
  }
  return out;
}

/** The JSON body of `bytes` (about: "{}" below 11) a twin sends. */
export const bodyOf = (bytes) => (bytes < 11 ? "{}" : JSON.stringify({ pad: "x".repeat(bytes - 10) }));

/** The paced job of a kind's twin against `base`. */
function twinJob(base, kind, { shape, rate }, seconds) {
  const page = kind === "page";
  const withCookie = Math.round(CLIENTS * shape.cookieShare);
  const clients = Array.from({ length: CLIENTS }, (_, i) =>
    i < withCookie ? { cookie: `nosh_session=${"x".repeat(Math.max(1, shape.cookieChars - 13))}`, xsrf: shape.method === "GET" ? undefined : "x".repeat(43) } : {},
  );
  return {
    mode: "paced",
    url: page ? `${base}/page/dynamic` : `${base}/api/twin?bytes=${shape.answerBytes}`,
    method: shape.method,
    clients,
    rate,
    seconds,
    body: shape.method === "GET" ? null : bodyOf(shape.sentBytes),
    headers: page ? DOCUMENT_HEADERS : shape.gzip ? { "accept-encoding": "gzip" } : {},
  };
}

/** { twins: each kind's twin ({ ms, p50, p99, ... }), classes: every class's floor (floorsOf) }; {} when not wanted or nothing was measured. */
export async function measureFloors(cpu) {
  const detail = cpu.detail ?? {};
  const wanted = twinsWanted(detail);
  if (!WANTED || !Object.keys(wanted).length) return {};
  const cards = cardsFor(wanted.page?.shape.htmlBytes ?? 40_000);
  const baseline = await startNext("baseline", buildBaseline(cards), { BASELINE_CARDS: String(cards) }, "/api/constant", [], {});
  console.log(`\nthe floors: each kind of request's bare Next.js twin (bench/baseline, its page of ${cards} cards), at the class's rate for ${SOLO_SECONDS} s:`);
  const costs = {};
  try {
    for (const [kind, want] of Object.entries(wanted)) {
      const job = twinJob(baseline.base, kind, want, SOLO_SECONDS);
      await load({ ...job, seconds: Math.min(3, SOLO_SECONDS) }); // warm-up, unmeasured
      const state = await beforePhase(`${kind}'s twin`);
      const r = await loadWithCpu(baseline, job);
      const s = want.shape;
      const size =
        kind === "page"
          ? `${fmt((await probe(job.url, DOCUMENT_HEADERS)).htmlBytes / 1024, 1)} KB of HTML (${fmt(s.htmlBytes / 1024, 1)} KB Nosh's)`
          : `${s.answerBytes} B answer`;
      costs[kind] = { ms: r.cpuPerRequest, p50: r.p50, p99: r.p99, requests: r.requests, errors: r.errors, rate: want.rate, state };
      console.log(
        `  ${kind}: ${s.method}, ${s.sentBytes} B body, ${size}, a ${s.cookieChars}-character cookie on ${fmt(s.cookieShare * 100)}%, ${fmt(want.rate, 1)} a second: ` +
          `${fmt(r.cpuPerRequest, 2)} ms of CPU a request, p50 ${fmt(r.p50, 1)} ms p99 ${fmt(r.p99, 1)} ms, ${r.errors} errors; ${stateLine(state)}`,
      );
    }
  } finally {
    await stopServer(baseline);
  }
  return { twins: costs, classes: floorsOf(detail, costs) };
}
