// First-load JavaScript per page route, from the production build's manifests, compressed the
// way the server sends it: the build's zopfli `.gz` twin of a file where there is one (served by
// the host), else Next.js's gzip at level 6; brotli (the `.br` twins) is printed beside it. The
// budget is in gzip. Fails (exit 1) when a route is over the budget (docs/log/performance.md).
//
// What a browser downloads before a page is interactive, in Next 16's App Router (Turbopack):
//  - build-manifest.json `rootMainFiles`: the runtime, React and the router, on every page;
//    `polyfillFiles` are `nomodule` scripts that modern browsers skip, so they do not count;
//  - server/app/<route>/page_client-reference-manifest.js `entryJSFiles`: for the page, each
//    layout above it and the not-found / error boundaries it renders with, the client chunks
//    they need. Their union is the route's own share.
// A route whose manifest is missing is an error, so a build layout change cannot make this
// check pass by finding nothing. The list matches the <script> tags `next start` sends.
//
// The budget is 140 KB (1 KB = 1,000 bytes): under the 150 KB limit (`limitKb`, which no route
// may pass, ceiling or not) less 10 KB of margin for the features to come. Next 16 and React 19
// alone ship 132 KB to every route, and the root layout (providers, Next's layout router) and the
// store's top bar about 11 KB more, so most routes are held at ceilings (docs/log/performance.md, with
// what was measured to move the framework's share and what it would take to reach 140). What keeps routes small: what a page does not need to show itself loads after it (lib/client/lazy-module.ts
// for the zod schemas behind the forms' checks; React.lazy for dialogs, the checkout form, the
// review form); photos render through components/ui/photo.tsx rather than next/image's client
// component; icons are an SVG sprite in the HTML (components/ui/icon-sprite.tsx); and the
// root not-found page, whose client code ships with every route, stays free of the top bar
// and of Link (app/not-found.tsx); links are components/ui/link.tsx, not next/link. bench/first-load-budget.json can hold, for a route
// allowed over the budget, a ceiling at its size when it was last accepted: the check fails
// when any route grows past its ceiling (or past the budget when it has none), so nothing gets
// heavier unnoticed, and lists every route still over the budget. `--update` rewrites the
// ceilings from the current build (after a deliberate change; review the diff).
//
//   node bench/first-load-js.mjs [--update]   # after `npm run build`
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";
import { twinSizes } from "../server/twin-files.mjs";

const NEXT_DIR = path.resolve(process.env.NEXT_DIR ?? ".next");
const BUDGET_FILE = path.join(import.meta.dirname, "first-load-budget.json");
const budgetFile = JSON.parse(fs.readFileSync(BUDGET_FILE, "utf8"));
const BUDGET = budgetFile.budgetKb * 1000;
/** The issue's hard limit: no route may pass it, whatever its ceiling says (nor may `--update` write one above it). */
const LIMIT = budgetFile.limitKb * 1000;
if (!(LIMIT >= BUDGET)) throw new Error(`${BUDGET_FILE}: limitKb must be set, at or above budgetKb`);
/** Headroom over today's size when `--update` writes a ceiling. */
const CEILING_HEADROOM = 1000;
// Routes the budget was set for; their absence means the manifests were not read right.
const REQUIRED = ["/", "/home", "/restaurants/[id]", "/checkout"];

/** What a route may weigh: the budget, or its ceiling when it has one, never more than the limit. */
const allowed = (ceiling) => Math.min(LIMIT, Math.max(BUDGET, ceiling ?? 0));

const readJson = (file) => JSON.parse(fs.readFileSync(path.join(NEXT_DIR, file), "utf8"));

const gzipCache = new Map();
/**
 * What one file costs a browser: `gzip` is what a gzip-only browser downloads (the build's zopfli
 * `.gz` twin that the host serves, else Next.js's own gzip at level 6), `br` what a browser
 * accepting brotli does (the `.br` twin, else that same gzip). server/precompress.mjs writes the twins.
 */
function gzipSize(file) {
  if (!gzipCache.has(file)) {
    const full = path.join(NEXT_DIR, file);
    const bytes = fs.readFileSync(full);
    const twins = twinSizes(full);
    const gzip = twins.gzip ?? zlib.gzipSync(bytes).length;
    gzipCache.set(file, { raw: bytes.length, gzip, br: twins.br ?? gzip });
  }
  return gzipCache.get(file);
}

/** The client chunks of one App Router entry ("/(shop)/home/page"), from its client reference manifest. */
function entryChunks(entry) {
  const file = path.join(NEXT_DIR, "server", "app", `${entry}_client-reference-manifest.js`);
  if (!fs.existsSync(file)) throw new Error(`no client reference manifest for ${entry} (${file})`);
  const sandbox = { globalThis: {} };
  sandbox.globalThis = sandbox;
  vm.runInNewContext(fs.readFileSync(file, "utf8"), sandbox, { filename: file });
  const manifest = sandbox.__RSC_MANIFEST?.[entry];
  if (!manifest?.entryJSFiles) throw new Error(`${file} has no entryJSFiles for ${entry}`);
  return Object.values(manifest.entryJSFiles).flat();
}

export function firstLoadReport() {
  const build = readJson("build-manifest.json");
  const shared = build.rootMainFiles;
  if (!shared?.length) throw new Error("build-manifest.json has no rootMainFiles");
  const routes = readJson("app-path-routes-manifest.json");
  const rows = [];
  for (const [entry, route] of Object.entries(routes)) {
    if (!entry.endsWith("/page")) continue; // route handlers (app/api, uploads) ship no JS
    const files = [...new Set([...shared, ...entryChunks(entry)])];
    let raw = 0;
    let gzip = 0;
    let br = 0;
    for (const f of files) {
      const size = gzipSize(f);
      raw += size.raw;
      gzip += size.gzip;
      br += size.br;
    }
    const ceiling = budgetFile.ceilingsKb[route] === undefined ? null : budgetFile.ceilingsKb[route] * 1000;
    rows.push({ route, entry, files, raw, gzip, br, ceiling, ok: gzip <= allowed(ceiling) });
  }
  const missing = REQUIRED.filter((r) => !rows.some((row) => row.route === r));
  if (missing.length) throw new Error(`routes not found in the build: ${missing.join(", ")}`);
  return rows.sort((a, b) => b.gzip - a.gzip);
}

const kb = (n) => (n / 1000).toFixed(1);

if (import.meta.url === `file://${process.argv[1]}`) {
  let rows;
  try {
    rows = firstLoadReport();
  } catch (error) {
    console.error(`first-load JS: ${error.message} (run \`npm run build\` first)`);
    process.exit(1);
  }
  if (process.argv.includes("--update")) {
    const ceilingsKb = Object.fromEntries(
      rows.filter((r) => r.gzip > BUDGET).map((r) => [r.route, Math.min(LIMIT, Math.ceil((r.gzip + CEILING_HEADROOM) / 100) * 100) / 1000]),
    );
    fs.writeFileSync(BUDGET_FILE, `${JSON.stringify({ ...budgetFile, ceilingsKb }, null, 2)}\n`);
    console.log(`Wrote ${Object.keys(ceilingsKb).length} ceilings to ${path.relative(process.cwd(), BUDGET_FILE)}`);
    for (const r of rows) {
      r.ceiling = ceilingsKb[r.route] === undefined ? null : ceilingsKb[r.route] * 1000;
      r.ok = r.gzip <= allowed(r.ceiling);
    }
  }
  const rootFiles = readJson("build-manifest.json").rootMainFiles;
  const sharedGzip = rootFiles.reduce((sum, f) => sum + gzipSize(f).gzip, 0);
  const sharedBr = rootFiles.reduce((sum, f) => sum + gzipSize(f).br, 0);
  const twins = rootFiles.some((f) => gzipSize(f).br < gzipSize(f).gzip);
  console.log(
    `First-load JS per route, gzip: budget ${kb(BUDGET)} KB (limit ${kb(LIMIT)} KB), of which the framework (Next + React) takes ${kb(sharedGzip)} KB on every route (brotli ${kb(sharedBr)} KB)`,
  );
  if (!twins)
    console.log(
      "No pre-compressed twins in this build: gzip is Next.js's level 6 and brotli the same, above the ceilings, which count the twins (`npm run build` writes them; `node server/precompress.mjs` after a bare `next build`).",
    );
  console.log(`${"route".padEnd(28)} ${"gzip KB".padStart(8)} ${"br KB".padStart(8)} ${"raw KB".padStart(8)} ${"chunks".padStart(6)}  status`);
  for (const row of rows) {
    const status = !row.ok
      ? `FAIL: over ${row.gzip > LIMIT ? `the ${kb(LIMIT)} KB limit` : row.ceiling ? `its ceiling ${kb(row.ceiling)}` : "the budget"}`
      : row.gzip > BUDGET
        ? `over budget (ceiling ${kb(row.ceiling)})`
        : "ok";
    console.log(
      `${row.route.padEnd(28)} ${kb(row.gzip).padStart(8)} ${kb(row.br).padStart(8)} ${kb(row.raw).padStart(8)} ${String(row.files.length).padStart(6)}  ${status}`,
    );
  }
  const over = rows.filter((row) => row.gzip > BUDGET);
  const stale = rows.filter((row) => row.ceiling !== null && row.gzip <= BUDGET).map((row) => row.route);
  const failed = rows.filter((row) => !row.ok);
  console.log(`\n${rows.length - over.length} of ${rows.length} routes within ${kb(BUDGET)} KB; ${over.length} over it, held at their ceilings.`);
  if (stale.length) console.log(`Now within the budget, ceiling no longer needed: ${stale.join(", ")} (run with --update)`);
  if (failed.length) {
    console.error(
      `\nFirst-load JS grew past the limit on: ${failed.map((r) => r.route).join(", ")}. Make it smaller (lazy-load what is not needed to show the page), or, if the growth is deliberate and stays within ${kb(LIMIT)} KB, \`node bench/first-load-js.mjs --update\`.`,
    );
    process.exit(1);
  }
}
