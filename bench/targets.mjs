// Every target `npm run bench` measures against, where it comes from, and the verdicts: each
// row or figure met or MISSED. A missed target is printed, never a failure of the bench.
// Measured with one core for the server and one for the load (servers.mjs pins them).
//
// The verdict rules (docs/performance.md "Verdicts"):
// - Every verdict is a ratio to a bare twin measured in the same run (bench/bare.mjs,
//   bench/baseline): a read's rate against the bare handler's, a page's against the bare page's,
//   a write's CPU per request against the bare POST twin's. Absolute rates (req/s, orders/s) are
//   printed for the record and never judged: on a shared 2-core machine they move with whatever
//   else runs.
// - Each phase samples the machine first (machine-state.mjs); when it was busy, the phase's
//   verdicts read "machine busy: not judged" instead of met or MISSED (`verdict`).
// - CPU per request (ms of the server's core, from /proc) is printed beside throughput on every row.

import { verdict } from "./machine-state.mjs";
import { fmt } from "./report.mjs";

/**
 * The pages-and-reads run and the login flood (scenarios/pages-and-reads.mjs, login-flood.mjs).
 * - readRatio, readP99Ms, rssMb (the server's RSS, idle and after the loads), p50ScaleRatio
 *   (scale 10's p50 over scale 1's): the first bench's.
 * - pageRatio (a page against the bare page of the same HTML size rendered the same way:
 *   bench/baseline's /page/dynamic). Its earlier absolute targets (an anonymous page at 300
 *   req/s, 100 checkouts/s, goal 150) are now these ratios.
 * - checkoutCpuRatio: a one-call wallet checkout with a promotion, its clearing entry and its
 *   outbox rows costs at most this many times the CPU per request of the bare POST twin (same
 *   body, a session-length cookie: bench/baseline's POST /api/checkout). checkoutVariantSpread:
 *   the card checkout and the two-step submit (create + submit) cost within this fraction of the
 *   one-call wallet checkout's CPU per checkout.
 * - listRatio, listP99Ratio: personal lists (a customer's GET /api/orders, an owner's orders and
 *   board) for an account with 1,000 orders, at least listRatio of the bare handler's rate with a
 *   p99 at most listP99Ratio times its p99 and no errors (scenarios/personal-lists.mjs).
 * - floodP99Ratio (a catalog read's p99 during a login flood over its p99 alone).
 * - outboxThroughputCost: the notification outbox costs a checkout at most this fraction of its
 *   throughput. Measured by the A/B against this same build with the outbox off:
 *   `BENCH_AB_B_ENV=NOTIFY_OUTBOX=off npm run bench -- --ab .` (scenarios/ab.mjs judges it).
 * - pagesWhileEditing: /home, a restaurant page and a dish page while owners edit other
 *   restaurants' menus at 2 writes a second, at least `ratio` of the bare dynamic page's rate with
 *   a p99 at most `p99Ratio` times its p99 ("pages while the catalog moves"): the scenario
 *   (scenarios/pages-while-editing.mjs) judges its rows with judgePagesWhileEditing below.
 */
export const TARGETS = {
  readRatio: 0.5,
  readP99Ms: 50,
  pageRatio: 0.5,
  checkoutCpuRatio: 2.5,
  checkoutVariantSpread: 0.1,
  listRatio: 0.5,
  listP99Ratio: 2,
  rssMb: 300,
  p50ScaleRatio: 1.5,
  floodP99Ratio: 2,
  outboxThroughputCost: 0.1,
  pagesWhileEditing: { ratio: 1.0, p99Ratio: 2 },
};

/**
 * Search (scenarios/search.mjs): each query >= 0.3x the bare handler, scale 10's p50
 * within 1.5x of scale 1's, the search box's suggestions' p99 under 50 ms at 10 connections
 * (suggestConnections is the load that target is measured at).
 */
export const SEARCH_TARGETS = { readRatio: 0.3, p50ScaleRatio: 1.5, suggestP99Ms: 50, suggestConnections: 10 };

/**
 * Live order events (scenarios/events.mjs): the server's RSS with the streams open
 * under 400 MB, an owner's step reaching every stream within 1 s (p99), the catalog read at 0.9x
 * or better of its throughput without the streams.
 */
export const EVENT_TARGETS = { rssMb: 400, deliveryP99Ms: 1000, readRatio: 0.9 };

/**
 * Couriers (scenarios/couriers.mjs): 1,000 on-shift couriers reporting every 5 s while
 * 1,000 customers watch their orders: a position write's p99 at most 2x the bare handler's p99 at
 * the same rate, and catalog reads keeping 0.8x or more of their rate without the couriers
 * ("reads under a fleet"). A position report's CPU per request at
 * most positionCpuRatio times the bare POST twin's (bench/baseline's POST /api/position, same body
 * and cookie length, same paced rate); the server's RSS (its peak over the run) below rssMb.
 */
export const COURIER_TARGETS = { positionP99Ratio: 2, readRatio: 0.8, positionCpuRatio: 1.0, rssMb: 400 };

/**
 * Owner insights (scenarios/insights.mjs): the insights page's p50 under 300 ms at
 * every range, the server's RSS growing by less than 50 MB while the orders CSV downloads.
 */
export const INSIGHTS_TARGETS = { pageP50Ms: 300, exportRssGrowthMb: 50 };

/**
 * The verdicts of the pages-and-reads run, written into its rows (`met`, `verdict`): a JSON read
 * against the bare handler; a personal list against the bare handler (rate and p99); a page
 * against the bare page rendered the same way (per request with a nonce: the target as set), and
 * the prerendered bare page for reference; the one-call checkout's CPU against the bare POST
 * twin's, the card checkout's and the two-step submit's against the one-call checkout's; scale
 * N's p50 against the first scale's; the server's RSS. Each row's machine state (`row.state`,
 * sampled before its load) decides whether it is judged. Returns the list of targets printed at
 * the end.
 */
export function judgeScales(runs) {
  const first = runs[0];
  const targets = [];
  const target = (what, subject, figure, met, state) =>
    targets.push({ target: what, scale: runs.length > 1 ? subject.scale : undefined, subject: subject.name, figure, met, state, verdict: verdict(met, state) });
  for (const run of runs) {
    const { handler, dynamicPage, staticPage, post } = run.bare;
    const oneCall = run.rows.find((r) => r.checkout === "one-call");
    for (const r of run.rows) {
      if (r.list) {
        r.ratio = r.requestsPerSec / handler.requestsPerSec;
        r.versus = "handler";
        r.cpuRatio = handler.cpuPerRequest / r.cpuPerRequest;
        r.p99Ratio = r.p99 !== null && handler.p99 ? r.p99 / handler.p99 : null;
        r.target = `>= ${TARGETS.listRatio}x, p99 <= ${TARGETS.listP99Ratio}x bare's, 0 errors`;
        r.met = r.ratio >= TARGETS.listRatio && r.p99Ratio !== null && r.p99Ratio <= TARGETS.listP99Ratio && r.errors === 0;
        target(
          `personal list >= ${TARGETS.listRatio}x the bare handler, p99 <= ${TARGETS.listP99Ratio}x its p99, 0 errors`,
          { ...r, scale: run.scale },
          `${fmt(r.ratio, 2)}x (${fmt(r.requestsPerSec)} / ${fmt(handler.requestsPerSec)} req/s), p99 ${fmt(r.p99Ratio, 2)}x (${fmt(r.p99)} / ${fmt(handler.p99)} ms), ${r.errors} errors; ${fmt(r.cpuPerRequest, 2)} / ${fmt(handler.cpuPerRequest, 2)} ms CPU`,
          r.met,
          r.state,
        );
      } else if (r.read) {
        r.ratio = r.requestsPerSec / handler.requestsPerSec;
        r.versus = "handler";
        r.cpuRatio = handler.cpuPerRequest / r.cpuPerRequest;
        r.target = `>= ${TARGETS.readRatio}x, p99 <= ${TARGETS.readP99Ms}`;
        r.met = r.ratio >= TARGETS.readRatio && r.p99 <= TARGETS.readP99Ms && r.errors === 0;
      } else if (r.page) {
        r.ratio = r.requestsPerSec / dynamicPage.requestsPerSec;
        r.versus = "dynamic page";
        r.ratioStatic = r.requestsPerSec / staticPage.requestsPerSec;
        // The same comparison by CPU per request (bare / row), steadier than throughput on a shared machine.
        r.cpuRatio = dynamicPage.cpuPerRequest / r.cpuPerRequest;
        r.target = `>= ${TARGETS.pageRatio}x, 0 errors`;
        r.met = r.ratio >= TARGETS.pageRatio && r.errors === 0;
        target(
          `page >= ${TARGETS.pageRatio}x the bare page rendered per request`,
          { ...r, scale: run.scale },
          `${fmt(r.ratio, 2)}x (${fmt(r.requestsPerSec)} / ${fmt(dynamicPage.requestsPerSec)} req/s; by CPU a request ${fmt(r.cpuRatio, 2)}x: ${fmt(r.cpuPerRequest, 1)} / ${fmt(dynamicPage.cpuPerRequest, 1)} ms)`,
          r.met,
          r.state,
        );
      } else if (r.checkout === "one-call") {
        // CPU per checkout over the bare POST twin's (lower is better): the ratio judged.
        r.ratio = null;
        r.versus = "bare POST";
        r.cpuOverBare = post ? r.cpuPerRequest / post.cpuPerRequest : null;
        r.target = `CPU <= ${TARGETS.checkoutCpuRatio}x bare POST's, 0 errors`;
        r.met = r.cpuOverBare !== null && r.cpuOverBare <= TARGETS.checkoutCpuRatio && r.errors === 0;
        target(
          `one-call wallet checkout (with a promotion) CPU <= ${TARGETS.checkoutCpuRatio}x the bare POST twin's, 0 errors`,
          { ...r, scale: run.scale },
          `${fmt(r.cpuOverBare, 2)}x (${fmt(r.cpuPerRequest, 2)} / ${fmt(post?.cpuPerRequest, 2)} ms CPU a request; ${fmt(r.requestsPerSec)} orders/s for the record), ${r.errors} errors`,
          r.met,
          // Judged only when the machine was quiet for both the checkout and its twin.
          r.state?.busy ? r.state : post?.state,
        );
      } else if (r.checkout) {
        // The card checkout and the two-step submit: within checkoutVariantSpread of the one-call checkout's CPU.
        r.ratio = null;
        r.versus = "one-call";
        r.cpuOverOneCall = oneCall ? r.cpuPerRequest / oneCall.cpuPerRequest : null;
        r.target = `CPU within ${fmt(TARGETS.checkoutVariantSpread * 100)}% of one-call, 0 errors`;
        r.met = r.cpuOverOneCall !== null && r.cpuOverOneCall <= 1 + TARGETS.checkoutVariantSpread && r.errors === 0;
        target(
          `${r.name}: CPU within ${fmt(TARGETS.checkoutVariantSpread * 100)}% of the one-call wallet checkout's, 0 errors`,
          { ...r, scale: run.scale },
          `${fmt(r.cpuOverOneCall, 2)}x (${fmt(r.cpuPerRequest, 2)} / ${fmt(oneCall?.cpuPerRequest, 2)} ms CPU a checkout; ${fmt(r.requestsPerSec)} orders/s for the record), ${r.errors} errors`,
          r.met,
          r.state?.busy ? r.state : oneCall?.state,
        );
      }
      r.verdict = verdict(r.met, r.state);
      if (run !== first) {
        const ref = first.rows.find((x) => x.key === r.key);
        r.p50VsScale1 = ref?.p50 ? r.p50 / ref.p50 : null;
        r.p50VsScale1Met = r.p50VsScale1 !== null && r.p50VsScale1 <= TARGETS.p50ScaleRatio;
        if (r.page)
          target(
            `p50 at scale ${run.scale} within ${TARGETS.p50ScaleRatio}x of scale ${first.scale}`,
            { ...r, scale: run.scale },
            `${fmt(r.p50VsScale1, 2)}x (${fmt(r.p50)} / ${fmt(ref?.p50)} ms)`,
            r.p50VsScale1Met,
            r.state?.busy ? r.state : ref?.state,
          );
      }
    }
    run.memory.targetMet = run.memory.after.rssMb !== null && Math.max(run.memory.idle.rssMb, run.memory.after.rssMb) <= TARGETS.rssMb;
    // Memory is not a rate: the machine's load does not move it, so it is always judged.
    target(
      `server RSS <= ${TARGETS.rssMb} MB`,
      { name: "Nosh", scale: run.scale },
      `idle ${run.memory.idle.rssMb} MB, after ${run.memory.after.rssMb} MB (peak ${run.memory.after.peakMb})`,
      run.memory.targetMet,
      null,
    );
  }
  return targets;
}

/**
 * The hook for "pages while the catalog moves" (TARGETS.pagesWhileEditing): the
 * scenario that loads /home, a restaurant page and a dish page while owners edit other
 * restaurants' menus at 2 writes a second calls this with its rows ({ name, requestsPerSec, p99,
 * errors, cpuPerRequest, state }) and the bare dynamic page measured in the same run
 * (bench/bare.mjs loadBare's dynamicPage), and prints the verdicts it writes into the rows.
 */
export function judgePagesWhileEditing(rows, dynamicPage) {
  const { ratio, p99Ratio } = TARGETS.pagesWhileEditing;
  for (const r of rows) {
    r.ratio = r.requestsPerSec / dynamicPage.requestsPerSec;
    r.p99Ratio = r.p99 !== null && dynamicPage.p99 ? r.p99 / dynamicPage.p99 : null;
    r.cpuRatio = dynamicPage.cpuPerRequest / r.cpuPerRequest;
    r.target = `>= ${ratio}x the bare dynamic page, p99 <= ${p99Ratio}x its p99, while owners edit other menus`;
    r.met = r.ratio >= ratio && r.p99Ratio !== null && r.p99Ratio <= p99Ratio && r.errors === 0;
    r.verdict = verdict(r.met, r.state);
  }
  return rows;
}

/** The login flood's verdict: the read's p99 during the flood within floodP99Ratio of its p99 alone, no errors. */
export const loginFloodMet = (p99Ratio, during) => p99Ratio !== null && p99Ratio <= TARGETS.floodP99Ratio && during.errors === 0;

/** The verdicts of the search run, written into its rows. */
export function judgeSearch(runs) {
  const first = runs[0];
  for (const run of runs) {
    for (const r of run.rows) {
      if (r.suggest) {
        r.target = `p99 < ${SEARCH_TARGETS.suggestP99Ms} ms at ${SEARCH_TARGETS.suggestConnections} connections`;
        r.met = r.p99 < SEARCH_TARGETS.suggestP99Ms && r.errors === 0;
      } else {
        r.target = `>= ${SEARCH_TARGETS.readRatio}x`;
        r.met = r.ratio >= SEARCH_TARGETS.readRatio && r.errors === 0;
      }
      if (run !== first) {
        const ref = first.rows.find((x) => x.key === r.key);
        r.p50VsScale1 = ref?.p50 ? r.p50 / ref.p50 : null;
        // autocannon reports whole milliseconds: 1 ms against 2 ms is the resolution, not a ratio.
        r.p50VsScale1Met = r.p50VsScale1 !== null && (r.p50VsScale1 <= SEARCH_TARGETS.p50ScaleRatio || r.p50 - ref.p50 <= 1);
      }
    }
  }
}

/** The live-events verdicts: RSS with the streams held, step-to-event p99 with none missing, the read ratio. */
export function eventsMet({ memory, delivery, readRatio }) {
  return {
    rss: memory.rssMb !== null && memory.rssMb < EVENT_TARGETS.rssMb,
    p99: delivery.p99 !== null && delivery.p99 < EVENT_TARGETS.deliveryP99Ms && delivery.missing === 0,
    reads: readRatio >= EVENT_TARGETS.readRatio,
  };
}

/** An insights page's verdict: its p50 under pageP50Ms. */
export const insightsPageMet = (row) => row.p50 < INSIGHTS_TARGETS.pageP50Ms;

/** The orders CSV's verdict: RSS growth under exportRssGrowthMb, and every one of the `lines` written came out. */
export const exportMet = (exportRun, lines) => exportRun.growthMb < INSIGHTS_TARGETS.exportRssGrowthMb && exportRun.lines >= lines;

/**
 * The dinner rush (scenarios/rush.mjs): at each step of the mix, absolute p99s (what
 * a user feels at that load) per class, an order event on its streams within
 * eventP99Ms at p99 with none missing, no error (5xx, timeout, stream refused or dropped), the
 * server's RSS (its peak over the step) under rssMb. Judged by scenarios/rush/verdicts.mjs.
 */
export const RUSH_TARGETS = { pageP99Ms: 150, personalP99Ms: 150, checkoutP99Ms: 300, boardP99Ms: 200, positionP99Ms: 100, eventP99Ms: 1000, rssMb: 600 };
