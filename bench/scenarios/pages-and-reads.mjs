// `npm run bench` (no mode flag): the pages and JSON reads at each scale, against the bare app.
//
// For each scale (default 1 and 10) a fresh database is seeded with `npm run db:seed -- --scale
// N`, Nosh starts on it, the wallet checkout runs, then the bare baseline (bench/baseline, built
// in /tmp) is loaded while Nosh idles: its constant-JSON handler (bench/baseline/constant.json is
// a captured GET /api/restaurants?limit=20 answer) and its page of catalog cards sized to that
// scale's /home, rendered per request with a nonce policy (/page/dynamic, through a proxy like
// Nosh's: "rendered the same way") and prerendered (/page/static, the framework's
// best case). Then every Nosh endpoint: the JSON reads (x the bare handler) and the pages /,
// /home, /restaurants/1 and /menu-items/{id}, each anonymous and signed in, with a browser's
// document headers (Accept text/html, Accept-Encoding gzip, the XSRF-TOKEN and session cookies):
// x the bare dynamic page, and x the static one for reference. Each row also gets the server's
// CPU time per request and its HTML size (decompressed / as sent). Scale 10's p50 is compared
// with scale 1's, so a query that grows with the data shows up. Then the login flood
// (scenarios/login-flood.mjs). In each scale, after the endpoints: /home, the restaurant page and
// the dish page again while owners edit other restaurants' dishes (scenarios/pages-while-editing.mjs).
// Every target is printed at the end, met or MISSED
// (targets.mjs), and everything goes to bench/results/<date>.json.

import { buildBaseline, cardsFor, loadBare, loadBarePost, printBare } from "../bare.mjs";
import { cookiesOf, escapeHtml, menuOf, probe, signIn, signInWithPassword, warmUp } from "../client.mjs";
import { beforePhase } from "../machine-state.mjs";
import { fmt, machine, printTable, writeResults } from "../report.mjs";
import { NOSH_FLAGS, loadWithCpu, seedAt, serverMemory, startNext, stopServer } from "../servers.mjs";
import { BENCH_ORDERS_EMAIL, CHECKOUT_CONCURRENCY, CONNECTIONS, DEMO_CUSTOMER, DOCUMENT_HEADERS, RESTAURANT, ROOT, SCALES, SECONDS } from "../settings.mjs";
import { TARGETS, judgeScales } from "../targets.mjs";
import { benchCheckouts, seedCheckoutPromotion } from "./checkout.mjs";
import { benchLoginFlood, printLoginFlood } from "./login-flood.mjs";
import { benchPagesWhileEditing, pagesWhileEditingTargets } from "./pages-while-editing.mjs";
import { LIST_ORDERS, listEndpoints, loadListRow, seedListHistory } from "./personal-lists.mjs";

/**
 * Seeds at `scale` (plus the checkout's promotion and the personal lists' account with
 * LIST_ORDERS orders), starts Nosh on it, runs the checkouts and has `measureBarePost` load their
 * bare POST twin, then has `measureBare(homeBytes)` load the bare handler and the bare pages
 * (sized to this /home's HTML) while Nosh idles, and loads every endpoint: the JSON reads, the
 * personal lists, then each page anonymous and signed in. Stops Nosh. Every load is preceded by
 * the machine's sample (machine-state.mjs), kept as its row's `state`.
 */
async function benchScale(scale, measureBare, measureBarePost) {
  process.stdout.write(`\nscale ${scale}: seeding ... `);
  const { dataDir, seedSeconds } = seedAt(scale);
  seedCheckoutPromotion(dataDir);
  const history = seedListHistory(dataDir);
  console.log(`${seedSeconds.toFixed(1)} s; starting Nosh ...`);
  const nosh = await startNext(`nosh-${scale}`, ROOT, { DATA_DIR: dataDir, DATABASE_URL: "", BCRYPT_COST: "4", NOSH_SEED: "false" }, "/api/auth/", NOSH_FLAGS);

  // Scale 1: the demo customer with the most orders; scale >= 2: the customer with 100·N orders.
  const auth = scale === 1 ? { ...(await signIn(nosh.base)), userId: DEMO_CUSTOMER } : await signInWithPassword(nosh.base, BENCH_ORDERS_EMAIL);
  const { menu, menuItems } = await menuOf(nosh.base);
  if (!menuItems.length) throw new Error(`no menu items for restaurant ${RESTAURANT}: ${JSON.stringify(menu).slice(0, 200)}`);
  const items = menuItems.slice(0, 2).map((item) => ({ menuItemId: item.id, quantity: 1 }));
  const { restaurant } = await (await fetch(`${nosh.base}/api/restaurants/${RESTAURANT}`)).json();
  // An anonymous visitor's browser holds the XSRF-TOKEN cookie after its first page.
  const anonymous = `XSRF-TOKEN=${cookiesOf(await fetch(`${nosh.base}/api/auth/`))["XSRF-TOKEN"]}`;

  const idle = serverMemory(nosh);
  console.log(`  idle RSS ${idle.rssMb} MB`);
  // The checkout runs first, so GET /api/orders then reads a full first page at every scale
  // (the demo customer has 6 orders before it): scale 10's p50 over scale 1's compares the same
  // page, and shows a query that grows with the orders rather than a longer answer.
  const checkouts = await benchCheckouts(nosh, auth, items, measureBarePost);
  const orderCount = (await (await fetch(`${nosh.base}/api/orders?limit=100`, { headers: { cookie: auth.cookie } })).json()).orders.length;

  const endpoints = [
    // The canonical URLs have no trailing slash: `/api/restaurants/?limit=20` is a 308 to them.
    { name: "GET /api/restaurants?limit=20", path: "/api/restaurants?limit=20" },
    { name: `GET /api/restaurants/${RESTAURANT}`, path: `/api/restaurants/${RESTAURANT}` },
    { name: `GET /api/menu-items?restaurantId=${RESTAURANT}`, path: `/api/menu-items?restaurantId=${RESTAURANT}` },
  ];
  // The personal lists (scenarios/personal-lists.mjs): an account with LIST_ORDERS orders, and its restaurant's owner.
  const lists = await listEndpoints(nosh.base, history);
  // The pages, each as an anonymous visitor (the host may replay it) and signed in, with a
  // browser's document headers. `mark`: text only the real page has (checked once before the load).
  const pages = [
    { path: "/", mark: "Order delivery near you", signedInRedirect: "/home" },
    { path: "/home", mark: "Restaurants near you" },
    { path: `/restaurants/${RESTAURANT}`, mark: escapeHtml(restaurant.name) },
    { path: `/menu-items/${menuItems[0].id}`, mark: escapeHtml(menuItems[0].name) },
  ];
  for (const page of pages) {
    endpoints.push({ name: `GET ${page.path} (HTML, anonymous)`, key: `page ${page.path} anonymous`, page, cookie: anonymous, anonymous: true });
    const name = page.signedInRedirect ? `GET ${page.path} (signed in: a redirect to ${page.signedInRedirect})` : `GET ${page.path} (HTML, signed in)`;
    endpoints.push({ name, key: `page ${page.path} signed in`, page, cookie: auth.cookie, redirect: page.signedInRedirect });
  }
  for (const e of endpoints) {
    e.path ??= e.page.path;
    e.headers = e.page ? { ...DOCUMENT_HEADERS, cookie: e.cookie } : e.signedIn ? { cookie: auth.cookie } : {};
  }
  // Every endpoint must answer what it should before it is loaded (a redirect or an error page
  // would be measured as a misleadingly fast answer otherwise): 200 and, for a page, its text.
  for (const e of endpoints) {
    const answer = await probe(nosh.base + e.path, e.headers);
    if (e.redirect) {
      if (answer.status < 300 || answer.status > 399 || !answer.location?.endsWith(e.redirect)) throw new Error(`${e.name} answered ${answer.status} ${answer.location}`);
    } else {
      if (answer.status !== 200) throw new Error(`${e.name} answered ${answer.status}, not 200`);
      if (e.page && !answer.text.includes(e.page.mark)) throw new Error(`${e.name} is not the page: "${e.page.mark}" not in its HTML`);
    }
    e.bytes = answer.htmlBytes;
    e.wireBytes = answer.wireBytes;
  }

  console.log(`  the signed-in customer now has ${orderCount >= 100 ? "100+" : orderCount} orders on the first page of 100`);
  const homeBytes = endpoints.find((e) => e.key === "page /home anonymous").bytes;
  const bare = await measureBare(homeBytes);
  bare.post = checkouts.post;
  const rows = [];
  for (const e of endpoints) {
    // The personal lists right after the JSON reads.
    if (e.page && !rows.some((r) => r.list)) for (const list of lists) rows.push(await loadListRow(nosh, list));
    const url = nosh.base + e.path;
    await warmUp(url, e.headers);
    const state = await beforePhase(e.name);
    process.stdout.write(`  ${e.name} ... `);
    const r = await loadWithCpu(nosh, { mode: "autocannon", url, connections: CONNECTIONS, seconds: SECONDS, headers: e.headers, redirectsOk: Boolean(e.redirect) });
    console.log(`${fmt(r.requestsPerSec)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ${r.cpuPerRequest.toFixed(2)} ms CPU`);
    rows.push({
      name: e.name,
      key: e.key ?? e.name,
      path: e.path,
      bytes: e.bytes,
      wireBytes: e.wireBytes,
      read: !e.page,
      page: Boolean(e.page),
      anonymous: Boolean(e.anonymous),
      state,
      ...r,
    });
  }

  rows.push(...checkouts.rows);

  // The same pages (anonymous) while owners edit other restaurants' dishes.
  const editedPages = endpoints.filter((e) => e.anonymous && e.page.path !== "/").map((e) => ({ name: `GET ${e.page.path}`, path: e.path, headers: e.headers }));
  const editing = await benchPagesWhileEditing(nosh, { pages: editedPages, measured: [RESTAURANT], dynamicPage: bare.dynamicPage });

  const after = serverMemory(nosh);
  await stopServer(nosh);
  return { scale, seedSeconds, rows, bare, editing, memory: { idle, after } };
}

export async function runPagesAndReads() {
  // The bare handler and pages are loaded in each scale right before Nosh's endpoints (Nosh is
  // up but idle then, the baseline stopped during Nosh's loads): on a shared machine the load
  // from other work changes minute to minute, and a ratio should compare like with like. The
  // bare pages are built with as many cards as make the HTML of that scale's /home.
  let baselineInfo = null;
  const measureBare = async (homeBytes) => {
    const cards = cardsFor(homeBytes);
    const dir = buildBaseline(cards);
    const baseline = await startNext("baseline", dir, { BASELINE_CARDS: String(cards) }, "/api/constant", [], {});
    const bytes = (await (await fetch(`${baseline.base}/api/constant`)).text()).length;
    const idle = serverMemory(baseline);
    console.log(`  the bare baseline (${bytes} B of constant JSON; pages of ${cards} cards for a /home of ${fmt(homeBytes / 1024, 1)} KB):`);
    const bare = await loadBare(baseline, cards);
    baselineInfo = { bytes, cards, memory: { idle, after: serverMemory(baseline) } };
    await stopServer(baseline);
    return bare;
  };
  // The checkouts' bare twin: bench/baseline's POST /api/checkout, right after the checkouts.
  const measureBarePost = async (body, cookieChars, connections) => {
    const baseline = await startNext("baseline", buildBaseline(), {}, "/api/constant", [], {});
    try {
      return await loadBarePost(baseline, { body, cookieChars, connections });
    } finally {
      await stopServer(baseline);
    }
  };
  const runs = [];
  for (const scale of SCALES) runs.push(await benchScale(scale, measureBare, measureBarePost));
  const loginFlood = await benchLoginFlood();

  const first = runs[0];
  const targets = judgeScales(runs);
  for (const run of runs) targets.push(...pagesWhileEditingTargets(run, runs.length > 1));

  const info = machine();
  console.log(`\nNosh bench: ${SECONDS} s per endpoint, ${CONNECTIONS} connections (checkout: ${CHECKOUT_CONCURRENCY} loops)`);
  console.log(
    `${info.cpu}, ${info.cores} cores, ${info.os}, Node ${info.node}, Next ${info.next}, ${info.pinned}, Nosh started with ${info.noshNodeFlags}, commit ${info.commit}, load average ${info.loadAverage.join(" ")}`,
  );
  if (baselineInfo) console.log(`bare baseline RSS: idle ${baselineInfo.memory.idle.rssMb} MB, after ${baselineInfo.memory.after.rssMb} MB`);
  for (const run of runs) {
    console.log(`\nscale ${run.scale} (seeded in ${run.seedSeconds.toFixed(1)} s); the bare baseline just before:`);
    printBare(run.bare);
    printTable(run.rows, run !== first);
    console.log(`while owners edit other restaurants' dishes (${run.editing.editsPerSecond} writes/s), against the bare page rendered per request:`);
    printTable(run.editing.rows, false);
    const m = run.memory;
    console.log(
      `server RSS: idle ${m.idle.rssMb} MB, after ${m.after.rssMb} MB (peak ${m.after.peakMb} MB); target <= ${TARGETS.rssMb} MB: ${m.targetMet ? "met" : "MISSED"}`,
    );
    for (const r of run.rows.filter((row) => row.checkout && row.errorSamples?.length))
      console.log(`${r.name} errors, first ${r.errorSamples.length}:\n  ${r.errorSamples.join("\n  ")}`);
  }
  printLoginFlood(loginFlood);
  console.log(
    "\nthe targets, each a ratio to its bare twin in this run (x bare page: against bench/baseline's page of the same HTML size rendered per request with a nonce policy, as Nosh renders; a write against bench/baseline's POST twin):",
  );
  for (const t of targets) console.log(`  ${t.verdict.padEnd(6)}  ${t.target}: ${t.scale !== undefined ? `scale ${t.scale}, ` : ""}${t.subject}: ${t.figure}`);
  const busy = targets.filter((t) => t.state?.busy).length;
  if (busy) console.log(`${busy} of ${targets.length} verdicts not judged: the machine was busy (see each phase's [state] line); run the bench alone.`);

  const results = {
    date: new Date().toISOString(),
    scales: SCALES,
    settings: { seconds: SECONDS, connections: CONNECTIONS, checkoutConcurrency: CHECKOUT_CONCURRENCY, listOrders: LIST_ORDERS },
    machine: info,
    targets: TARGETS,
    baseline: baselineInfo,
    runs,
    targetResults: targets,
    loginFlood,
  };
  writeResults(results);
}
