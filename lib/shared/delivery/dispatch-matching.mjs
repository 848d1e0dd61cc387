// @ts-check
// Dispatch as a matching (docs/architecture/dispatch-matching.md): every tick the waiting jobs
// are paired with the couriers who may take them by what each pair costs, and two jobs ride in one
// trip when they share a restaurant or the second lies on the way. Pure functions over plain data,
// no clock, no database: the server's tick (lib/server/dispatch/tick.ts) and the bench's dispatch
// simulation (bench/scenarios/dispatch.mjs) call the same ones; JSDoc types, so Node 20 runs it as
// it is.

/** @typedef {{ lat: number, lng: number }} Point */

/**
 * A job waiting for a courier.
 * @typedef {object} MatchJob
 * @property {number} id
 * @property {number | null} restaurantId
 * @property {Point} pickup
 * @property {Point} dropoff
 * @property {number} createdAt ms: when the job was made (the restaurant accepted)
 * @property {number} readyAt ms: when the food is (or will be) ready
 * @property {readonly number[]} [excluded] couriers not to offer it to (offered it lately, the customer)
 * @property {boolean} [demo] a demo restaurant's job: demo couriers take these first
 * @property {number} [avoids] the customer's saved allergies (a bitmask over ALLERGENS): never in a trip with an order containing one
 * @property {number} [contains] the allergens the order's dishes and chosen options contain (the same bitmask)
 * @property {number | null} [zoneId] the delivery zone its pickup lies in (lib/shared/delivery/zone-polygon.mjs), or none
 */

/**
 * A courier who may be offered jobs.
 * @typedef {object} MatchCourier
 * @property {number} id
 * @property {Point} at their newest position
 * @property {Point | null} [previous] where they were a little before (their direction), or null
 * @property {number} capacity how many jobs they may still take (0: none)
 * @property {number} [busySeconds] time until the jobs they hold are done (0: free)
 * @property {boolean} [demo] a demo courier the simulator rides
 * @property {number | null} [bookedZoneId] the zone they booked the running hour in (scheduled hours), or none
 * @property {number} [speedKmh] their vehicle's city speed (lib/shared/delivery/courier-onboarding.ts VEHICLE_SPEED_KMH); settings.speedKmh (a bike's) without
 */

/**
 * An offer: one job, or two riding together (`extraMinutes`: how much longer each one's food rides
 * in the bag than it would alone, by job id; `dropOrder`: the drop-offs' order).
 * @typedef {{ courierId: number, jobIds: number[], cost: number, extraMinutes?: Record<number, number>, dropOrder?: [number, number] }} MatchOffer
 */

/**
 * @typedef {object} MatchSettings
 * @property {number} speedKmh a courier's city speed over straight lines
 * @property {number} radiusKm no courier farther than this from a pickup is offered it
 * @property {number} nearKm a job is offered to couriers this close at first ...
 * @property {number} widenKmPerMinute ... and this much farther for every minute it has waited for a courier (up to radiusKm)
 * @property {number} waitWeight seconds of cost taken off a pair per second the food has waited ready (the longest waiting go first)
 * @property {number} earlyWeight cost per second a courier would stand at the restaurant before the food is ready
 * @property {number} behindWeight at most this share of the ride added when the pickup lies behind the courier's direction
 * @property {number} sameRestaurantKm two pickups this close are one restaurant
 * @property {number} batchReadyGapSeconds two jobs ride together only when their food is ready this close in time
 * @property {number} batchDetourKm the second job may add at most this much to the first one's trip
 * @property {number} batchDetourShare ... and at most this share of the second job's own trip
 * @property {number} batchExtraMinutes and neither customer's food rides more than this many minutes longer than alone
 * @property {number} bookedZoneWeight seconds taken off a pair whose courier booked the hour in the job's zone (they are offered its jobs first)
 */

/** @type {MatchSettings} */
export const MATCH_SETTINGS = {
  speedKmh: 15,
  radiusKm: 20,
  nearKm: 4,
  widenKmPerMinute: 0.1,
  waitWeight: 2,
  earlyWeight: 0.3,
  behindWeight: 0.5,
  sameRestaurantKm: 0.15,
  batchReadyGapSeconds: 6 * 60,
  batchDetourKm: 2,
  batchDetourShare: 0.6,
  batchExtraMinutes: 8,
  bookedZoneWeight: 15 * 60,
};

/** A pair of demo courier and demo job costs this much less (the demo's own couriers take its orders first). */
const DEMO_PRIORITY = 24 * 3600;
const EARTH_KM = 6371.0088;

/**
 * Great-circle distance in km (haversine; lib/shared/delivery/delivery.ts distanceKm is the same).
 * @param {Point} a
 * @param {Point} b
 */
export function km(a, b) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The cosine of the angle between the courier's direction (previous -> at) and the way to `to`;
 * null when the courier has not moved enough (50 m) to have a direction.
 * @param {MatchCourier} courier @param {Point} to
 */
export function headingCos(courier, to) {
  const prev = courier.previous;
  if (!prev || km(prev, courier.at) < 0.05 || km(courier.at, to) < 0.05) return null;
  const cos = Math.cos((courier.at.lat * Math.PI) / 180);
  const ax = (courier.at.lng - prev.lng) * cos;
  const ay = courier.at.lat - prev.lat;
  const bx = (to.lng - courier.at.lng) * cos;
  const by = to.lat - courier.at.lat;
  return (ax * bx + ay * by) / (Math.hypot(ax, ay) * Math.hypot(bx, by));
}

/**
 * Seconds `courier` rides to `to` at their speed, up to half as long again when it lies behind their direction.
 * @param {MatchCourier} courier @param {Point} to @param {MatchSettings} [settings]
 */
export function rideSeconds(courier, to, settings = MATCH_SETTINGS) {
  const cos = headingCos(courier, to);
  return (km(courier.at, to) / (courier.speedKmh ?? settings.speedKmh)) * 3600 * (cos === null ? 1 : 1 + (settings.behindWeight * (1 - cos)) / 2);
}

/**
 * What offering `job` to `courier` costs, in seconds (lower is better), or null when they may
 * not be paired: the ride to the pickup (longer when it lies behind where the courier rides),
 * plus the courier's time standing at the restaurant before the food is ready, less the time the
 * food has already waited (the longest waiting are paired first).
 * @param {MatchCourier} courier @param {MatchJob} job @param {number} now ms @param {MatchSettings} [settings]
 * @returns {number | null}
 */
export function pairCost(courier, job, now, settings = MATCH_SETTINGS) {
  if (courier.capacity < 1 || job.excluded?.includes(courier.id)) return null;
  const distance = km(courier.at, job.pickup);
  const demoPair = Boolean(courier.demo && job.demo);
  // Near couriers first, a little farther each minute nobody took it: far offers are declined.
  const reach = demoPair ? settings.radiusKm : Math.min(settings.radiusKm, settings.nearKm + (settings.widenKmPerMinute * Math.max(0, now - job.createdAt)) / 60_000);
  if (distance > reach) return null;
  const ride = rideSeconds(courier, job.pickup, settings);
  const arrives = now + (courier.busySeconds ?? 0) * 1000 + ride * 1000;
  const early = Math.max(0, job.readyAt - arrives) / 1000;
  const waited = Math.max(0, now - job.readyAt) / 1000;
  // A demo pair, and a courier booked in the job's zone this hour, go before others within reach.
  const first = (demoPair ? DEMO_PRIORITY : 0) + (job.zoneId != null && courier.bookedZoneId === job.zoneId ? settings.bookedZoneWeight : 0);
  return (courier.busySeconds ?? 0) + ride + settings.earlyWeight * early - settings.waitWeight * waited - first;
}

/**
 * How much longer a trip gets when `second` rides along with `first` (courier at `from`): both
 * pickups, then both drop-offs in the order that rides the least among those that keep each
 * customer's food within `batchExtraMinutes` of its ride alone (in the bag: the first one's food
 * also waits at the second restaurant until that food is ready). Returns the extra km over
 * `first` alone, the drop-offs' order and each food's extra minutes, or null when the two do not
 * fit together.
 * @param {Point} from
 * @param {MatchJob} first
 * @param {MatchJob} second
 * @param {MatchSettings} [settings]
 * @returns {{ extraKm: number, order: [number, number], extraMinutes: Record<number, number> } | null}
 */
export function batchDetour(from, first, second, settings = MATCH_SETTINGS) {
  if (Math.abs(first.readyAt - second.readyAt) > settings.batchReadyGapSeconds * 1000) return null;
  // A customer's allergy never rides in the bag beside a dish that holds it.
  if ((first.avoids ?? 0) & (second.contains ?? 0) || (second.avoids ?? 0) & (first.contains ?? 0)) return null;
  const pickups = km(first.pickup, second.pickup);
  const sameRestaurant = pickups <= settings.sameRestaurantKm || (first.restaurantId !== null && first.restaurantId === second.restaurantId);
  const alone = km(from, first.pickup) + km(first.pickup, first.dropoff);
  const start = km(from, first.pickup) + pickups;
  const minutes = (/** @type {number} */ distance) => (distance / settings.speedKmh) * 60;
  // The first food waits in the bag for the second to be ready, less the ride between the restaurants.
  const waitAtSecond = Math.max(0, (second.readyAt - first.readyAt) / 60_000 - minutes(pickups));
  const firstAlone = km(first.pickup, first.dropoff);
  const secondAlone = km(second.pickup, second.dropoff);
  const between = km(first.dropoff, second.dropoff);
  const routes = [
    {
      order: /** @type {[number, number]} */ ([first.id, second.id]),
      km: start + km(second.pickup, first.dropoff) + between,
      first: pickups + km(second.pickup, first.dropoff),
      second: km(second.pickup, first.dropoff) + between,
    },
    { order: /** @type {[number, number]} */ ([second.id, first.id]), km: start + secondAlone + between, first: pickups + secondAlone + between, second: secondAlone },
  ].map((route) => ({
    ...route,
    extra: { [first.id]: minutes(route.first - firstAlone) + waitAtSecond, [second.id]: Math.max(0, minutes(route.second - secondAlone)) },
  }));
  const fitting = routes.filter((route) => Math.max(route.extra[first.id] ?? 0, route.extra[second.id] ?? 0) <= settings.batchExtraMinutes).sort((a, b) => a.km - b.km);
  const best = fitting[0];
  if (!best) return null;
  const extraKm = best.km - alone;
  // On the way: the second costs the trip at most batchDetourKm more, and a good deal less than a
  // courier riding it alone would (its ride to the pickup and the trip itself).
  const limit = sameRestaurant ? settings.batchDetourKm * 1.5 : settings.batchDetourKm;
  if (extraKm > limit || (!sameRestaurant && extraKm > settings.batchDetourShare * secondAlone)) return null;
  return { extraKm, order: best.order, extraMinutes: best.extra };
}

/**
 * The tick's offers: every (courier, job) pair costed, taken cheapest first while both are free
 * (a greedy matching: each job to one courier, each courier one offer), then each offer given a
 * second job that shares its restaurant or lies on its way when the courier may take two. A job
 * is in at most one offer; a courier gets at most one offer.
 * @param {readonly MatchJob[]} jobs
 * @param {readonly MatchCourier[]} couriers
 * @param {number} now ms
 * `pairs`: the pairs costed already (the tick costs a few jobs at a time: lib/server/dispatch/offer.ts).
 * @param {{ batching?: boolean, settings?: MatchSettings, pairs?: { courier: MatchCourier, job: MatchJob, cost: number }[] }} [options]
 * @returns {MatchOffer[]}
 */
export function matchOffers(jobs, couriers, now, options = {}) {
  const settings = options.settings ?? MATCH_SETTINGS;
  const batching = options.batching ?? true;
  /** @type {{ courier: MatchCourier, job: MatchJob, cost: number }[]} */
  const pairs = options.pairs ?? [];
  if (!options.pairs)
    for (const courier of couriers) {
      for (const job of jobs) {
        const cost = pairCost(courier, job, now, settings);
        if (cost !== null) pairs.push({ courier, job, cost });
      }
    }
  pairs.sort((a, b) => a.cost - b.cost || a.job.id - b.job.id || a.courier.id - b.courier.id);
  const takenJobs = new Set();
  const takenCouriers = new Set();
  /** @type {{ courier: MatchCourier, job: MatchJob, cost: number }[]} */
  const chosen = [];
  for (const pair of pairs) {
    if (takenJobs.has(pair.job.id) || takenCouriers.has(pair.courier.id)) continue;
    takenJobs.add(pair.job.id);
    takenCouriers.add(pair.courier.id);
    chosen.push(pair);
  }
  /** @type {MatchOffer[]} */
  const offers = [];
  for (const { courier, job, cost } of chosen) {
    /** @type {MatchOffer} */
    const offer = { courierId: courier.id, jobIds: [job.id], cost };
    if (batching && courier.capacity >= 2) {
      /** @type {{ job: MatchJob, detour: NonNullable<ReturnType<typeof batchDetour>> } | null} */
      let best = null;
      for (const other of jobs) {
        if (takenJobs.has(other.id) || other.excluded?.includes(courier.id) || Boolean(other.demo) !== Boolean(job.demo)) continue;
        const detour = batchDetour(courier.at, job, other, settings);
        if (detour && (!best || detour.extraKm < best.detour.extraKm)) best = { job: other, detour };
      }
      if (best) {
        takenJobs.add(best.job.id);
        offer.jobIds.push(best.job.id);
        offer.extraMinutes = best.detour.extraMinutes;
        offer.dropOrder = best.detour.order;
      }
    }
    offers.push(offer);
  }
  return offers;
}
