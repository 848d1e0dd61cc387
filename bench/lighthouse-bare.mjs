// `npm run lighthouse:bare`: the framework's own floor for `npm run lighthouse`, which runs the same
// measurement (bareFloor) in each of its runs. Lighthouse's mobile preset (as bench/lighthouse.mjs
// runs it) on the bare Next.js app of `npm run bench` (bench/baseline, built by bench/bare.mjs in
// /tmp with webpack: a root layout with nothing in it and a page of BARE_CARDS catalog cards,
// default 5, each with one small client component), its page rendered per request (and, run
// alone, its prerendered page), LIGHTHOUSE_RUNS (default 3 alone, 5 in `npm run lighthouse`) runs
// each. What it scores is what React and Next.js cost a phone before any of Nosh's code
// (docs/log/performance.md, "Phones again, second pass").
// Environment: BARE_CARDS (5: a page with almost nothing on it; 60: the HTML of Nosh's /home),
// LIGHTHOUSE_RUNS, CHROME_PATH.

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildBaseline } from "./bare.mjs";
import { freePort, NEXT_BIN, spawnInGroup, stopGroup, waitUntilServing } from "../e2e/runners/next-server.mjs";

const CARDS = Number(process.env.BARE_CARDS ?? 5);
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The bare app's pages (`paths`) under Lighthouse's mobile preset in the Chrome at `chromePort`,
 * `runs` runs each: [{ path, cards, runs: [{ performance, fcpMs, lcpMs, tbtMs, longTasks }],
 * performance, fcpMs, lcpMs, tbtMs (medians) }]. Starts and stops its own `next start`.
 */
export async function bareFloor({ chromePort, runs, paths = ["/page/dynamic"], log = () => undefined }) {
  const dir = buildBaseline(CARDS);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Plain `next start`: the framework alone, without Nosh's host (server/main.mjs).
  const server = spawnInGroup(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir,
    env: { NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  const rows = [];
  try {
    await waitUntilServing({ url: `${base}/api/constant`, child: server.child, output: server.output });
    for (const path of paths) {
      await fetch(base + path); // a warm server, as bench/lighthouse.mjs's visit before the runs
      const measured = [];
      for (let run = 1; run <= runs; run++) {
        const { lhr } = await lighthouse(base + path, { logLevel: "error", output: "json", onlyCategories: ["performance"], port: chromePort });
        const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
        const r = {
          performance: Math.round(lhr.categories.performance.score * 100),
          fcpMs: audit("first-contentful-paint"),
          lcpMs: audit("largest-contentful-paint"),
          tbtMs: audit("total-blocking-time"),
          longTasks: (lhr.audits["long-tasks"]?.details?.items ?? []).map((t) => `${t.url.split("/").pop()} ${Math.round(t.duration)}`),
        };
        measured.push(r);
        log(
          `bare ${path} run ${run}: ${r.performance} (FCP ${Math.round(r.fcpMs)} ms, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms; long tasks at 4x: ${r.longTasks.join(", ") || "none"})`,
        );
      }
      const m = (key) => median(measured.map((r) => r[key]));
      rows.push({ path, cards: CARDS, runs: measured, performance: m("performance"), fcpMs: m("fcpMs"), lcpMs: m("lcpMs"), tbtMs: m("tbtMs") });
    }
  } finally {
    await stopGroup(server.child);
  }
  return rows;
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    console.log(`bare Next.js app, ${CARDS} cards a page; Lighthouse mobile, ${runs} runs`);
    const rows = await bareFloor({ chromePort: chrome.port, runs, paths: ["/page/static", "/page/dynamic"], log: console.log });
    for (const r of rows) {
      console.log(`${r.path} median: performance ${r.performance}, FCP ${Math.round(r.fcpMs)} ms, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms`);
    }
  } finally {
    try {
      chrome.kill();
    } catch {}
  }
}
