import { describe, expect, it } from "vitest";
import { MATCH_SETTINGS, batchDetour, matchOffers, pairCost, type MatchCourier, type MatchJob } from "./dispatch-matching.mjs";
import { todaysOffers } from "../../../bench/scenarios/todays-offers.mjs";

// The matching's pure functions (docs/architecture/dispatch-matching.md): what a pair costs,
// several offers in one tick, two jobs in one trip.

const HERE = { lat: 37.7599, lng: -122.4148 };
/** About `km` north (positive) or south of HERE, and `eastKm` east. */
const at = (km: number, eastKm = 0) => ({ lat: HERE.lat + km / 111.32, lng: HERE.lng + eastKm / (111.32 * Math.cos((HERE.lat * Math.PI) / 180)) });
const NOW = Date.UTC(2026, 10, 27, 18, 0, 0);
const MIN = 60_000;

const job = (id: number, over: Partial<MatchJob> = {}): MatchJob => ({
  id,
  restaurantId: id,
  pickup: at(0),
  dropoff: at(2),
  createdAt: NOW - 5 * MIN,
  readyAt: NOW,
  ...over,
});
const courier = (id: number, position: { lat: number; lng: number }, over: Partial<MatchCourier> = {}): MatchCourier => ({ id, at: position, capacity: 2, ...over });

describe("what a pair costs", () => {
  it("grows with the courier's distance to the pickup", () => {
    const near = pairCost(courier(1, at(0.01)), job(1), NOW)!;
    const far = pairCost(courier(2, at(3.5)), job(1), NOW)!;
    expect(near).toBeLessThan(far);
    expect(far - near).toBeGreaterThan(800); // 3.5 km at 15 km/h: 14 minutes
  });

  it("takes off the time the food has waited, so the longest waiting are paired first", () => {
    const c = courier(1, at(1));
    expect(pairCost(c, job(1, { readyAt: NOW - 10 * MIN }), NOW)!).toBeLessThan(pairCost(c, job(2, { readyAt: NOW }), NOW)!);
    // A courier who would stand at the restaurant for 20 minutes costs more than one arriving as the food is ready.
    expect(pairCost(c, job(3, { readyAt: NOW + 20 * MIN }), NOW)!).toBeGreaterThan(pairCost(c, job(4, { readyAt: NOW + 4 * MIN }), NOW)!);
  });

  it("costs more when the pickup lies behind where the courier rides", () => {
    const towards = courier(1, at(1), { previous: at(1.5) }); // riding south, towards the pickup
    const away = courier(2, at(1), { previous: at(0.5) }); // riding north, away from it
    expect(pairCost(towards, job(1), NOW)!).toBeLessThan(pairCost(away, job(1), NOW)!);
  });

  it("reaches near couriers first, a little farther each minute nobody took the job", () => {
    expect(pairCost(courier(1, at(5)), job(1, { createdAt: NOW }), NOW)).toBeNull();
    expect(pairCost(courier(1, at(5)), job(1, { createdAt: NOW - 15 * MIN }), NOW)).not.toBeNull();
  });

  it("is null beyond the radius, for an excluded courier and for one who may take nothing", () => {
    expect(pairCost(courier(1, at(25)), job(1), NOW)).toBeNull();
    expect(pairCost(courier(1, at(1)), job(1, { excluded: [1] }), NOW)).toBeNull();
    expect(pairCost(courier(1, at(1), { capacity: 0 }), job(1), NOW)).toBeNull();
  });
});

describe("the tick's matching", () => {
  it("offers several jobs to several couriers at once, by cost rather than age", () => {
    // The oldest job is 5 km away; a courier stands 10 m from a newer one.
    const jobs = [job(1, { pickup: at(5), dropoff: at(7), createdAt: NOW - 20 * MIN }), job(2, { pickup: at(0), createdAt: NOW - MIN })];
    const couriers = [courier(10, at(0.01)), courier(11, at(5.2))];
    const offers = matchOffers(jobs, couriers, NOW, { batching: false });
    expect(offers.map((o) => [o.courierId, o.jobIds])).toEqual(
      expect.arrayContaining([
        [10, [2]],
        [11, [1]],
      ]),
    );
    expect(offers).toHaveLength(2);
    // Today's policy gives the courier at the door the oldest job, 5 km away.
    expect(todaysOffers(jobs, [courier(10, at(0.01))])).toEqual([{ courierId: 10, jobIds: [1], cost: expect.any(Number) }]);
  });

  it("never offers one job to two couriers, nor a courier two offers", () => {
    const jobs = Array.from({ length: 12 }, (_, i) => job(i + 1, { pickup: at(i * 0.3, i * 0.2), dropoff: at(i * 0.3 + 3, -2), restaurantId: i + 1 }));
    const couriers = Array.from({ length: 7 }, (_, i) => courier(100 + i, at(i * 0.5, 1)));
    const offers = matchOffers(jobs, couriers, NOW);
    const jobIds = offers.flatMap((o) => o.jobIds);
    expect(new Set(jobIds).size).toBe(jobIds.length);
    expect(new Set(offers.map((o) => o.courierId)).size).toBe(offers.length);
    expect(offers.every((o) => o.jobIds.length <= 2)).toBe(true);
    expect(offers).toHaveLength(7);
  });

  it("rides two orders of one restaurant together when the courier may take two", () => {
    const jobs = [job(1, { restaurantId: 5, dropoff: at(2) }), job(2, { restaurantId: 5, dropoff: at(2.5, 0.3), readyAt: NOW + 2 * MIN })];
    expect(matchOffers(jobs, [courier(10, at(0.5))], NOW)).toEqual([
      { courierId: 10, jobIds: [1, 2], cost: expect.any(Number), extraMinutes: { 1: expect.any(Number), 2: expect.any(Number) }, dropOrder: [1, 2] },
    ]);
    // Not with one place left, nor without batching, nor when their food is ready far apart in time.
    expect(matchOffers(jobs, [courier(10, at(0.5), { capacity: 1 })], NOW)[0].jobIds).toEqual([1]);
    expect(matchOffers(jobs, [courier(10, at(0.5))], NOW, { batching: false })[0].jobIds).toEqual([1]);
    expect(matchOffers([jobs[0], { ...jobs[1], readyAt: NOW + 30 * MIN }], [courier(10, at(0.5))], NOW)[0].jobIds).toEqual([1]);
  });

  it("rides two orders together only while neither customer's food rides more than batchExtraMinutes longer than alone", () => {
    // One restaurant; the second food is ready 5 minutes after the first, which waits for it in the bag.
    const first = job(1, { restaurantId: 5, dropoff: at(2) });
    const second = job(2, { restaurantId: 5, dropoff: at(2.5, 0.3), readyAt: NOW + 5 * MIN });
    const together = batchDetour(at(0.5), first, second)!;
    expect(together.order).toEqual([1, 2]);
    expect(together.extraMinutes[1]).toBeCloseTo(5, 5);
    expect(together.extraMinutes[2]).toBeLessThan(1);
    const tighter = { ...MATCH_SETTINGS, batchExtraMinutes: 4 };
    expect(batchDetour(at(0.5), first, second, tighter)).toBeNull();
    expect(matchOffers([first, second], [courier(10, at(0.5))], NOW, { settings: tighter })[0]!.jobIds).toEqual([1]);
    // Drop-offs on opposite sides: whichever goes second rides 12 minutes longer. The detour's km alone would let them (a wide limit here): the cap does not.
    const north = job(3, { restaurantId: 6, dropoff: at(1.5) });
    const south = job(4, { restaurantId: 6, dropoff: at(-1.5) });
    const wide = { ...MATCH_SETTINGS, batchDetourKm: 10 };
    expect(batchDetour(at(0), north, south, wide)).toBeNull();
    expect(batchDetour(at(0), north, south, { ...wide, batchExtraMinutes: 30 })!.extraMinutes[4]).toBeCloseTo(12, 1);
  });

  it("never rides a customer's saved allergy beside an order that contains it", () => {
    const PEANUTS = 1 << 10;
    const allergic = job(1, { restaurantId: 5, dropoff: at(2), avoids: PEANUTS });
    const satay = job(2, { restaurantId: 5, dropoff: at(2.5, 0.3), contains: PEANUTS });
    const plain = job(3, { restaurantId: 5, dropoff: at(2.5, 0.3), contains: 1 << 6 });
    expect(batchDetour(at(0.5), allergic, satay)).toBeNull();
    expect(batchDetour(at(0.5), satay, allergic)).toBeNull();
    expect(batchDetour(at(0.5), allergic, plain)).not.toBeNull();
    expect(matchOffers([allergic, satay], [courier(10, at(0.5))], NOW)[0]!.jobIds).toEqual([1]);
  });

  it("takes a second restaurant's order when it lies on the way, and not the other way", () => {
    const first = job(1, { pickup: at(0), dropoff: at(4) });
    const onTheWay = job(2, { pickup: at(0.3), dropoff: at(3.8, 0.3) });
    const opposite = job(3, { pickup: at(0.3), dropoff: at(-4) });
    expect(batchDetour(at(-0.5), first, onTheWay)).toMatchObject({ order: [2, 1] }); // its drop-off comes first;
    expect(batchDetour(at(-0.5), first, onTheWay)!.extraKm).toBeLessThan(1);
    expect(batchDetour(at(-0.5), first, opposite)).toBeNull();
    expect(matchOffers([first, opposite], [courier(10, at(-0.5))], NOW)[0].jobIds).toEqual([1]);
  });

  it("gives a demo courier the demo restaurant's order first", () => {
    const jobs = [job(1, { pickup: at(0) }), job(2, { pickup: at(3), dropoff: at(5), demo: true })];
    const offers = matchOffers(jobs, [courier(10, at(0), { demo: true, capacity: 1 }), courier(11, at(0.2), { capacity: 1 })], NOW);
    expect(offers).toEqual(
      expect.arrayContaining([
        { courierId: 10, jobIds: [2], cost: expect.any(Number) },
        { courierId: 11, jobIds: [1], cost: expect.any(Number) },
      ]),
    );
  });
});

describe("couriers booked in the job's zone", () => {
  it("are offered its job first, over a nearer courier without a block there", () => {
    const booked = courier(1, at(2.5), { bookedZoneId: 7 });
    const nearer = courier(2, at(0.3));
    const inZone = job(1, { zoneId: 7 });
    expect(matchOffers([inZone], [nearer, booked], NOW).map((o) => o.courierId)).toEqual([1]);
    // A block in another zone counts for nothing: the nearer courier is offered it.
    expect(matchOffers([inZone], [nearer, courier(1, at(2.5), { bookedZoneId: 8 })], NOW).map((o) => o.courierId)).toEqual([2]);
    // Beyond the job's reach, a booking does not bring them in.
    expect(pairCost(courier(1, at(6), { bookedZoneId: 7 }), inZone, NOW)).toBeNull();
  });
});
