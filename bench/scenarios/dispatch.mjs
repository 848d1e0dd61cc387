// The dispatch simulation (`npm run bench -- --dispatch`): a city's evening,
// couriers riding at city speeds and orders arriving at the rush's rate, dispatched by today's
// policy (the oldest job first, one at a time, to the nearest courier) and by the matching
// (lib/shared/delivery/dispatch-matching.mjs: by cost, several offers at once, two orders in one trip, a
// courier who lets offers run out paused), on the same seeded events in one run. It drives the
// same pure functions the server's tick does (lib/server/dispatch/tick.ts); no server, no
// HTTP, no database. Each courier answers the same offer the same way under both policies (a
// hash of courier and job, not a shared random stream).
//
// Per policy: ready-to-pickup wait p50/p90 (the food's wait, ready to picked up), delivery time
// p50/p90 (placed to delivered), offers per accepted job, empty km per delivery (ridden with no
// food aboard), couriers' idle share, the longest wait for a courier (the food ready and no courier
// has accepted yet) and, for the record, the longest from the job made to a courier's accept.
// The matching runs twice, with and without batching. Targets (the matching against today's, same run): ready-to-pickup p90 at most half,
// empty km per delivery at least 15% lower, no order waiting more than 10 minutes for a courier
// at the 1x rate.
//
// The arrival quoted before ordering (lib/shared/delivery/arrival-quote.mjs, as checkout shows it): each
// order is quoted when it is placed from its restaurant's queue then (orders placed, not yet
// ready), its prep time, the distance and the couriers free near the restaurant; once delivered it
// lands early, inside or late. Target: at least 80% inside their range (the matching, 1x).
//
// Scheduled hours by zone: each restaurant hub is a zone (a square 3 km across); the first
// BENCH_DISPATCH_BOOKED couriers (default 24) booked the evening in the zone nearest their home,
// and wait there (idle outside it, they ride back towards its hub, the ride counted as empty km).
// The matching runs once more with the zones ("matching, booked zones": a zone's job goes to a
// courier booked there first, lib/shared/delivery/dispatch-matching.mjs bookedZoneWeight); the verdicts
// add the share of zone jobs the zone's booked couriers took, with and without the preference.
//
// Environment: BENCH_DISPATCH_SEED (default 61), BENCH_DISPATCH_RATES (default "1,1.5": the
// rush's rate multiples run), BENCH_DISPATCH_COURIERS (default 60), BENCH_DISPATCH_BOOKED (default
// 24), BENCH_DISPATCH_LOG=path (the markdown table written there too; default: printed only).

import fs from "node:fs";
import { matchOffers, km, MATCH_SETTINGS } from "../../lib/shared/delivery/dispatch-matching.mjs";
import { offersPaused, nextExpiryStreak } from "../../lib/shared/delivery/offer-streak.mjs";
import { todaysOffers } from "./todays-offers.mjs";
import { quoteArrival, promiseVerdict, QUOTE_SETTINGS } from "../../lib/shared/delivery/arrival-quote.mjs";
import { zoneAt } from "../../lib/shared/delivery/zone-polygon.mjs";

const SEED = Number(process.env.BENCH_DISPATCH_SEED ?? 61);
const RATES = (process.env.BENCH_DISPATCH_RATES ?? "1,1.5").split(",").map(Number);
const COURIERS = Number(process.env.BENCH_DISPATCH_COURIERS ?? 60);
const BOOKED = Number(process.env.BENCH_DISPATCH_BOOKED ?? 24);
/** A zone reaches this far (km) north, south, east and west of its hub. */
const ZONE_HALF_KM = 1.5;

const S = 1000;
const MIN = 60 * S;
/** The server's tick (DISPATCH_TICK_MS) and the simulation's step. */
const TICK = 2 * S;
/** DISPATCH_OFFER_SECONDS. */
const OFFER_MS = 30 * S;
/** offer.ts REOFFER_AFTER_MS. */
const REOFFER_MS = 5 * MIN;
/** COURIER_MAX_JOBS. */
const MAX_JOBS = 2;
/** The evening: 17:00 to 21:00, orders arriving until 20:30. */
const EVENING = 4 * 60 * MIN;
const ORDERS_UNTIL = 3.5 * 60 * MIN;
/** Orders an hour at 1x through the evening (a rush from 18:00 to 20:00). */
const RUSH = [
  { until: 60 * MIN, perHour: 70 },
  { until: 180 * MIN, perHour: 120 },
  { until: Infinity, perHour: 70 },
];
const CENTRE = { lat: 37.7749, lng: -122.4194 };

/** mulberry32: the seeded stream of the evening's events. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** A number in [0, 1) fixed by its inputs: how one courier answers one offer, the same under both policies. */
function hash01(...parts) {
  let h = 2166136261 ^ SEED;
  for (const p of parts) {
    h = Math.imul(h ^ (p & 0xffff), 16777619);
    h = Math.imul(h ^ (p >>> 16), 16777619);
  }
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}
const offset = (from, northKm, eastKm) => ({
  lat: from.lat + northKm / 111.32,
  lng: from.lng + eastKm / (111.32 * Math.cos((from.lat * Math.PI) / 180)),
});

/** The evening's events at `rate` x the rush: restaurants, couriers, orders. */
function evening(rate) {
  const rnd = random(SEED);
  const hubs = Array.from({ length: 6 }, () => offset(CENTRE, (rnd() - 0.5) * 8, (rnd() - 0.5) * 8));
  const restaurants = Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    at: offset(hubs[i % hubs.length], (rnd() - 0.5) * 1.6, (rnd() - 0.5) * 1.6),
    prepMin: 8 + Math.floor(rnd() * 12),
  }));
  const couriers = Array.from({ length: COURIERS }, (_, i) => ({
    id: 1000 + i,
    home: offset(CENTRE, (rnd() - 0.5) * 9, (rnd() - 0.5) * 9),
    speedKmh: 12 + rnd() * 8,
    // One in eight leaves the app in a pocket for the evening: offers to them run out.
    absent: rnd() < 0.125,
    // How far a courier rides to a pickup before declining: 3 to 5 km.
    maxPickupKm: 3 + rnd() * 2,
  }));
  const orders = [];
  const orderRnd = random(SEED * 7 + Math.round(rate * 100));
  let t = 0;
  let id = 1;
  while (true) {
    const perHour = RUSH.find((r) => t < r.until).perHour * rate;
    t += (-Math.log(1 - orderRnd()) / perHour) * 60 * MIN;
    if (t >= ORDERS_UNTIL) break;
    const restaurant = restaurants[Math.floor(orderRnd() * restaurants.length)];
    const angle = orderRnd() * 2 * Math.PI;
    const distance = 0.5 + Math.sqrt(orderRnd()) * 4;
    const acceptAfter = (1 + orderRnd() * 2) * MIN;
    orders.push({
      id: id++,
      restaurant,
      dropoff: offset(restaurant.at, Math.sin(angle) * distance, Math.cos(angle) * distance),
      placedAt: t,
      createdAt: t + acceptAfter,
      readyAt: t + acceptAfter + (restaurant.prepMin + orderRnd() * 6) * MIN,
    });
  }
  // Each hub a zone; the first BOOKED couriers booked the evening in the zone nearest their home.
  const zones = hubs.map((hub, i) => ({
    id: i + 1,
    hub,
    polygon: [
      offset(hub, -ZONE_HALF_KM, -ZONE_HALF_KM),
      offset(hub, -ZONE_HALF_KM, ZONE_HALF_KM),
      offset(hub, ZONE_HALF_KM, ZONE_HALF_KM),
      offset(hub, ZONE_HALF_KM, -ZONE_HALF_KM),
    ],
  }));
  couriers.forEach((c, i) => {
    const nearest = hubs.map((hub, z) => ({ z, d: km(hub, c.home) })).sort((a, b) => a.d - b.d)[0];
    c.bookedZoneId = i < BOOKED ? nearest.z + 1 : null;
  });
  return { restaurants, couriers, orders, zones };
}

const pct = (values, p) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** One evening under `policy` ("today" or "matching"): the figures. With `zones`, the matching knows each job's zone and each courier's booking. */
function simulate(events, policy, batching = true, zones = false) {
  const jobs = events.orders.map((o) => ({
    ...o,
    state: "pending",
    courier: null,
    offeredTo: new Map(),
    assignedAt: null,
    pickedUpAt: null,
    deliveredAt: null,
    quote: null,
  }));
  const couriers = events.couriers.map((c) => ({
    ...c,
    at: { ...c.home },
    trail: [],
    route: [],
    aboard: new Set(),
    offer: null,
    streak: 0,
    emptyKm: 0,
    idleMs: 0,
  }));
  let offers = 0;
  let accepted = 0;
  for (let now = 0; now < EVENING || jobs.some((j) => j.state !== "delivered" && j.state !== "pending"); now += TICK) {
    if (now > EVENING + 3 * 60 * MIN) break;
    // Orders placed now are quoted their arrival, as checkout would show it.
    for (const job of jobs) if (!job.quote && job.placedAt <= now) job.quote = quoteAt(job, jobs, couriers, now);
    // The restaurants accept: a job is made.
    for (const job of jobs) if (job.state === "pending" && job.createdAt <= now) job.state = "unassigned";
    // Answers to open offers.
    for (const c of couriers) {
      const offer = c.offer;
      if (!offer) continue;
      const first = offer.jobs[0];
      const expired = now >= offer.expiresAt;
      if (c.absent) {
        if (!expired) continue;
      } else if (now < offer.at + (3 + 5 * hash01(c.id, first.id, 1)) * S) continue;
      c.offer = null;
      const accepts = !c.absent && km(c.at, first.restaurant.at) <= c.maxPickupKm;
      for (const job of offer.jobs) {
        job.offeredTo.set(c.id, offer.at);
        if (accepts) {
          job.state = "assigned";
          job.courier = c;
          job.assignedAt = now;
          accepted++;
        } else job.state = "unassigned";
      }
      if (accepts) {
        c.streak = nextExpiryStreak(c.streak, "accepted");
        // Pickups first, then the drop-offs in the matching's order (the least riding that keeps each food within its cap).
        const [a, b] = offer.jobs;
        if (b) {
          const drops = offer.dropOrder?.[0] === b.id ? [b, a] : [a, b];
          a.batched = b.batched = true;
          c.route.push({ kind: "pickup", job: a }, { kind: "pickup", job: b }, { kind: "dropoff", job: drops[0] }, { kind: "dropoff", job: drops[1] });
        } else c.route.push({ kind: "pickup", job: a }, { kind: "dropoff", job: a });
      } else c.streak = nextExpiryStreak(c.streak, expired ? "expired" : "declined");
    }
    // The tick: offers.
    const waiting = jobs.filter((j) => j.state === "unassigned");
    if (waiting.length) {
      const matchJobs = waiting.map((j) => ({
        id: j.id,
        restaurantId: j.restaurant.id,
        pickup: j.restaurant.at,
        dropoff: j.dropoff,
        createdAt: j.createdAt,
        readyAt: j.readyAt,
        excluded: [...j.offeredTo].filter(([, at]) => now - at < REOFFER_MS).map(([id]) => id),
        zoneId: zones ? (j.zoneId ?? null) : null,
      }));
      const held = (c) => new Set(c.route.map((s) => s.job.id)).size;
      const free = couriers.filter((c) => !c.offer && held(c) < MAX_JOBS && (policy === "today" || (!offersPaused(c.streak) && held(c) === 0)));
      const matchCouriers = free.map((c) => ({
        id: c.id,
        at: c.at,
        previous: c.trail[0] ?? null,
        capacity: MAX_JOBS - held(c),
        busySeconds: policy === "today" ? 0 : routeSeconds(c, now),
        bookedZoneId: zones ? c.bookedZoneId : null,
      }));
      const made = policy === "today" ? todaysOffers(matchJobs, matchCouriers) : matchOffers(matchJobs, matchCouriers, now, { batching });
      const byId = new Map(waiting.map((j) => [j.id, j]));
      for (const offer of made) {
        const c = couriers.find((x) => x.id === offer.courierId);
        const offered = offer.jobIds.map((id) => byId.get(id));
        for (const job of offered) job.state = "offered";
        c.offer = { jobs: offered, at: now, expiresAt: now + OFFER_MS, dropOrder: offer.dropOrder };
        offers++;
      }
    }
    // The couriers ride.
    for (const c of couriers) {
      let step = (c.speedKmh * TICK) / 3_600_000;
      if (!c.route.length) c.idleMs += TICK;
      // A courier booked in a zone waits there: idle outside it, they ride back towards its hub.
      const zone = zones && !c.route.length && !c.offer && c.bookedZoneId ? events.zones[c.bookedZoneId - 1] : null;
      if (zone && zoneAt(c.at, [zone]) === null) {
        const left = km(c.at, zone.hub);
        const f = Math.min(1, step / left);
        c.emptyKm += left * f;
        c.at = { lat: c.at.lat + (zone.hub.lat - c.at.lat) * f, lng: c.at.lng + (zone.hub.lng - c.at.lng) * f };
      }
      while (c.route.length && step > 0) {
        const stop = c.route[0];
        const target = stop.kind === "pickup" ? stop.job.restaurant.at : stop.job.dropoff;
        const left = km(c.at, target);
        if (left > 0.01) {
          const ride = Math.min(step, left);
          if (!c.aboard.size) c.emptyKm += ride;
          const f = ride / left;
          c.at = { lat: c.at.lat + (target.lat - c.at.lat) * f, lng: c.at.lng + (target.lng - c.at.lng) * f };
          step -= ride;
          continue;
        }
        if (stop.kind === "pickup") {
          if (now < stop.job.readyAt) break;
          stop.job.pickedUpAt = Math.max(now, stop.job.readyAt);
          stop.job.state = "picked_up";
          c.aboard.add(stop.job.id);
        } else {
          stop.job.deliveredAt = now;
          stop.job.state = "delivered";
          c.aboard.delete(stop.job.id);
        }
        c.route.shift();
      }
      c.trail.push({ ...c.at });
      if (c.trail.length > 15) c.trail.shift();
    }
  }
  const delivered = jobs.filter((j) => j.deliveredAt !== null);
  const emptyKm = couriers.reduce((sum, c) => sum + c.emptyKm, 0);
  const idle = couriers.reduce((sum, c) => sum + c.idleMs, 0) / (couriers.length * Math.max(EVENING, 1));
  const minutes = (ms) => ms / MIN;
  return {
    orders: jobs.length,
    delivered: delivered.length,
    readyWait: [50, 90].map((p) =>
      minutes(
        pct(
          delivered.map((j) => Math.max(0, j.pickedUpAt - j.readyAt)),
          p,
        ),
      ),
    ),
    delivery: [50, 90].map((p) =>
      minutes(
        pct(
          delivered.map((j) => j.deliveredAt - j.placedAt),
          p,
        ),
      ),
    ),
    offersPerJob: offers / Math.max(1, accepted),
    emptyKmPerDelivery: emptyKm / Math.max(1, delivered.length),
    idleShare: idle,
    // Food ready with no courier yet: the wait the target bounds (and the operators' late pickups).
    maxCourierWait: minutes(Math.max(0, ...jobs.filter((j) => j.assignedAt !== null).map((j) => j.assignedAt - j.readyAt))),
    // The job made (the restaurant accepted) to a courier's accept: the matching takes free couriers only, so this is later.
    maxMadeToAccept: minutes(Math.max(0, ...jobs.filter((j) => j.assignedAt !== null).map((j) => j.assignedAt - j.createdAt))),
    unassigned: jobs.filter((j) => j.assignedAt === null).length,
    // Honest batching: how much longer a batched order's food rode (in the bag, pickup to drop-off) than its ride alone at its courier's speed.
    batchedExtra: [50, 90].map((p) =>
      minutes(
        pct(
          delivered.filter((j) => j.batched).map((j) => Math.max(0, j.deliveredAt - j.pickedUpAt - (km(j.restaurant.at, j.dropoff) / j.courier.speedKmh) * 3_600_000)),
          p,
        ),
      ),
    ),
    batchedShare: delivered.filter((j) => j.batched).length / Math.max(1, delivered.length),
    promises: promiseShares(delivered),
    // Jobs in a zone taken by a courier booked in that zone.
    bookedShare: (() => {
      const inZone = delivered.filter((j) => j.zoneId !== null);
      return inZone.filter((j) => j.courier.bookedZoneId === j.zoneId).length / Math.max(1, inZone.length);
    })(),
  };
}

/** The arrival checkout would quote `job` at `now` (lib/shared/delivery/arrival-quote.mjs): its kitchen's queue, the ride, the free couriers near. */
function quoteAt(job, jobs, couriers, now) {
  const queue = jobs.filter((j) => j !== job && j.restaurant === job.restaurant && j.placedAt <= now && j.readyAt > now).length;
  const couriersNear = couriers.filter((c) => !c.absent && !c.offer && !c.route.length && km(c.at, job.restaurant.at) <= QUOTE_SETTINGS.nearKm).length;
  const input = { prepMinutes: job.restaurant.prepMin, queue, km: km(job.restaurant.at, job.dropoff), couriersNear };
  const [min, max] = quoteArrival(input);
  return { input, min, max };
}

/** The share of deliveries early, inside and late against the range quoted when placed. */
function promiseShares(delivered) {
  const counts = { early: 0, inside: 0, late: 0 };
  for (const j of delivered) counts[promiseVerdict((j.deliveredAt - j.placedAt) / MIN, j.quote.min, j.quote.max)]++;
  const n = Math.max(1, delivered.length);
  if (process.env.BENCH_DISPATCH_QUOTES)
    fs.appendFileSync(process.env.BENCH_DISPATCH_QUOTES, JSON.stringify(delivered.map((j) => ({ ...j.quote.input, actual: (j.deliveredAt - j.placedAt) / MIN }))) + "\n");
  return { early: counts.early / n, inside: counts.inside / n, late: counts.late / n };
}

/** Seconds until a courier's route is done (their stops in order, waiting for food not yet ready). */
function routeSeconds(c, now) {
  let t = now;
  let from = c.at;
  for (const stop of c.route) {
    const to = stop.kind === "pickup" ? stop.job.restaurant.at : stop.job.dropoff;
    t += (km(from, to) / c.speedKmh) * 3_600_000;
    if (stop.kind === "pickup") t = Math.max(t, stop.job.readyAt);
    from = to;
  }
  return (t - now) / 1000;
}

const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : "-");
const pc = (share) => `${(share * 100).toFixed(0)}%`;
const f2 = (n) => (Number.isFinite(n) ? n.toFixed(2) : "-");

export async function runDispatch() {
  const lines = [];
  const out = (line = "") => {
    console.log(line);
    lines.push(line);
  };
  out(`Dispatch simulation: seed ${SEED}, ${COURIERS} couriers (12-20 km/h, one in eight never answers), 60 restaurants, 17:00-21:00.`);
  out(`Settings: tick ${TICK / S} s, offers ${OFFER_MS / S} s, ${MAX_JOBS} jobs a courier, the matching's speed ${MATCH_SETTINGS.speedKmh} km/h.`);
  out();
  out(
    "| rate | policy | orders | delivered | ready-to-pickup p50 / p90 (min) | delivery p50 / p90 (min) | offers per accepted job | empty km per delivery | idle share | longest ready with no courier (min) | longest job made to accepted (min) | arrival quoted: inside / early / late |",
  );
  out("|---|---|---|---|---|---|---|---|---|---|---|---|");
  const verdicts = [];
  for (const rate of RATES) {
    const events = evening(rate);
    for (const order of events.orders) order.zoneId = zoneAt(order.restaurant.at, events.zones)?.id ?? null;
    const today = simulate(events, "today");
    const matching = simulate(events, "matching");
    const unbatched = simulate(events, "matching", false);
    const zoned = simulate(events, "matching", true, true);
    for (const [name, r] of [
      ["today", today],
      ["matching", matching],
      ["matching, no batching", unbatched],
      ["matching, booked zones", zoned],
    ]) {
      out(
        `| ${rate}x | ${name} | ${r.orders} | ${r.delivered} | ${f1(r.readyWait[0])} / ${f1(r.readyWait[1])} | ${f1(r.delivery[0])} / ${f1(r.delivery[1])} | ${f2(r.offersPerJob)} | ${f2(r.emptyKmPerDelivery)} | ${(r.idleShare * 100).toFixed(0)}% | ${f1(r.maxCourierWait)} | ${f1(r.maxMadeToAccept)} | ${pc(r.promises.inside)} / ${pc(r.promises.early)} / ${pc(r.promises.late)} |`,
      );
    }
    if (rate === 1) {
      const half = matching.readyWait[1] <= today.readyWait[1] / 2;
      const empty = matching.emptyKmPerDelivery <= today.emptyKmPerDelivery * 0.85;
      const wait = matching.maxCourierWait <= 10 && matching.unassigned === 0;
      verdicts.push(
        `ready-to-pickup p90 at most half of today's: ${f1(matching.readyWait[1])} vs ${f1(today.readyWait[1])} min: ${half ? "met" : "MISSED"}`,
        `empty km per delivery at least 15% lower: ${f2(matching.emptyKmPerDelivery)} vs ${f2(today.emptyKmPerDelivery)} (${((1 - matching.emptyKmPerDelivery / today.emptyKmPerDelivery) * 100).toFixed(0)}% lower): ${empty ? "met" : "MISSED"}`,
        `a batched order's food rides at most ${MATCH_SETTINGS.batchExtraMinutes} min longer than alone (p90): ${(matching.batchedShare * 100).toFixed(0)}% of deliveries batched, extra p50 / p90 ${f1(matching.batchedExtra[0])} / ${f1(matching.batchedExtra[1])} min: ${!(matching.batchedExtra[1] > MATCH_SETTINGS.batchExtraMinutes) ? "met" : "MISSED"}`,
        `at least 80% of deliveries arrive inside the range quoted before ordering: ${pc(matching.promises.inside)} inside (${pc(matching.promises.early)} early, ${pc(matching.promises.late)} late; today's policy ${pc(today.promises.inside)}): ${matching.promises.inside >= 0.8 ? "met" : "MISSED"}`,
        `no order waits more than 10 minutes for a courier at 1x (its food ready, no courier yet): longest ${f1(matching.maxCourierWait)} min (today's ${f1(today.maxCourierWait)}), ${matching.unassigned} never assigned: ${wait ? "met" : "MISSED"}`,
        `booked couriers (${Math.min(BOOKED, COURIERS)} of ${COURIERS}, each in the zone nearest home) take a zone's jobs first: ${pc(zoned.bookedShare)} of zone jobs went to a courier booked there, ${pc(matching.bookedShare)} without the preference; delivery p90 ${f1(zoned.delivery[1])} vs ${f1(matching.delivery[1])} min, longest ready with no courier ${f1(zoned.maxCourierWait)} min: ${zoned.bookedShare > matching.bookedShare && zoned.maxCourierWait <= 10 ? "met" : "MISSED"}`,
      );
    }
  }
  out();
  for (const v of verdicts) out(`- ${v}`);
  if (process.env.BENCH_DISPATCH_LOG) fs.writeFileSync(process.env.BENCH_DISPATCH_LOG, lines.join("\n") + "\n");
}
