// One step of the dinner rush (`npm run bench -- --rush`), run by bench/load.mjs ("rush" job) in
// the load generator's process on core 1. The unit of load a second, times `multiplier`:
//   60 page views (landing, /home with an address, a restaurant, a dish, search; a fifth signed in),
//   20 catalog JSON reads, 10 personal reads (orders list, an order, notifications, wallet);
//   4 checkouts through the whole path (rush/deliveries.mjs);
//   200 position reports (the fleet every 5 s), 1,000 open order streams, 500 owner boards and
//   200 courier apps streaming (their counts times the multiplier; every free courier's at least);
//   0.5 menu edits and 0.2 kitchen pauses or sold-out changes (on the quiet restaurants, which
//   take no checkouts: a paused kitchen refuses orders).
// Paced as an open loop: a request's latency counts from when it was due. The streams open first;
// then `seconds` of load; then the paths still running get up to DRAIN_MS to end.
// -> { classes: { page, catalog, personal, checkout, board, position, courier, edit: {count, p50, p99,
//    errors, refused, samples, shape} }, events: {deliveries, p50, p99, missing}, streams: {open, refused,
//    dropped}, deliveries: {placed, delivered, ...}, placed: [order ids], unfinished, cpu: the workers'
//    CPU over the streams' opening, the paced seconds and the drain (rush/probes.mjs windowShares),
//    probes: their statements, GC and loop delay (paced, drain, whole), profile and top when asked }

import zlib from "node:zlib";
import { Deliveries } from "./deliveries.mjs";
import { Tally, nth, paced, renewedSessions, request, sleep } from "./http.mjs";
import { mark, probesDuring, profileFrom, readProbes, watchTop, windowShares } from "./probes.mjs";
import { EventClock, Streams } from "./streams.mjs";

const DRAIN_MS = 60_000;
/** The personal reads, in the mix's turn; `personal/<name>` runs one alone. */
const PERSONAL_PATHS = ["orders", "order", "notifications", "wallet"];
/** The streams' keep-alive (the server's ORDER_EVENTS_KEEP_ALIVE_MS). */
const KEEP_ALIVE_MS = Number(process.env.ORDER_EVENTS_KEEP_ALIVE_MS ?? 25_000);
/**
 * "idle" and "stream" alone are each measured over this long (BENCH_RUSH_IDLE_SECONDS): the jobs
 * that run every 30 s (ORDER_EXPIRY_SWEEP_MS: the payments' sync, the test provider's webhooks)
 * run once in each, so the streams' figure less idle's is theirs; the streams' window starts half
 * a keep-alive after they opened, so each stream's keep-alive falls in it once.
 */
const IDLE_MS = 1000 * Number(process.env.BENCH_RUSH_IDLE_SECONDS ?? 30);
const OPEN_BATCH = 100;
const UNIT = { pages: 60, catalog: 20, personal: 10, checkouts: 4, positions: 200, orderStreams: 1000, boards: 500, courierApps: 200, edits: 0.5, pauses: 0.2 };

/** How many of `perUnit` at `multiplier` (at least 1 when there is any). */
const times = (perUnit, multiplier) => Math.max(1, Math.round(perUnit * multiplier));

// `only` (a class name): that class alone at its rate (its CPU a request, measured alone): the
// checkouts with the boards and the courier apps they need, no other stream.
export async function runRushStep(job) {
  const { base, multiplier, seconds, world, only = null } = job;
  // The workers' pids (their CPU from /proc) and origins (their probes: rush/probes.mjs).
  const pids = job.cpuPids ?? [];
  const bases = job.probeBases ?? [];
  const marks = { start: mark(pids) };
  // "personal/orders" and the like: one of the personal reads alone (PERSONAL_PATHS), its CPU apart.
  const [onlyClass, onlyPath] = (only ?? "").split("/");
  const on = (name) => (!only || onlyClass === name ? 1 : 0);
  const tally = new Tally();
  const clock = new EventClock();
  const streams = new Streams(base);
  const boardsOpen = new Map(); // restaurantId -> boards open
  const deliveries = new Deliveries({ ...world, base }, tally, clock, streams, boardsOpen);

  // The streams: boards (the restaurants' in turn, several per restaurant past 1x), the free
  // couriers' apps (then others'), and order streams on the long customers' past orders, leaving
  // room for the rush's own (about checkouts x 25 s of open orders).
  const onBoard = (data, at) => deliveries.seen(data, at);
  const opening = [];
  const boards = on("checkout") ? times(UNIT.boards, multiplier) : 0;
  for (let i = 0; i < boards; i++) {
    const r = world.restaurants[i % world.restaurants.length];
    const cookie = world.owners[r.owner].auth.cookie;
    opening.push(() => streams.hold(`/api/manage/${r.id}/orders/events`, cookie, onBoard, () => boardsOpen.set(r.id, (boardsOpen.get(r.id) ?? 0) + 1)));
  }
  // Every free courier's app is open (a courier on shift without it would be offered jobs that
  // run out unseen, 30 s each, until dispatch pauses them), then others' up to the mix's count.
  const free = world.couriers.filter((c) => c.free);
  const apps = on("checkout") ? Math.max(times(UNIT.courierApps, multiplier), free.length) : 0;
  const byApp = [...free, ...world.couriers.filter((c) => !c.free)].slice(0, apps);
  for (const courier of byApp) {
    const onEvent = (data) => courier.free && deliveries.offered(courier, data);
    // An app that opens reads its courier's jobs first, and resumes those an earlier step left held
    // (in the mix: a class alone is charged its own requests only).
    opening.push(() => streams.hold("/api/courier/events", courier.auth.cookie, onEvent, () => courier.free && !only && deliveries.resume(courier)));
  }
  const inFlight = Math.round(UNIT.checkouts * multiplier * 25);
  const fillers = only === "stream" ? times(UNIT.orderStreams, multiplier) : only ? 0 : Math.max(0, times(UNIT.orderStreams, multiplier) - inFlight);
  const pastOrders = world.long.flatMap((l) => l.orderIds.map((orderId) => ({ cookie: l.auth.cookie, orderId })));
  for (let i = 0; i < fillers; i++) {
    const { cookie, orderId } = pastOrders[i % pastOrders.length];
    opening.push(() => streams.hold(`/api/orders/${orderId}/events`, cookie, () => {}));
  }
  // Opened OPEN_BATCH at a time, each batch answered before the next (people do not all open
  // their apps in the same millisecond; a thousand connections at once overflow the listen queue).
  const wanted = opening.length;
  const openStarted = performance.now();
  for (let i = 0; i < opening.length; i += OPEN_BATCH) {
    opening.slice(i, i + OPEN_BATCH).forEach((open) => open());
    const target = Math.min(opening.length, i + OPEN_BATCH);
    for (let waited = 0; streams.open + streams.refused + streams.dropped < target && waited < 10_000; waited += 20) await sleep(20);
  }
  const openSeconds = (performance.now() - openStarted) / 1000;
  const openedStreams = streams.open;

  // The open-loop classes, side by side.
  const signedIn = world.long;
  // Each page's HTML size (its first answer's, unzipped): the size of the bare page it is compared with (rush/floors.mjs).
  const htmlSizes = new Map();
  const htmlBytes = (path, a) => {
    if (!htmlSizes.has(path) && a.status === 200) {
      try {
        htmlSizes.set(path, a.encoding === "gzip" ? zlib.gunzipSync(a.raw).length : a.raw.length);
      } catch {}
    }
    return htmlSizes.get(path);
  };
  const pages = (n, due) => {
    const path = nth(world.pages, n);
    const auth = n % 5 === 0 ? nth(signedIn, n).auth : null;
    return request(base, "GET", path, { auth, headers: { accept: "text/html", "accept-encoding": "gzip" } }).then((a) =>
      tally.add("page", { ...a, htmlBytes: htmlBytes(path, a) }, path, performance.now() - due),
    );
  };
  const catalog = (n, due) => {
    const path = nth(world.catalog, n);
    return request(base, "GET", path, { headers: { "accept-encoding": "gzip" } }).then((a) => tally.add("catalog", a, path, performance.now() - due));
  };
  const personal = (n, due) => {
    const who = nth(signedIn, n * 7);
    const which = onlyPath ? PERSONAL_PATHS.indexOf(onlyPath) : n % 4;
    const path = [`/api/orders?limit=20`, `/api/orders/${nth(who.orderIds, n)}`, "/api/notifications", `/api/users/wallet/${who.userId}/transactions`][which];
    return request(base, "GET", path, { auth: who.auth }).then((a) => tally.add("personal", a, path.replace(/\d+/g, "{id}"), performance.now() - due));
  };
  // The fleet's reports: each courier every 5 s / multiplier; a riding courier reports on its trip instead.
  const fleet = world.couriers;
  const report = (n, due) => {
    const courier = nth(fleet, n);
    if (courier.riding || !Deliveries.mayReport(courier, 1_250)) return null;
    if (!courier.free) courier.at = { lat: courier.at.lat + 0.00018, lng: courier.at.lng }; // about 20 m north
    return deliveries.report(courier, "position", due);
  };
  // The owners' menu edits (any restaurant: the catalog moves under the pages) and the quiet
  // restaurants' kitchen pauses and sold-out dishes, each undone by the next.
  const edit = (n, due) => {
    const r = nth(world.restaurants, n * 13);
    const body = { description: `Tonight's special, edit ${n} of the rush` };
    return request(base, "PUT", `/api/menu-items/${nth(r.items, n)}`, { auth: world.owners[r.owner].auth, body }).then((a) =>
      tally.add("edit", a, "menu edit", performance.now() - due),
    );
  };
  const pause = (n, due) => {
    const q = nth(world.quiet, Math.floor(n / 2));
    const owner = world.owners[q.owner].auth;
    const undo = n % 2 === 1;
    const call =
      Math.floor(n / 2) % 2 === 0
        ? request(base, "PUT", `/api/manage/${q.id}/kitchen`, { auth: owner, body: { pause: undo ? "off" : "15" } })
        : request(base, "PUT", `/api/manage/${q.id}/sold-out`, { auth: owner, body: { menuItemId: q.items[0], soldOut: !undo } });
    return call.then((a) => tally.add("edit", a, "kitchen", performance.now() - due));
  };
  // "stream" alone: the streams held open with nothing sent, the server's CPU read here once they
  // are open (their opening is not their idle cost), over IDLE_MS; "idle": nothing at all (the
  // background's floor), as long.
  const holding = only === "stream" || only === "idle" ? IDLE_MS : 0;
  if (only === "stream") await sleep(KEEP_ALIVE_MS / 2);
  const atPaced = await readProbes(bases);
  marks.paced = mark(pids);
  const started = marks.paced.at;
  // `top -H` on the worker a third into the paced seconds (at most 10 s in), and its profile over
  // the paced seconds' last job.profile.seconds: both asked for one step (rush/steps.mjs).
  const top = job.top ? watchTop(pids[0], Math.min(10_000, (seconds * 1000) / 3)) : null;
  const profiling = job.profile ? profileFrom(bases[0], pids[0], started + Math.max(0, 1000 * (seconds - job.profile.seconds))) : null;
  const loops = await Promise.all([
    holding ? sleep(holding).then(() => []) : [],
    paced(on("page") * UNIT.pages * multiplier, seconds, pages),
    paced(on("catalog") * UNIT.catalog * multiplier, seconds, catalog),
    paced(on("personal") * UNIT.personal * multiplier, seconds, personal),
    paced(on("position") * UNIT.positions * multiplier, seconds, report),
    paced(on("checkout") * UNIT.checkouts * multiplier, seconds, (n, due) => deliveries.checkout(job.checkoutOffset + n, due)),
    paced(on("edit") * UNIT.edits * multiplier, seconds, edit),
    paced(on("edit") * UNIT.pauses * multiplier, seconds, pause),
  ]);
  marks.pacedEnd = mark(pids);
  const loadSeconds = (marks.pacedEnd.at - started) / 1000;
  const heldCpuMs = marks.pacedEnd.total - marks.paced.total;
  const atPacedEnd = await readProbes(bases);
  // Taken off after the paced seconds' figures: its answer (a large JSON) costs the worker in the drain.
  const profile = profiling ? await profiling.stop(job.profile.file, marks.pacedEnd) : null;
  // Every paced call answered, then the paths still running (their couriers still report).
  await Promise.all(loops.flat());
  const unfinished = await deliveries.drain(DRAIN_MS);
  marks.drained = mark(pids);
  const atDrained = await readProbes(bases);
  const probes = { paced: probesDuring(atPaced, atPacedEnd), drain: probesDuring(atPacedEnd, atDrained), whole: probesDuring(atPaced, atDrained) };
  // By text: the whole (paced and drain) only; the windows (the loop's delay, the longest pause): the paced seconds' and the drain's.
  probes.paced.byText = probes.drain.byText = probes.whole.loop = undefined;
  probes.whole.gc.maxMs = Math.max(probes.paced.gc.maxMs, probes.drain.gc.maxMs);
  // Late events still count (they make the p99): a last second for them.
  await sleep(1_000);
  const held = streams.summary();
  streams.closeAll();
  return {
    multiplier,
    seconds: loadSeconds,
    classes: tally.summary(),
    events: clock.summary(),
    streams: { wanted, opened: openedStreams, openSeconds, heldCpuMs, ...held },
    cpu: windowShares(marks),
    probes,
    profile,
    top: await top,
    deliveries: { ...deliveries.stats, unfinished: deliveries.stats.unfinished + unfinished, unfinishedTraces: deliveries.unfinishedTraces ?? [] },
    placed: deliveries.placed,
    // Where each courier ended: the next step starts them there (a jump would be refused as implausible).
    couriersAt: world.couriers.map((c) => c.at),
    // The sessions renewed during the step (old value, new): the next step sends the new cookies.
    renewedSessions: [...renewedSessions],
    checkouts: Math.floor(on("checkout") * UNIT.checkouts * multiplier * seconds),
  };
}
