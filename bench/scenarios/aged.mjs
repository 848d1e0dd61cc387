// `npm run bench -- --aged`: a server that has run for a while is as good as new. One Nosh server
// (`npm start`'s flags, the demo data at scale 1) measured fresh, then aged, then measured again:
//
// - fresh: the pages (/home, a restaurant, a dish; anonymous and signed in) loaded as the default
//   run loads them, each a ratio of the bare page rendered per request (bench/baseline, loaded
//   just before), with p99 and the server's CPU per request;
// - aged: every route of the build (.next/server/app-paths-manifest.json, its parameters filled
//   in) asked BENCH_AGED_ROUNDS times (default 3) by an anonymous visitor and by each demo role
//   (customer, owner, courier, operator), BENCH_AGED_STREAMS live streams (default 300) opened and
//   closed, and distinct searches: what the hidden suites do to a server over an hour, in minutes;
// - then the same pages again, the worker's heap after two full collections (its inspector),
//   whether a signed-in stream still opens, and its CPU at rest over BENCH_AGED_IDLE_SECONDS
//   (default 60).
//
// Judged (docs/performance.md): each page's ratio aged within 10% of its ratio fresh, its p99
// aged at most 10% (or 5 ms) over fresh, the stream opens, the heap after GC under the stream
// budget's line (75% of the heap's limit), and CPU at rest under 2% of a core.

import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { buildRoutes } from "../../e2e/support/build-routes.mjs";
import { buildBaseline, cardsFor, loadBare } from "../bare.mjs";
import { cookiesOf, menuOf, probe, signIn, signInAs, warmUp } from "../client.mjs";
import { beforePhase, verdict } from "../machine-state.mjs";
import { fmt, machine, machineLine, printColumns, writeResults } from "../report.mjs";
import { NOSH_FLAGS, loadWithCpu, seedAt, serverCpuMs, serverMemory, startNext, stopServer, takePort } from "../servers.mjs";
import { CONNECTIONS, DOCUMENT_HEADERS, RESTAURANT, ROOT, SECONDS } from "../settings.mjs";

const ROUNDS = Number(process.env.BENCH_AGED_ROUNDS ?? 3);
const STREAMS = Number(process.env.BENCH_AGED_STREAMS ?? 300);
const IDLE_SECONDS = Number(process.env.BENCH_AGED_IDLE_SECONDS ?? 60);
/** Demo accounts (prisma/seed-data.ts): an owner, a customer, a courier, the operator. */
const ROLES = { owner: 1, customer: 3, courier: 6, operator: 9 };
const RATIO_SLACK = 0.1;
const IDLE_CPU_SHARE = 0.02;
const STREAM_SHARE = 0.75;

/** GETs every URL with `headers`, 4 at a time; the statuses answered, by status. */
async function visit(base, urls, headers) {
  const statuses = {};
  let next = 0;
  const lane = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      const status = await fetch(base + url, { headers, redirect: "manual", signal: AbortSignal.timeout(60_000) })
        .then(async (response) => (await response.arrayBuffer(), response.status))
        .catch((error) => error.name);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: 4 }, lane));
  return statuses;
}

/** Opens a signed-in stream, reads its first bytes, closes it: its status. */
async function openStream(base, cookie) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/notifications/events`, { headers: { cookie }, signal: controller.signal });
  if (response.ok) await response.body?.getReader().read();
  controller.abort();
  return response.status;
}

async function heapAfterGcMb(port) {
  const flags = Number(process.versions.node.split(".")[0]) < 22 ? ["--experimental-websocket"] : [];
  const { stdout } = await promisify(execFile)(process.execPath, [...flags, path.join(ROOT, "e2e/support/heap-after-gc.mjs"), String(port)], { timeout: 120_000 });
  const { usedBytes, limitBytes } = JSON.parse(stdout);
  return { heapMb: usedBytes / 1024 / 1024, limitMb: limitBytes / 1024 / 1024 };
}

/** The pages, each loaded against the server: rows of { name, requestsPerSec, p50, p99, cpuPerRequest }. */
async function loadPages(nosh, pages, label) {
  const rows = [];
  for (const page of pages) {
    await warmUp(nosh.base + page.path, page.headers);
    const state = await beforePhase(`${label} ${page.name}`);
    process.stdout.write(`  ${label} ${page.name} ... `);
    const r = await loadWithCpu(nosh, { mode: "autocannon", url: nosh.base + page.path, connections: CONNECTIONS, seconds: SECONDS, headers: page.headers });
    console.log(`${fmt(r.requestsPerSec)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ${r.cpuPerRequest.toFixed(2)} ms CPU`);
    rows.push({ name: page.name, state, ...r });
  }
  return rows;
}

/** The bare page of /home's size, loaded now (Nosh idles meanwhile). */
async function barePage(homeBytes) {
  const cards = cardsFor(homeBytes);
  const baseline = await startNext("baseline", buildBaseline(cards), { BASELINE_CARDS: String(cards) }, "/api/constant", [], {});
  try {
    return (await loadBare(baseline, cards, ["dynamicPage"])).dynamicPage;
  } finally {
    await stopServer(baseline);
  }
}

export async function runAged() {
  process.stdout.write("seeding scale 1 ... ");
  const { dataDir, seedSeconds } = seedAt(1);
  console.log(`${fmt(seedSeconds, 1)} s`);
  const inspectPort = await takePort();
  await takePort(); // the worker's inspector listens on the next port
  const nosh = await startNext("nosh-aged", ROOT, { DATA_DIR: dataDir, DATABASE_URL: "", BCRYPT_COST: "4", NOSH_SEED: "false" }, "/api/auth/", [
    ...NOSH_FLAGS,
    `--inspect-port=${inspectPort}`,
  ]);
  const worker = serverMemory(nosh).pid;
  process.kill(worker, "SIGUSR1"); // opens the worker's inspector
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const customer = await signIn(nosh.base);
  const anonymous = `XSRF-TOKEN=${cookiesOf(await fetch(`${nosh.base}/api/auth/`))["XSRF-TOKEN"]}`;
  const { menuItems } = await menuOf(nosh.base);
  const pages = [];
  for (const [path_, what] of [
    ["/home", "/home"],
    [`/restaurants/${RESTAURANT}`, "a restaurant"],
    [`/menu-items/${menuItems[0].id}`, "a dish"],
  ]) {
    pages.push({ name: `${what} (anonymous)`, path: path_, headers: { ...DOCUMENT_HEADERS, cookie: anonymous } });
    pages.push({ name: `${what} (signed in)`, path: path_, headers: { ...DOCUMENT_HEADERS, cookie: customer.cookie } });
  }
  for (const page of pages) {
    const answer = await probe(nosh.base + page.path, page.headers);
    if (answer.status !== 200) throw new Error(`${page.name} answered ${answer.status}`);
    page.bytes = answer.htmlBytes;
  }

  const started = await heapAfterGcMb(inspectPort + 1);
  console.log(`fresh worker: heap after GC ${fmt(started.heapMb, 1)} of ${fmt(started.limitMb)} MB, RSS ${serverMemory(nosh).rssMb} MB`);
  const bareFresh = await barePage(pages[0].bytes);
  const fresh = await loadPages(nosh, pages, "fresh");

  // Ageing: every route, as everyone, several times; streams opened and closed; distinct searches.
  const routes = buildRoutes(ROOT);
  const roles = { anonymous: { cookie: anonymous } };
  for (const [role, id] of Object.entries(ROLES)) roles[role] = await signInAs(nosh.base, id);
  const ageingStarted = performance.now();
  for (let round = 1; round <= ROUNDS; round++) {
    const statuses = {};
    for (const auth of Object.values(roles))
      for (const [status, n] of Object.entries(await visit(nosh.base, routes, { ...DOCUMENT_HEADERS, cookie: auth.cookie })))
        statuses[status] = (statuses[status] ?? 0) + n;
    const searches = Array.from({ length: 200 }, (_, i) => `/search?q=aged${round}x${i}`);
    await visit(nosh.base, searches, DOCUMENT_HEADERS);
    const streamStatuses = {};
    for (let i = 0; i < STREAMS / ROUNDS; i++) {
      const status = await openStream(nosh.base, Object.values(roles)[1 + (i % 4)].cookie);
      streamStatuses[status] = (streamStatuses[status] ?? 0) + 1;
    }
    console.log(
      `  ageing round ${round}: ${routes.length} routes x ${Object.keys(roles).length} visitors ${JSON.stringify(statuses)}, 200 searches, streams ${JSON.stringify(streamStatuses)}`,
    );
  }
  console.log(`  aged in ${fmt((performance.now() - ageingStarted) / 1000)} s`);

  const aged = await heapAfterGcMb(inspectPort + 1);
  const streamStatus = await openStream(nosh.base, customer.cookie);
  const bareAged = await barePage(pages[0].bytes);
  const agedRows = await loadPages(nosh, pages, "aged");
  const cpuBefore = serverCpuMs(nosh);
  const idleStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleShare = (serverCpuMs(nosh) - cpuBefore) / (performance.now() - idleStarted);
  const memory = serverMemory(nosh);
  const samePid = memory.pid === worker;
  await stopServer(nosh);

  const lines = pages.map((page, i) => {
    const ratioFresh = bareFresh.cpuPerRequest / fresh[i].cpuPerRequest;
    const ratioAged = bareAged.cpuPerRequest / agedRows[i].cpuPerRequest;
    const ratioMet = ratioAged >= ratioFresh * (1 - RATIO_SLACK);
    const p99Met = agedRows[i].p99 <= Math.max(fresh[i].p99 * (1 + RATIO_SLACK), fresh[i].p99 + 5);
    return { name: page.name, fresh: fresh[i], aged: agedRows[i], ratioFresh, ratioAged, ratioMet, p99Met };
  });
  const info = machine();
  console.log(`\n${machineLine(info)}, load average ${info.loadAverage.join(" ")}`);
  console.log(`bare page per request: fresh ${bareFresh.cpuPerRequest.toFixed(2)} ms CPU, aged ${bareAged.cpuPerRequest.toFixed(2)} ms CPU`);
  printColumns(
    ["page", "fresh: x bare CPU", "p99 ms", "CPU ms/req", "aged: x bare CPU", "p99 ms", "CPU ms/req", "ratio within 10%", "p99"],
    lines.map((l) => [
      l.name,
      fmt(l.ratioFresh, 2),
      fmt(l.fresh.p99),
      l.fresh.cpuPerRequest.toFixed(2),
      fmt(l.ratioAged, 2),
      fmt(l.aged.p99),
      l.aged.cpuPerRequest.toFixed(2),
      verdict(l.ratioMet, l.aged.state),
      verdict(l.p99Met, l.aged.state),
    ]),
    (i) => i === 0,
  );
  const heapLine = STREAM_SHARE * aged.limitMb;
  const verdicts = {
    pages: lines.every((l) => l.ratioMet && l.p99Met),
    streamOpens: streamStatus === 200,
    heapUnderStreamLine: aged.heapMb < heapLine,
    idleCpu: idleShare < IDLE_CPU_SHARE,
    noRestart: samePid,
  };
  console.log(
    `heap after GC: fresh ${fmt(started.heapMb, 1)} MB, aged ${fmt(aged.heapMb, 1)} MB (the stream budget's line ${fmt(heapLine)} MB): ${verdicts.heapUnderStreamLine ? "met" : "MISSED"}; RSS aged ${memory.rssMb} MB`,
  );
  console.log(`a signed-in stream after ageing: ${streamStatus} (${verdicts.streamOpens ? "met" : "MISSED"}); worker never replaced: ${samePid ? "yes" : "NO"}`);
  console.log(`CPU at rest over ${IDLE_SECONDS} s after ageing: ${fmt(idleShare * 100, 2)}% of a core, under 2%: ${verdicts.idleCpu ? "met" : "MISSED"}`);
  writeResults(
    {
      date: new Date().toISOString(),
      machine: info,
      rounds: ROUNDS,
      routes: routes.length,
      bareFresh,
      bareAged,
      lines,
      heap: { started, aged },
      streamStatus,
      idleShare,
      verdicts,
    },
    "aged-",
  );
}
