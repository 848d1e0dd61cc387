import { afterEach, describe, expect, it, vi } from "vitest";
import { arrivalWindow, pickupEstimateMinutes, pickupEstimateText, rideMinutes, runningLate, type ArrivalInput, type CourierFacts } from "./arrival";

const placed = new Date("2026-11-22T02:00:00Z");

describe("estimated arrival", () => {
  it("is 20-35 minutes after placing for standard delivery", () => {
    expect(arrivalWindow({ status: "Submitted", deliveryOption: "standard", scheduledFor: null, submittedAt: placed })).toEqual({
      from: "2026-11-22T02:20:00.000Z",
      to: "2026-11-22T02:35:00.000Z",
      scheduled: false,
    });
  });

  it("is 15-30 minutes after placing for priority delivery", () => {
    const window = arrivalWindow({ status: "Submitted", deliveryOption: "priority", scheduledFor: null, submittedAt: placed });
    expect([window?.from, window?.to]).toEqual(["2026-11-22T02:15:00.000Z", "2026-11-22T02:30:00.000Z"]);
  });

  it("is the booked 30-minute slot for a scheduled order", () => {
    const slot = new Date("2026-11-23T01:00:00Z");
    expect(arrivalWindow({ status: "Submitted", deliveryOption: "schedule", scheduledFor: slot, submittedAt: placed })).toEqual({
      from: "2026-11-23T01:00:00.000Z",
      to: "2026-11-23T01:30:00.000Z",
      scheduled: true,
    });
  });

  it("is absent for an order at checkout, canceled or completed", () => {
    for (const status of ["Active", "Canceled", "Completed"]) {
      expect(arrivalWindow({ status, deliveryOption: "standard", scheduledFor: null, submittedAt: placed })).toBeNull();
    }
  });
});

describe("estimated arrival once accepted", () => {
  const readyAt = new Date("2026-11-22T02:20:00Z");
  const accepted = { status: "Submitted", scheduledFor: null, submittedAt: placed, estimatedReadyAt: readyAt, deliveryMinutes: 30 };

  it("ends the restaurant's delivery time after the kitchen's ready time, a 10-minute window", () => {
    expect(arrivalWindow({ ...accepted, deliveryOption: "standard" })).toEqual({
      from: "2026-11-22T02:40:00.000Z",
      to: "2026-11-22T02:50:00.000Z",
      scheduled: false,
    });
  });

  it("is 5 minutes sooner for priority delivery", () => {
    const window = arrivalWindow({ ...accepted, deliveryOption: "priority" });
    expect([window?.from, window?.to]).toEqual(["2026-11-22T02:35:00.000Z", "2026-11-22T02:45:00.000Z"]);
  });

  it("stays the booked slot for a scheduled order", () => {
    const slot = new Date("2026-11-23T01:00:00Z");
    expect(arrivalWindow({ ...accepted, deliveryOption: "schedule", scheduledFor: slot })?.from).toBe("2026-11-23T01:00:00.000Z");
  });
});

describe("pickup window", () => {
  it("is the restaurant's pickup estimate after placing: half its delivery time, rounded to 5 minutes, at least 10", () => {
    expect(pickupEstimateMinutes(30)).toEqual([15, 20]);
    expect(pickupEstimateMinutes(45)).toEqual([25, 30]);
    expect(pickupEstimateMinutes(15)).toEqual([10, 15]);
    expect(pickupEstimateMinutes(null)).toEqual([15, 20]);
    expect(pickupEstimateText(20)).toBe("10-15 min");
    const window = arrivalWindow({ status: "Submitted", deliveryOption: "pickup", scheduledFor: null, submittedAt: placed, deliveryMinutes: 40 });
    expect(window).toEqual({ from: "2026-11-22T02:20:00.000Z", to: "2026-11-22T02:25:00.000Z", scheduled: false });
  });

  it("is the kitchen's ready time to 10 minutes after, once accepted (no courier leg)", () => {
    const readyAt = new Date("2026-11-22T02:10:00Z");
    const window = arrivalWindow({
      status: "Submitted",
      deliveryOption: "pickup",
      scheduledFor: null,
      submittedAt: placed,
      estimatedReadyAt: readyAt,
      deliveryMinutes: 30,
    });
    expect(window).toEqual({ from: "2026-11-22T02:10:00.000Z", to: "2026-11-22T02:20:00.000Z", scheduled: false });
  });

  it("is the booked slot for a scheduled pickup", () => {
    const slot = new Date("2026-11-23T01:00:00Z");
    expect(arrivalWindow({ status: "Submitted", deliveryOption: "pickup", scheduledFor: slot, submittedAt: placed })).toEqual({
      from: "2026-11-23T01:00:00.000Z",
      to: "2026-11-23T01:30:00.000Z",
      scheduled: true,
    });
  });
});

// One estimate from the kitchen's prep time and the courier's progress, that moves
// only with a new fact. Placed 22:02 (UTC here); the restaurant and the door 2.5 km apart.
describe("the one estimate: each fact moves it, nothing else does", () => {
  const at = (hhmm: string) => new Date(`2026-11-22T${hhmm}:00Z`);
  const restaurant = { lat: 37.7749, lng: -122.4194 };
  const dropoff = { lat: 37.7974, lng: -122.4194 }; // 2.5 km north: a 10-minute ride
  const north = (km: number) => ({ lat: restaurant.lat + km / 111.2, lng: restaurant.lng });
  const job = (facts: Partial<CourierFacts> = {}): CourierFacts => ({ state: "unassigned", restaurant, dropoff, ...facts });
  const placedOrder: ArrivalInput = { status: "Submitted", deliveryOption: "standard", scheduledFor: null, submittedAt: at("22:02"), deliveryMinutes: 30 };
  const accepted: ArrivalInput = { ...placedOrder, estimatedReadyAt: at("22:17"), courier: job() };
  const window = (input: ArrivalInput) => {
    const found = arrivalWindow(input);
    return found && `${found.from.slice(11, 16)}-${found.to.slice(11, 16)}`;
  };
  afterEach(() => void vi.useRealTimers());

  it("rides the restaurant-to-door distance at a bike's speed", () => {
    expect(rideMinutes(restaurant, dropoff)).toBe(10);
  });

  it("placed: the spec's 20-35 min after placing; accepted: the kitchen's ready time, then the ride, a 10-minute window", () => {
    expect(window(placedOrder)).toBe("22:22-22:37");
    expect(window(accepted)).toBe("22:27-22:37");
  });

  it("a prep change (+5) moves it by 5 minutes", () => {
    expect(window({ ...accepted, estimatedReadyAt: at("22:22") })).toBe("22:32-22:42");
  });

  it("marked ready early moves it earlier; late, later", () => {
    expect(window({ ...accepted, readyAt: at("22:10") })).toBe("22:20-22:30");
    expect(window({ ...accepted, readyAt: at("22:25") })).toBe("22:35-22:45");
  });

  it("a courier farther than the food is ready moves it later; one at the door of the restaurant does not", () => {
    // 5 km away at 22:10: 20 minutes to the restaurant, there at 22:30, at the door 22:40.
    expect(window({ ...accepted, courier: job({ state: "assigned", position: { point: north(-5), at: at("22:10") } }) })).toBe("22:40-22:50");
    // 10 m away once the food is ready at 22:10: the food leaves at once.
    const near = job({ state: "assigned", position: { point: north(0.01), at: at("22:10") } });
    expect(window({ ...accepted, readyAt: at("22:10"), courier: near })).toBe("22:21-22:31");
    // Arrived at the restaurant at 22:20, the food ready at 22:17: it leaves at 22:20.
    expect(window({ ...accepted, courier: job({ state: "at_pickup", arrivedAt: at("22:20") }) })).toBe("22:30-22:40");
  });

  it("picked up when expected: the window keeps its start (no jump), then follows the courier's positions", () => {
    const before = arrivalWindow({ ...accepted, courier: job({ state: "at_pickup", arrivedAt: at("22:12") }) })!;
    const picked = arrivalWindow({ ...accepted, courier: job({ state: "picked_up", pickedUpAt: at("22:17") }) })!;
    expect(picked.from).toBe(before.from);
    expect(window({ ...accepted, courier: job({ state: "picked_up", pickedUpAt: at("22:17") }) })).toBe("22:27-22:29");
    // Halfway (1.25 km from the door) at 22:25: 5 minutes left.
    const halfway = job({ state: "picked_up", pickedUpAt: at("22:17"), position: { point: north(1.25), at: at("22:25") } });
    expect(window({ ...accepted, courier: halfway })).toBe("22:30-22:32");
    // A position from before the pickup says nothing of the ride.
    const stale = job({ state: "picked_up", pickedUpAt: at("22:17"), position: { point: north(-3), at: at("22:15") } });
    expect(window({ ...accepted, courier: stale })).toBe("22:27-22:29");
  });

  it("nothing else moves it: the same facts give the same window at any hour, and a passed window is running late", () => {
    const facts: ArrivalInput = { ...accepted, courier: job({ state: "assigned", position: { point: north(-1), at: at("22:05") } }) };
    vi.useFakeTimers();
    vi.setSystemTime(at("22:05"));
    const early = arrivalWindow(facts);
    vi.setSystemTime(at("23:30"));
    expect(arrivalWindow(facts)).toEqual(early);
    // A courier still searching, or the restaurant's delivery time, change nothing once there is a job.
    expect(window({ ...accepted, courier: job({ state: "offered" }), deliveryMinutes: 60 })).toBe(window(accepted));
    expect(runningLate(early, at("22:36"))).toBe(false);
    expect(runningLate(early, at("22:38"))).toBe(true);
    expect(runningLate(null, at("23:59"))).toBe(false);
  });

  it("a pickup order and a scheduled one ignore a courier's facts until the food is carried", () => {
    const pickup: ArrivalInput = { ...accepted, deliveryOption: "pickup", courier: job({ state: "picked_up", pickedUpAt: at("22:17") }) };
    expect(window(pickup)).toBe("22:17-22:27");
    const slot = at("23:00");
    const scheduled: ArrivalInput = {
      ...accepted,
      deliveryOption: "schedule",
      scheduledFor: slot,
      courier: job({ state: "assigned", position: { point: north(-5), at: at("22:10") } }),
    };
    expect(window(scheduled)).toBe("23:00-23:30");
    expect(window({ ...scheduled, courier: job({ state: "picked_up", pickedUpAt: at("22:50") }) })).toBe("23:00-23:02");
  });
});
