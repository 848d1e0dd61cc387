// Where the rush's page views go (bench/scenarios/rush/steps.mjs): the servers' kept-page counters
// (/metrics: nosh_kept_pages_total, server/kept-answers/store.mjs `stats`) read before and after a
// step, so a step says how many page views were replays and why each render happened (a first
// visit, which keeps it, an eviction, a write to what the page shows and which, the
// clock, a request the check sent on, a last render cut off by its client leaving), with the bytes kept against the budget.

/** The bearer token the rush's servers are started with (RUSH_ENV), so /metrics answers in production too. */
export const RUSH_METRICS_TOKEN = "bench-rush-metrics";

/** One server's figures: replays, renders by "reason" or "invalidated:by", evictions, bytes kept and budget; null when /metrics did not answer. */
async function scrapeOne(base) {
  try {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${RUSH_METRICS_TOKEN}` }, signal: AbortSignal.timeout(10_000) });
    return response.ok ? parseKept(await response.text()) : null;
  } catch {
    return null;
  }
}

/** The kept-page figures of one /metrics text (server/metrics.mjs keptAnswerMetrics). */
export function parseKept(text) {
  const figures = { replays: 0, renders: {}, evictions: 0, bytes: 0, budget: 0 };
  for (const [, outcome, reason, by, value] of text.matchAll(/^nosh_kept_pages_total\{outcome="(\w+)",reason="([\w-]*)",by="([^"]*)"\} (\S+)$/gm)) {
    if (outcome === "replayed") figures.replays += Number(value);
    else figures.renders[by ? `${reason}:${by}` : reason] = Number(value);
  }
  figures.evictions = Number(/^nosh_kept_answers_evictions_total (\S+)$/m.exec(text)?.[1] ?? 0);
  figures.bytes = Number(/^nosh_kept_answers_bytes\{what="kept"\} (\S+)$/m.exec(text)?.[1] ?? 0);
  figures.budget = Number(/^nosh_kept_answers_bytes\{what="budget"\} (\S+)$/m.exec(text)?.[1] ?? 0);
  return figures;
}

/** The figures of every server of a step (their bases), each server's own. */
export const scrapeKept = (servers) => Promise.all(servers.map((s) => scrapeOne(s.base)));

/**
 * What a step added, summed over its servers: `before` and `after` from scrapeKept. A server
 * restarted during the step (its counters from zero) counts from zero; one that did not answer, not at all.
 */
export function keptDuring(before, after) {
  const out = { replays: 0, renders: {}, evictions: 0, bytes: 0, budget: 0, servers: 0 };
  after.forEach((now, i) => {
    if (!now) return;
    const then = before[i] && now.replays >= before[i].replays ? before[i] : { replays: 0, renders: {}, evictions: 0 };
    out.servers++;
    out.replays += now.replays - then.replays;
    for (const [reason, count] of Object.entries(now.renders)) out.renders[reason] = (out.renders[reason] ?? 0) + count - (then.renders[reason] ?? 0);
    out.evictions += now.evictions - then.evictions;
    out.bytes += now.bytes;
    out.budget += now.budget;
  });
  return out;
}

const REASONS = {
  once: "first visits (kept from now)",
  keeping: "thrown away and being kept again",
  unkeepable: "not keepable (a cookie, a non-200, too big)",
  "cut-off": "cut off (the client left before the last render ended)",
  evicted: "evicted",
  "not-replayable": "not replayable (a session to renew)",
};

/** The step's line on pages: the replay share and the renders by reason, or null without figures. */
export function keptLine(kept) {
  if (!kept?.servers) return null;
  const renders = Object.values(kept.renders).reduce((sum, n) => sum + n, 0);
  const views = renders + kept.replays;
  if (!views) return "pages: none counted";
  const pct = (n) => `${((100 * n) / views).toFixed(1)}%`;
  const reasons = Object.entries(kept.renders)
    .filter(([, n]) => n > 0)
    .sort(([, a], [, b]) => b - a)
    .map(
      ([reason, n]) =>
        `${REASONS[reason] ?? reason.replace(/^invalidated:(.*)$/, (_, by) => `invalidated by ${by === "*" ? "a catalog-wide write" : by === "clock" ? "the clock" : `a ${by} write`}`)} ${n} (${pct(n)})`,
    );
  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
  return (
    `pages: ${kept.replays} of ${views} replayed (${pct(kept.replays)}), ${renders} rendered${reasons.length ? `: ${reasons.join(", ")}` : ""}; ` +
    `kept ${mb(kept.bytes)} MB of ${mb(kept.budget)} MB, ${kept.evictions} evicted`
  );
}
