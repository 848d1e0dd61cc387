// Search (`npm run bench -- --search`): GET /api/search for 5 queries (exact, prefix, typo,
// filtered, empty result) at each of BENCH_SCALES, each as a ratio of the bare handler loaded
// just before, and scale 10's p50 over scale 1's; then the search box's suggestions
// (`limit=5`) at 10 connections. Targets: >= 0.3x the bare handler, p50 within 1.5x of scale 1,
// suggestions' p99 under 50 ms.

import { buildBaseline } from "../bare.mjs";
import { cookiesOf, warmUp } from "../client.mjs";
import { fmt, machine, machineLine, printTable, writeResults } from "../report.mjs";
import { load, seedAt, startNext, stopServer } from "../servers.mjs";
import { CONNECTIONS, ROOT, SCALES, SECONDS } from "../settings.mjs";
import { SEARCH_TARGETS, judgeSearch } from "../targets.mjs";

const SEARCH_QUERIES = [
  { name: "exact", path: "/api/search?q=chicken" },
  { name: "prefix", path: "/api/search?q=bur" },
  { name: "typo", path: "/api/search?q=piza" },
  { name: "filtered", path: "/api/search?q=pizza&cuisine=Pizza,Italian&minRating=3.5&maxDishPrice=20&sort=price" },
  { name: "empty result", path: "/api/search?q=zzqxv" },
];
// The search box asks from a page, so its requests carry the page's XSRF-TOKEN cookie: then the
// server can replay a kept answer without running Next.js (lib/server/web/kept-answers/index.ts). The
// same URL without cookies (Next.js answers, setting the cookie) is measured for comparison.
const SEARCH_SUGGEST = { name: "suggestions (limit=5), as the search box sends them", path: "/api/search?q=chi&limit=5", browser: true };
const SEARCH_SUGGEST_BARE = { name: "suggestions (limit=5), no cookies", path: "/api/search?q=chi&limit=5" };

/** `--search`: GET /api/search at each scale, against the bare handler. */
export async function runSearch() {
  const baselineDir = buildBaseline();
  const baseline = await startNext("baseline", baselineDir, {}, "/api/constant", [], {});
  const runs = [];
  try {
    for (const scale of SCALES) {
      await warmUp(`${baseline.base}/api/constant`);
      process.stdout.write(`\nbare Next.js handler ... `);
      const bare = await load({ mode: "autocannon", url: `${baseline.base}/api/constant`, connections: CONNECTIONS, seconds: SECONDS });
      console.log(`${fmt(bare.requestsPerSec)} req/s, p50 ${fmt(bare.p50)} ms, p99 ${fmt(bare.p99)} ms`);
      process.stdout.write(`scale ${scale}: seeding ... `);
      const { dataDir, seedSeconds } = seedAt(scale);
      console.log(`${seedSeconds.toFixed(1)} s; starting Nosh ...`);
      const nosh = await startNext(`nosh-search-${scale}`, ROOT, { DATA_DIR: dataDir, DATABASE_URL: "", NOSH_SEED: "false" }, "/api/auth/");
      const rows = [];
      try {
        const page = await fetch(`${nosh.base}/api/auth/`);
        await page.arrayBuffer();
        const browserHeaders = { cookie: `XSRF-TOKEN=${cookiesOf(page)["XSRF-TOKEN"]}` };
        for (const q of [...SEARCH_QUERIES, SEARCH_SUGGEST_BARE, SEARCH_SUGGEST]) {
          const url = nosh.base + q.path;
          const headers = q.browser ? browserHeaders : {};
          const first = await fetch(url, { headers });
          const body = await first.json();
          if (first.status !== 200) throw new Error(`${q.path} answered ${first.status}`);
          await warmUp(url, headers);
          const connections = q.path === SEARCH_SUGGEST.path ? SEARCH_TARGETS.suggestConnections : CONNECTIONS;
          process.stdout.write(`  ${q.name} ${q.path} (${body.total.restaurants} restaurants, ${body.total.dishes} dishes) ... `);
          const r = await load({ mode: "autocannon", url, connections, seconds: SECONDS, headers });
          console.log(`${fmt(r.requestsPerSec)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms`);
          rows.push({ name: `${q.name}: ${q.path}`, key: q.name, connections, suggest: q === SEARCH_SUGGEST, ...r, ratio: r.requestsPerSec / bare.requestsPerSec });
        }
      } finally {
        await stopServer(nosh);
      }
      runs.push({ scale, seedSeconds, bare, rows });
    }
  } finally {
    await stopServer(baseline);
  }
  const first = runs[0];
  judgeSearch(runs);
  const info = machine();
  console.log(`\nNosh search bench: ${SECONDS} s per query, ${CONNECTIONS} connections (suggestions: ${SEARCH_TARGETS.suggestConnections})`);
  console.log(machineLine(info));
  for (const run of runs) {
    console.log(
      `\nscale ${run.scale} (seeded in ${run.seedSeconds.toFixed(1)} s); bare handler just before: ${fmt(run.bare.requestsPerSec)} req/s, p50 ${fmt(run.bare.p50)} ms`,
    );
    printTable(run.rows, run !== first);
  }
  writeResults(
    { date: new Date().toISOString(), scales: SCALES, settings: { seconds: SECONDS, connections: CONNECTIONS }, machine: info, targets: SEARCH_TARGETS, runs },
    "search-",
  );
}
