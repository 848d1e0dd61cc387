// `npm run lighthouse:bare`: the framework's own floor for `npm run lighthouse`. Lighthouse's
// mobile preset (as bench/lighthouse.mjs runs it) on the bare Next.js app of `npm run bench`
// (bench/baseline, built by bench/bare.mjs in /tmp with webpack: a root layout with nothing in it
// and a page of BARE_CARDS catalog cards, default 5, each with one small client component), its
// prerendered page and its page rendered per request, LIGHTHOUSE_RUNS (default 3) runs each. What
// it scores is what React and Next.js cost a phone before any of Nosh's code (docs/log/performance.md,
// "Phones again, second pass").
// Environment: BARE_CARDS (5: a page with almost nothing on it; 60: the HTML of Nosh's /home),
// LIGHTHOUSE_RUNS, CHROME_PATH.

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildBaseline } from "./bare.mjs";
import { freePort, NEXT_BIN, spawnInGroup, stopGroup, waitUntilServing } from "../e2e/runners/next-server.mjs";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CARDS = Number(process.env.BARE_CARDS ?? 5);
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const dir = buildBaseline(CARDS);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// Plain `next start`: the framework alone, without Nosh's host (server/main.mjs).
const server = spawnInGroup(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
  cwd: dir,
  env: { NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
});
let chrome = null;
try {
  await waitUntilServing({ url: `${base}/api/constant`, child: server.child, output: server.output });
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  console.log(`bare Next.js app, ${CARDS} cards a page (${dir}); Lighthouse mobile, ${RUNS} runs`);
  for (const path of ["/page/static", "/page/dynamic"]) {
    await fetch(base + path); // a warm server, as bench/lighthouse.mjs's visit before the runs
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const { lhr } = await lighthouse(base + path, { logLevel: "error", output: "json", onlyCategories: ["performance"], port: chrome.port });
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      const longTasks = (lhr.audits["long-tasks"]?.details?.items ?? []).map((t) => `${t.url.split("/").pop()} ${Math.round(t.duration)}`);
      const r = {
        performance: Math.round(lhr.categories.performance.score * 100),
        fcp: audit("first-contentful-paint"),
        lcp: audit("largest-contentful-paint"),
        tbt: audit("total-blocking-time"),
      };
      runs.push(r);
      console.log(
        `${path} run ${run}: ${r.performance} (FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms; long tasks at 4x: ${longTasks.join(", ") || "none"})`,
      );
    }
    const m = (key) => Math.round(median(runs.map((r) => r[key])));
    console.log(`${path} median: performance ${m("performance")}, FCP ${m("fcp")} ms, LCP ${m("lcp")} ms, TBT ${m("tbt")} ms`);
  }
} finally {
  try {
    chrome?.kill();
  } catch {}
  await stopGroup(server.child);
}
