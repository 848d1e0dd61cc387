// Insights (`npm run bench -- --insights`): seeds BENCH_INSIGHTS_SCALE (default 10), signs in as
// the owner of the restaurant with the most orders and loads its insights page
// (/restaurants/{id}/insights) for 7, 30 and 90 days and a year, one request at a time
// (BENCH_INSIGHTS_REQUESTS each, default 30): p50 and p99 of the whole answer, and the server's
// CPU time per page. Then 100,000 order lines (BENCH_EXPORT_LINES) are written straight into the
// data directory's SQLite file for that restaurant and its orders CSV is downloaded, read
// slowly, while the server's RSS is sampled: the growth over the RSS before the download.
// Targets: the page's p50 under 300 ms at every range, RSS growth under 50 MB.

import Database from "better-sqlite3";
import path from "node:path";
import { signInWithPassword } from "../client.mjs";
import { fmt, machine, machineLine, writeResults } from "../report.mjs";
import { seedAt, serverCpuMs, serverMemory, startNext, stopServer } from "../servers.mjs";
import { ROOT } from "../settings.mjs";
import { INSIGHTS_TARGETS, exportMet, insightsPageMet } from "../targets.mjs";

const INSIGHTS_SCALE = Number(process.env.BENCH_INSIGHTS_SCALE ?? 10);
const INSIGHTS_REQUESTS = Number(process.env.BENCH_INSIGHTS_REQUESTS ?? 30);
const EXPORT_LINES = Number(process.env.BENCH_EXPORT_LINES ?? 100_000);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Orders of `lines / 5` x 5 lines for `restaurant`, spread over the last 300 days, written straight into the SQLite file. */
function seedExportLines(file, restaurant, lines) {
  const sqlite = new Database(file);
  try {
    sqlite.pragma("busy_timeout = 10000");
    const iso = (ms) => new Date(ms).toISOString().replace("Z", "+00:00");
    const customer = sqlite.prepare(`SELECT id FROM "User" WHERE "restaurantOwner" = 0 ORDER BY id LIMIT 1`).get().id;
    const dishes = sqlite.prepare(`SELECT id, name, "priceCents" FROM "MenuItem" WHERE "restaurantId" = ? ORDER BY id LIMIT 5`).all(restaurant.id);
    const order = sqlite.prepare(
      `INSERT INTO "Order" ("userId", "restaurantId", "restaurantName", stage, "subtotalCents", "totalCents", "deliveryOption", "paymentMethod", "createdAt", "updatedAt", "submittedAt", "closedAt")
       VALUES (?, ?, ?, 'delivered', ?, ?, 'standard', 'card', ?, ?, ?, ?)`,
    );
    const line = sqlite.prepare(`INSERT INTO "OrderItem" ("orderId", "menuItemId", name, "priceCents", "restaurantId", quantity) VALUES (?, ?, ?, ?, ?, ?)`);
    const now = Date.now();
    sqlite.transaction(() => {
      for (let i = 0; i < lines / 5; i++) {
        const at = iso(now - (1 + (i % (300 * 24))) * 3_600_000 - (i % 60) * 1000);
        const subtotal = dishes.reduce((sum, d) => sum + d.priceCents, 0);
        const { lastInsertRowid } = order.run(customer, restaurant.id, restaurant.name, subtotal, subtotal + 500, at, at, at, at);
        for (let k = 0; k < 5; k++) {
          const d = dishes[k % dishes.length];
          line.run(lastInsertRowid, d.id, `${d.name}, "bench" =${k}`, d.priceCents, restaurant.id, 1);
        }
      }
    })();
  } finally {
    sqlite.close();
  }
}

/** `--insights`: the owner's insights page at scale and a 100,000-line orders CSV. */
export async function runInsights() {
  process.stdout.write(`scale ${INSIGHTS_SCALE}: seeding ... `);
  const { dataDir, seedSeconds } = seedAt(INSIGHTS_SCALE);
  console.log(`${seedSeconds.toFixed(1)} s`);
  const file = path.join(dataDir, "nosh.db");
  const sqlite = new Database(file, { readonly: true });
  const restaurant = sqlite
    .prepare(
      `SELECT r.id, r.name, u.email, COUNT(*) AS orders FROM "Order" o JOIN "Restaurant" r ON r.id = o."restaurantId" JOIN "User" u ON u.id = r."ownerId"
       WHERE o."submittedAt" IS NOT NULL GROUP BY r.id ORDER BY orders DESC LIMIT 1`,
    )
    .get();
  sqlite.close();
  const nosh = await startNext("nosh-insights", ROOT, { DATA_DIR: dataDir, DATABASE_URL: "", NOSH_SEED: "false" }, "/api/auth/");
  const rows = [];
  let exportRun;
  try {
    const auth = await signInWithPassword(nosh.base, restaurant.email);
    const headers = { cookie: auth.cookie };
    console.log(`busiest restaurant: #${restaurant.id} ${restaurant.name}, ${restaurant.orders} orders; owner ${restaurant.email}`);
    for (const days of [7, 30, 90, 365]) {
      const to = isoDay(Date.now());
      const from = isoDay(Date.now() - (days - 1) * 86_400_000);
      const url = `${nosh.base}/restaurants/${restaurant.id}/insights?from=${from}&to=${to}`;
      const first = await fetch(url, { headers, redirect: "manual" });
      if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
      await first.arrayBuffer();
      for (let i = 0; i < 5; i++) await (await fetch(url, { headers })).arrayBuffer();
      const times = [];
      const cpuBefore = serverCpuMs(nosh);
      for (let i = 0; i < INSIGHTS_REQUESTS; i++) {
        const started = performance.now();
        await (await fetch(url, { headers })).arrayBuffer();
        times.push(performance.now() - started);
      }
      const cpuPerPage = (serverCpuMs(nosh) - cpuBefore) / INSIGHTS_REQUESTS;
      times.sort((a, b) => a - b);
      const row = { name: `insights page, ${days} days`, p50: percentile(times, 50), p99: percentile(times, 99), cpuPerPage };
      row.met = insightsPageMet(row);
      rows.push(row);
      console.log(`  ${row.name}: p50 ${fmt(row.p50)} ms, p99 ${fmt(row.p99)} ms, server CPU ${fmt(cpuPerPage)} ms/page`);
    }

    process.stdout.write(`writing ${EXPORT_LINES} order lines for #${restaurant.id} ... `);
    seedExportLines(file, restaurant, EXPORT_LINES);
    console.log("done");
    const url = `${nosh.base}/api/manage/${restaurant.id}/exports/orders.csv?from=${isoDay(Date.now() - 364 * 86_400_000)}&to=${isoDay(Date.now() + 86_400_000)}`;
    // A first, small download so the route's code is loaded before the RSS is read.
    await (await fetch(url.replace(/from=[^&]+/, `from=${isoDay(Date.now())}`), { headers })).arrayBuffer();
    const before = serverMemory(nosh).rssMb;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, serverMemory(nosh).rssMb ?? 0)), 100);
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    let records = 0;
    let bytes = 0;
    try {
      for await (const chunk of response.body) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) records++; // no line break inside a cell here
        await new Promise((resolve) => setTimeout(resolve, 2)); // a reader slower than the server
      }
    } catch (error) {
      const s = ((performance.now() - started) / 1000).toFixed(1);
      throw new Error(
        `the download broke off after ${records} records, ${bytes} bytes, ${s} s; server RSS ${serverMemory(nosh).rssMb} MB (peak ${peak}); the server said:\n${nosh.output().slice(-3000)}`,
        { cause: error },
      );
    }
    clearInterval(sampler);
    peak = Math.max(peak, serverMemory(nosh).rssMb ?? 0);
    exportRun = {
      lines: records - 1,
      megabytes: bytes / 2 ** 20,
      seconds: (performance.now() - started) / 1000,
      rssBeforeMb: before,
      rssPeakMb: peak,
      growthMb: peak - before,
    };
    exportRun.met = exportMet(exportRun, EXPORT_LINES);
  } finally {
    await stopServer(nosh);
  }
  const info = machine();
  console.log(`\nNosh insights bench: scale ${INSIGHTS_SCALE} (seeded in ${seedSeconds.toFixed(1)} s), ${INSIGHTS_REQUESTS} pages one at a time per range`);
  console.log(machineLine(info));
  for (const r of rows)
    console.log(
      `${r.name.padEnd(28)} p50 ${fmt(r.p50).padStart(5)} ms  p99 ${fmt(r.p99).padStart(5)} ms  CPU ${fmt(r.cpuPerPage).padStart(5)} ms/page  target p50 < ${INSIGHTS_TARGETS.pageP50Ms} ms  ${r.met ? "met" : "MISSED"}`,
    );
  const e = exportRun;
  console.log(
    `orders CSV: ${e.lines} lines, ${fmt(e.megabytes, 1)} MB in ${fmt(e.seconds, 1)} s; RSS ${e.rssBeforeMb} -> peak ${e.rssPeakMb} MB, growth ${e.growthMb} MB  target < ${INSIGHTS_TARGETS.exportRssGrowthMb} MB  ${e.met ? "met" : "MISSED"}`,
  );
  writeResults({ date: new Date().toISOString(), scale: INSIGHTS_SCALE, machine: info, targets: INSIGHTS_TARGETS, pages: rows, export: exportRun }, "insights-");
}
