// The bare Next.js app every ratio of `npm run bench` is measured against (bench/baseline): its
// build, and its handler and pages loaded.
//
// Baseline: bench/baseline is copied to /tmp/nosh-bench-baseline-<content hash>/ and built
// there, so no build output lands in the repo (where lint and typecheck would pick it up); a
// later run with the same content reuses that build. Two Turbopack quirks decide the details:
// built inside the repo it adopts the repo's proxy.ts and instrumentation.ts (the workspace
// root is the repo), and built in /tmp it will not follow a symlinked node_modules. So the
// baseline is built with webpack (`next build --webpack`), which follows the symlink; the
// bundler makes no difference to a handler that serialises a constant.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NEXT_BIN } from "../e2e/runners/next-server.mjs";
import { probe, warmUp } from "./client.mjs";
import { beforePhase, stateLine } from "./machine-state.mjs";
import { fmt } from "./report.mjs";
import { load, loadWithCpu } from "./servers.mjs";
import { BENCH, CONNECTIONS, DOCUMENT_HEADERS, ROOT, SECONDS } from "./settings.mjs";

// The bare pages (app/page/): CARDS cards of catalog markup, so that their HTML is the size of
// Nosh's /home: `cardsFor(bytes)` picks the count from /home's size (measured: about PAGE_CARD_BYTES
// a card, HTML and RSC payload, over PAGE_BASE_BYTES of document), rounded to 5 so that the
// build (one per count, kept in /tmp) is reused across runs.
const PAGE_CARD_BYTES = 1676;
const PAGE_BASE_BYTES = 5300;
export const cardsFor = (bytes) => Math.max(5, Math.round((bytes - PAGE_BASE_BYTES) / PAGE_CARD_BYTES / 5) * 5);

/** The folder of the bare app's production build with `cards` cards a page (built on first use). */
export function buildBaseline(cards = 60) {
  const source = path.join(BENCH, "baseline");
  const files = [
    "next.config.mjs",
    "constant.json",
    "proxy.ts",
    "app/layout.tsx",
    "app/api/constant/route.ts",
    "app/api/position/route.ts",
    "app/api/checkout/route.ts",
    "app/api/twin/route.ts",
    "app/page/cards.tsx",
    "app/page/like-button.tsx",
    "app/page/dynamic/page.tsx",
    "app/page/static/page.tsx",
  ];
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(source, file)));
  hash.update(fs.readFileSync(path.join(ROOT, "node_modules/next/package.json"))).update(`cards ${cards}`);
  const dir = path.join(os.tmpdir(), `nosh-bench-baseline-${hash.digest("hex").slice(0, 12)}`);
  if (fs.existsSync(path.join(dir, ".next/BUILD_ID"))) {
    // Built by another checkout (a worktree since removed): the build is the same, its
    // node_modules link is this checkout's.
    const link = path.join(dir, "node_modules");
    if (fs.readlinkSync(link) !== path.join(ROOT, "node_modules")) {
      fs.rmSync(link, { force: true });
      fs.symlinkSync(path.join(ROOT, "node_modules"), link, "dir");
    }
    return dir;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  for (const file of files) fs.cpSync(path.join(source, file), path.join(dir, file));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  console.log(`building the baseline app (${cards} cards) in ${dir} ...`);
  const build = spawnSync(process.execPath, [NEXT_BIN, "build", "--webpack"], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", BASELINE_CARDS: String(cards) },
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`baseline build failed:\n${build.stdout}\n${build.stderr}`);
  return dir;
}

/**
 * The bare handler and the bare pages of a baseline server (`keys`: all three unless told), each
 * loaded after a warm-up and the machine's sample (`state`, machine-state.mjs): { handler,
 * dynamicPage, staticPage }.
 */
export async function loadBare(baseline, cards, keys = ["handler", "dynamicPage", "staticPage"]) {
  const bare = {};
  for (const [key, what, route, headers] of [
    ["handler", "bare Next.js handler", "/api/constant", {}],
    ["dynamicPage", `bare page, rendered per request with a nonce policy (${cards} cards)`, "/page/dynamic", DOCUMENT_HEADERS],
    ["staticPage", `bare page, prerendered (${cards} cards)`, "/page/static", DOCUMENT_HEADERS],
  ].filter(([key]) => keys.includes(key))) {
    const url = baseline.base + route;
    const answer = await probe(url, headers);
    if (answer.status !== 200) throw new Error(`baseline ${route} answered ${answer.status}`);
    if (key !== "handler" && !answer.text.includes("Restaurants near you")) throw new Error(`baseline ${route} is not the bare page`);
    if (key === "dynamicPage" && !/nonce="[^"]+"/.test(answer.text)) throw new Error("the bare dynamic page's scripts carry no nonce");
    await warmUp(url, headers);
    const state = await beforePhase(what);
    process.stdout.write(`  ${what} (${fmt(answer.htmlBytes / 1024, 1)} KB, ${fmt(answer.wireBytes / 1024, 1)} KB sent) ... `);
    const r = await loadWithCpu(baseline, { mode: "autocannon", url, connections: CONNECTIONS, seconds: SECONDS, headers });
    console.log(`${fmt(r.requestsPerSec)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ${r.cpuPerRequest.toFixed(2)} ms CPU`);
    bare[key] = { name: what, path: route, htmlBytes: answer.htmlBytes, wireBytes: answer.wireBytes, state, ...r };
  }
  return bare;
}

/**
 * The bare POST twin of a write (bench/baseline's POST /api/checkout): the same JSON `body` and a
 * cookie `cookieChars` long (a session's length: the bare app does not read it) at `connections`
 * (the write's concurrency), loaded by autocannon after a warm-up: { requestsPerSec, p50, p99,
 * cpuPerRequest, ... }. A write's verdict is its CPU per request over this one's.
 */
export async function loadBarePost(baseline, { body, cookieChars, connections }) {
  const url = `${baseline.base}/api/checkout`;
  const headers = { "content-type": "application/json", cookie: `nosh_session=${"x".repeat(cookieChars)}`, "XSRF-Token": "x".repeat(43) };
  const first = await fetch(url, { method: "POST", headers, body });
  if (first.status !== 201) throw new Error(`baseline POST /api/checkout answered ${first.status}`);
  const job = { mode: "autocannon", url, connections, method: "POST", body, headers };
  await load({ ...job, seconds: Math.min(3, SECONDS) });
  const state = await beforePhase("bare POST twin");
  process.stdout.write(`  bare POST twin (POST /api/checkout, ${body.length} B body, a ${cookieChars}-character session cookie, ${connections} connections) ... `);
  const r = await loadWithCpu(baseline, { ...job, seconds: SECONDS });
  console.log(`${fmt(r.requestsPerSec)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ${r.cpuPerRequest.toFixed(2)} ms CPU`);
  return { name: "bare POST twin (POST /api/checkout)", path: "/api/checkout", bodyBytes: body.length, state, ...r };
}

/** One line for each of loadBare's results. */
export function printBare(bare) {
  for (const b of Object.values(bare)) {
    const size =
      b.path === "/api/checkout"
        ? `${b.bodyBytes} B body`
        : b.path === "/api/constant"
          ? `${b.htmlBytes} B`
          : `${fmt(b.htmlBytes / 1024, 1)} KB HTML, ${fmt(b.wireBytes / 1024, 1)} KB gzip`;
    console.log(
      `  ${b.name}, ${size}: ${fmt(b.requestsPerSec)} req/s, p50 ${fmt(b.p50)} ms, p99 ${fmt(b.p99)} ms, ${b.cpuPerRequest.toFixed(2)} ms CPU/req; ${stateLine(b.state)}`,
    );
  }
}
