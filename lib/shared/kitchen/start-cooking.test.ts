import { describe, expect, it } from "vitest";
import type { OrderDelivery } from "../delivery/delivery";
import { aimedArrival } from "../delivery/dispatch-timing.mjs";
import { courierArrival, startCookingCue } from "./start-cooking";

const NOW = Date.parse("2026-11-20T20:00:00Z");
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const job = (state: NonNullable<OrderDelivery>["state"], distanceKm?: number): OrderDelivery => ({
  state,
  gaveUp: false,
  arrivedAt: null,
  failureReason: null,
  restaurant: { lat: 40.74, lng: -73.99 },
  dropoff: { lat: 40.73, lng: -73.98 },
  ...(distanceKm === undefined ? {} : { distanceKm }),
});

describe("startCookingCue: when to start cooking so the food meets the courier", () => {
  it("is off without the setting", () => {
    expect(startCookingCue(null, job("assigned", 5), at(20), NOW)).toBeNull();
  });

  it("counts down to the courier being N minutes away, from their position by the customer's model", () => {
    // 5 km at a bike's speed is 20 minutes: with 8 minutes' lead, start in 12.
    expect(startCookingCue(8, job("assigned", 5), at(30), NOW, undefined, "Luis")).toEqual({
      inMinutes: 12,
      text: "Start cooking in ~12 min",
      why: "(Luis arrives in about 20 min)",
    });
    // The courier moved closer: the cue follows the courier, not the ready time.
    expect(startCookingCue(8, job("assigned", 2.5), at(30), NOW)?.text).toBe("Start cooking in ~2 min");
    expect(startCookingCue(8, job("assigned", 1.25), at(30), NOW)?.text).toBe("Start cooking now");
  });

  it("with the courier at the restaurant: they are waiting, start now (no 'when the courier is 8 min away' beside 'Luis arrived')", () => {
    expect(startCookingCue(8, job("at_pickup"), at(30), NOW, undefined, "Luis")).toEqual({ inMinutes: 0, text: "Luis is waiting: start cooking now", why: null });
  });

  it("before a courier is on the way (or without a position), times the start to the arrival dispatch aims at: the ready time the kitchen promised", () => {
    expect(startCookingCue(10, job("unassigned"), at(25), NOW)).toEqual({ inMinutes: 15, text: "Start cooking in ~15 min", why: "(when the courier is 10 min away)" });
    // Dispatch offers the job so the courier arrives with the food (lib/shared/delivery/dispatch-timing.mjs): the cue counts from the same instant.
    expect(courierArrival(job("unassigned"), at(25), NOW)).toEqual({ at: aimedArrival(Date.parse(at(25)), NOW), courier: "aimed" });
    expect(courierArrival(job("offered"), at(-3), NOW)?.at).toBe(NOW);
    expect(startCookingCue(10, job("offered"), at(25), NOW)?.text).toBe("Start cooking in ~15 min");
    expect(startCookingCue(10, job("assigned"), at(25), NOW)?.text).toBe("Start cooking in ~15 min");
    // The restaurant's own delivery (no courier job).
    expect(startCookingCue(10, undefined, at(25), NOW)?.text).toBe("Start cooking in ~15 min");
    // A part of a minute counts as a whole one: never later than the lead.
    expect(startCookingCue(10, undefined, new Date(NOW + 10.5 * 60_000).toISOString(), NOW)?.text).toBe("Start cooking in ~1 min");
    expect(startCookingCue(30, undefined, at(25), NOW)?.text).toBe("Start cooking now");
    expect(startCookingCue(10, undefined, null, NOW)).toBeNull();
  });

  it("says nothing once the courier has the food", () => {
    expect(startCookingCue(10, job("picked_up"), at(25), NOW)).toBeNull();
    expect(startCookingCue(10, job("failed"), at(25), NOW)).toBeNull();
  });
});
